import TestSupport
import XCTest

/// The test helpers themselves: a hanging program must not hang the test run.
final class CommandTests: XCTestCase {
    func testProgramThatHangsIsStoppedWithAClearError() throws {
        let start = Date()
        XCTAssertThrowsError(try runCommand("sleep", ["30"], timeout: 0.5)) { error in
            XCTAssertEqual("\(error)", "sleep 30 did not finish within 0.5 s and was stopped.")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(try runCommand("sh", ["-c", "echo done; exit 3"], timeout: 10).standardOutput, "done\n")
    }
}
