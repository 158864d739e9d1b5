import XCTest

/// `XCTUnwrap` for the non-copyable engine types: the value, or a failed test.
func unwrap<Value: ~Copyable>(
    _ value: consuming Value?, _ what: String, file: StaticString = #filePath, line: UInt = #line
) throws -> Value {
    switch consume value {
    case .some(let made): return made
    case .none:
        XCTFail("could not make \(what)", file: file, line: line)
        throw XCTSkip("could not make \(what)")
    }
}
