import HostFiles
import LV2Host
import XCTest

/// Asserts that `expression` throws a `HostError` with exactly `message`.
public func XCTAssertThrowsMessage<T>(_ expression: @autoclosure () throws -> T, _ message: String,
                                      _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(try expression(), context, file: file, line: line) { error in
        guard let error = error as? HostError else {
            return XCTFail("\(error) is not a HostError \(context)", file: file, line: line)
        }
        XCTAssertEqual(error.description, message, context, file: file, line: line)
    }
}
