import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import TestSupport
import XCTest

/// The command line: the table, the seed and its replay, the exit statuses.
final class CheckCommandTests: XCTestCase {
    func testTableNamesEveryCheckAndTheSeed() throws {
        let result = try LV2RenderTool.run(["check", "urn:swiftlv2:sine-synth", "--quick", "--seed", "42"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "SwiftLV2 Sine Synth (urn:swiftlv2:sine-synth), seed 42, quick")
        for check in ["metadata", "rates", "lifecycle", "determinism", "hostile-audio", "hostile-controls", "hostile-midi",
                      "sloppy-host", "real-time", "leaks", "reload", "input-buffers", "latency", "state", "random-state", "foreign-state",
                      "state-during-run", "cost"] {
            XCTAssertTrue(lines.contains { $0.hasPrefix(check + " ") }, "a row for \(check)")
        }
        XCTAssertTrue(lines.last?.hasSuffix("replay with --seed 42 --quick") == true, lines.last ?? "")
    }

    func testTheSameSeedReplaysTheSameRun() throws {
        let first = try CheckRun(FaultyPlugins.glitchesAtBlockStart.uri, ["--seed", "7", "--only", "determinism", "real-time"])
        let second = try CheckRun(FaultyPlugins.glitchesAtBlockStart.uri, ["--seed", "7", "--only", "determinism", "real-time"])
        XCTAssertEqual(first.seed, 7)
        XCTAssertEqual(first.results.map(\.detail), second.results.map(\.detail))
        XCTAssertEqual(first.results.map(\.check), ["determinism", "real-time"])
    }

    func testWithoutASeedOneIsChosenAndPrinted() throws {
        let run = try CheckRun(FaultyPlugins.clean.uri, ["--only", "metadata"])
        XCTAssertGreaterThan(run.seed, 0)
    }

    func testUsageErrorsExitWithStatusTwo() throws {
        let cases: [([String], String)] = [
            (["check", "urn:swiftlv2:sine-synth", "--only", "everything"], "--only takes check names"),
            (["check", "urn:swiftlv2:sine-synth", "--timeout", "0"], "--timeout takes seconds"),
            (["check"], "Missing expected argument"),
        ]
        for (arguments, message) in cases {
            let result = try LV2RenderTool.run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, "one sentence: \(result.standardError)")
        }
    }

    func testTheWorkerCommandIsHiddenFromHelp() throws {
        let help = try LV2RenderTool.run(["--help"]).standardOutput
        XCTAssertTrue(help.contains("check"))
        XCTAssertFalse(help.contains("check-worker"))
    }

    private func check(_ arguments: [String]) throws -> CommandResult {
        try LV2RenderTool.run(["check"] + arguments, extraLV2Directories: [FaultyPlugins.lv2Directory()])
    }

    /// Several URIs in one command: each plugin's table, then one row per plugin and the totals.
    func testSeveralURIsEndWithASummaryTable() throws {
        let result = try check([FaultyPlugins.clean.uri, FaultyPlugins.nanAtMaximum.uri, "--quick", "--seed", "1",
                                "--only", "metadata", "hostile-controls"])
        XCTAssertEqual(result.status, 1, "one of them failed: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("plugin ") && $0.hasSuffix("verdict") }, result.standardOutput)
        XCTAssertTrue(lines[header + 1].hasPrefix(FaultyPlugins.clean.uri + " ") && lines[header + 1].hasSuffix("PASS"), lines[header + 1])
        XCTAssertTrue(lines[header + 2].hasPrefix(FaultyPlugins.nanAtMaximum.uri + " ") && lines[header + 2].hasSuffix("FAIL"), lines[header + 2])
        XCTAssertTrue(lines[header + 3].hasPrefix("2 plugins: 1 failed, 0 warned, 1 passed (level default)"), lines[header + 3])
    }

    /// A bundle folder stands for every plugin in it; --json then gives one object with a report per plugin.
    func testABundleFolderChecksEachOfItsPlugins() throws {
        let bundle = try FaultyPlugins.lv2Directory() + "/faulty.lv2"
        let result = try check([bundle, "--quick", "--seed", "1", "--only", "metadata", "--json"])
        struct Reports: Decodable {
            struct Report: Decodable { let uri: String }
            let failed: Bool
            let plugins: [Report]
        }
        let reports = try JSONDecoder().decode(Reports.self, from: Data(result.standardOutput.utf8))
        XCTAssertEqual(reports.plugins.map(\.uri), FaultyPlugins.allCases.map(\.uri).sorted())
        XCTAssertTrue(reports.failed, "the plugin whose binary is missing fails metadata")
        XCTAssertEqual(result.status, 1)
    }

    /// --junit writes JUnit XML: a test suite per plugin, a test case per check, FAILs as failures.
    func testJUnitReportHasASuitePerPluginAndACasePerCheck() throws {
        let folder = TemporaryFolder()
        let file = folder.path("check.xml")
        let result = try check([FaultyPlugins.nanAtMaximum.uri, FaultyPlugins.clean.uri, "--quick", "--seed", "1",
                                "--only", "metadata", "hostile-controls", "--junit", file])
        XCTAssertEqual(result.status, 1)
        let xml = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"<testsuites name="lv2render check" tests="4" failures="1""#), xml)
        XCTAssertTrue(xml.contains(#"<testsuite name="\#(FaultyPlugins.nanAtMaximum.uri)" tests="2" failures="1" skipped="0""#), xml)
        XCTAssertTrue(xml.contains(#"<testcase classname="\#(FaultyPlugins.clean.uri)" name="hostile-controls""#), xml)
        XCTAssertTrue(xml.contains(#"<failure message="with gain at its maximum (2), moved there from 0 while running, output 0 frame 256 is nan"#), xml)
        let parser = XMLParser(data: Data(xml.utf8))
        XCTAssertTrue(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
    }

    /// The exit status follows the level: a strict finding is a warning (0) by default, a FAIL (1) with --strict.
    func testTheExitStatusFollowsTheLevel() throws {
        let arguments = [FaultyPlugins.trustsItsGain.uri, "--quick", "--seed", "1", "--only", "hostile-controls"]
        XCTAssertEqual(try check(arguments).status, 0)
        let strict = try check(arguments + ["--strict"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.standardOutput.contains("replay with --seed 1 --quick --strict"), strict.standardOutput)
    }
}
