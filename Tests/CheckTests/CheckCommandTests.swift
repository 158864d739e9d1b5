import Foundation
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
                      "sloppy-host", "real-time", "leaks", "input-buffers", "latency", "state"] {
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
}
