import XCTest

/// Our plugins and the LV2 book's examples (lv2-examples, which `make test-deps`
/// installs) pass every check, or skip it for a stated reason.
final class KnownPluginTests: XCTestCase {
    func testOurPluginsPassEveryCheckThatApplies() throws {
        for uri in ["urn:swiftlv2:sine-synth", "urn:swiftlv2:rate-adapter"] {
            let run = try CheckRun(uri, ["--seed", "1"])
            XCTAssertEqual(run.status, 0, uri)
            XCTAssertEqual(run.lines("fail") + run.lines("warn"), [], uri)
            XCTAssertEqual(try run.entry("real-time").result, "pass", "\(uri): the probe really ran")
        }
        let adapter = try CheckRun("urn:swiftlv2:rate-adapter", ["--seed", "2"])
        XCTAssertEqual(try adapter.entry("latency").result, "pass", "the reported latency is where the impulse comes out")
    }

    /// What the examples are known to get wrong: eg-midigate counts a note before it
    /// writes the audio that precedes it in the block, so its gate opens up to a block
    /// early and the output depends on where the blocks are cut.
    static let knownWarnings = ["http://lv2plug.in/plugins/eg-midigate": ["determinism"]]

    static let examples = [
        "http://lv2plug.in/plugins/eg-amp", "http://lv2plug.in/plugins/eg-midigate", "http://lv2plug.in/plugins/eg-fifths",
        "http://lv2plug.in/plugins/eg-metro", "http://lv2plug.in/plugins/eg-sampler", "http://lv2plug.in/plugins/eg-scope#Mono",
        "http://lv2plug.in/plugins/eg-scope#Stereo", "http://lv2plug.in/plugins/eg-params",
    ]

    func testTheLV2BooksExamplesPassOrSkipForAStatedReason() throws {
        for uri in Self.examples {
            let run = try CheckRun(uri, ["--seed", "1"])
            XCTAssertEqual(run.status, 0, uri)
            XCTAssertEqual(run.lines("fail"), [], uri)
            // Findings only --strict fails (eg-amp multiplies by an infinite gain) may warn.
            let warned = run.results.filter { $0.result == "warn" && !$0.detail.hasPrefix("strict: ") }.map(\.check)
            XCTAssertEqual(warned, Self.knownWarnings[uri] ?? [], "\(uri): \(run.lines("warn"))")
            for skipped in run.results where skipped.result == "skip" {
                XCTAssertFalse(skipped.detail.isEmpty, "\(uri): \(skipped.check) says why it was skipped")
            }
        }
    }

    /// eg-sampler needs the worker and its default state loaded, which lv2render gives:
    /// every check that runs the plugin runs it, none is skipped for a missing feature.
    func testTheSamplerIsRunWithTheWorkerAndItsDefaultState() throws {
        let run = try CheckRun("http://lv2plug.in/plugins/eg-sampler", ["--seed", "1"])
        XCTAssertEqual(try run.entry("metadata").detail, "3 ports; every required feature is provided")
        for check in ["rates", "lifecycle", "determinism", "real-time", "leaks", "state"] {
            XCTAssertEqual(try run.entry(check).result, "pass", check)
        }
    }

    /// The state check saves, restores into a new instance and saves again.
    func testStateSurvivesARoundTrip() throws {
        let params = try CheckRun("http://lv2plug.in/plugins/eg-params", ["--only", "state"])
        XCTAssertEqual(try params.entry("state").result, "pass")
        XCTAssertEqual(try params.entry("state").detail, "saved, restored into a new instance and saved again: the same state")
    }
}
