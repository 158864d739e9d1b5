import Foundation
import LV2TestKit
import TestSupport
import XCTest

/// The test kit's checks on planted faults: a test that calls `assertPassesChecks` fails
/// with the check's name and what it found, as `lv2render check` prints them.
final class TestKitCheckTests: XCTestCase {
    private func plugin(_ fault: FaultyPlugins) throws -> LV2TestPlugin {
        try LV2TestPlugin(bundle: FaultyPlugins.lv2Directory() + "/faulty.lv2", uri: fault.uri, sources: nil)
    }

    /// An allocation in run() is found by RTProbe in the test executable's own child.
    func testAnAllocationInRunFailsTheRealTimeCheckWithItsDetail() throws {
        let failures = try plugin(.allocatesInRun).checkFailures(only: [.realTime])
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.hasPrefix(FaultyPlugins.allocatesInRun.uri + " fails the check real-time: ") ?? false, "\(failures)")
        XCTAssertTrue(failures.first?.contains("alloc") ?? false, "\(failures)")
    }

    /// A crash fails its check (the child's), not the test process.
    func testACrashFailsItsCheckAndTheTestGoesOn() throws {
        let failures = try plugin(.crashesOnRunZero).checkFailures(only: [.lifecycle])
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertTrue(failures.first?.contains("crashed (SIGSEGV)") ?? false, "\(failures)")
    }

    /// The clean plugin passes.
    func testACleanPluginPasses() throws {
        try plugin(.clean).assertPassesChecks()
    }
}
