import Foundation
import TestSupport
import XCTest

/// `reload`: what a host that frees a plugin's last instance (lilv unloads the library) and
/// makes another does; the other checks keep the library loaded, so only `reload` fails.
final class ReloadCheckTests: XCTestCase {
    func testALibraryThatCannotBeLoadedAgainFailsReloadAndNothingElse() throws {
        let uri = MisbehavingPlugins.notSafeToReload.uri
        let reload = try CheckRun(uri, ["--seed", "1", "--only", "reload"], misbehaving: true)
        XCTAssertEqual(reload.status, 1)
        XCTAssertEqual(try reload.entry("reload").detail,
                       "aborted (SIGABRT) while instantiating after every instance was freed and the library unloaded and loaded again (load 2 of 4)")
        let others = try CheckRun(uri, ["--seed", "1", "--only", "rates", "lifecycle", "leaks"], misbehaving: true)
        XCTAssertEqual(others.lines("fail"), [])
    }

    func testALibraryThatReloadsPasses() throws {
        let run = try CheckRun(FaultyPlugins.clean.uri, ["--seed", "1", "--only", "reload"])
        XCTAssertEqual(try run.entry("reload").result, "pass")
        XCTAssertEqual(try run.entry("reload").detail, "4 loads, every instance freed and the library unloaded in between")
    }
}

/// `sloppy-host` blames the headers only when two clean instances agree.
final class SloppyHostClaimTests: XCTestCase {
    func testTwoCleanInstancesThatDifferLeaveNoClaim() throws {
        let run = try CheckRun(MisbehavingPlugins.differsPerInstance.uri, ["--seed", "1", "--only", "sloppy-host"], misbehaving: true)
        let entry = try run.entry("sloppy-host")
        XCTAssertEqual(entry.result, "skip")
        XCTAssertTrue(entry.detail.hasPrefix("two instances with clean headers already differ (largest deviation"), entry.detail)
    }
}
