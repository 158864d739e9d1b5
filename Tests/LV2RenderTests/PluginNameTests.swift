import HostFiles
import Foundation
import TestSupport
import XCTest

/// Names a user types: presets by their URI's last part, controls by scale-point label,
/// plugins by name or URI suffix, subcommands with a suggestion; and the same exit status
/// from `check` and `render` for the same mistake.
final class PluginNameTests: XCTestCase {
    let folder = TemporaryFolder("names")
    static let adapter = "urn:swiftlv2:rate-adapter"
    static let synth = "urn:swiftlv2:sine-synth"

    private func input() throws -> String {
        let path = folder.path("in.wav")
        try writeWAV(TestSignals.stereo(TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.3)), sampleRate: 48000, to: path)
        return path
    }

    /// Renders and returns the left channel; stderr must be `standardError`.
    private func render(_ arguments: [String], standardError: String = "", lv2Directories: [String] = []) throws -> [Float] {
        let output = folder.path("out-\(UUID().uuidString).wav")
        let result = try LV2RenderTool.run(["render"] + arguments + ["--tail", "0.2", "-o", output], extraLV2Directories: lv2Directories)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, standardError)
        return try AudioFile.read(path: output).channels[0]
    }

    func testPresetByTheLastPartOfItsURI() throws {
        let input = try input()
        let byURI = try render([Self.adapter, "--input", input, "--preset", Self.adapter + "#am-radio"])
        XCTAssertEqual(try render([Self.adapter, "--input", input, "--preset", "am-radio"]), byURI)
        XCTAssertEqual(try render([Self.adapter, "--input", input, "--preset", "AM radio"]), byURI)
        // And it is not the default sound.
        XCTAssertNotEqual(try render([Self.adapter, "--input", input]), byURI)
    }

    func testControlByScalePointLabel() throws {
        let input = try input()
        let byNumber = try render([Self.adapter, "--input", input, "--set", "rate=11025", "--set", "quality=0"])
        XCTAssertEqual(try render([Self.adapter, "--input", input, "--set", "rate=11025", "--set", "quality=Sinc best"]), byNumber)
        XCTAssertEqual(try render([Self.adapter, "--input", input, "--set", "rate=11025", "--set", "quality=sinc BEST"]), byNumber)
        XCTAssertNotEqual(try render([Self.adapter, "--input", input, "--set", "rate=11025", "--set", "quality=Linear"]), byNumber)

        let wrong = try LV2RenderTool.run(["render", Self.adapter, "--input", input, "--set", "quality=Sinc bst", "-o", folder.path("x.wav")])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(wrong.standardError, "The value \"Sinc bst\" for quality is not a number or one of its labels (\"Sinc best\", \"Sinc medium\", \"Sinc fastest\", \"Zero-order hold\", \"Linear\").\n")
    }

    /// By URI suffix or by name (in any case), with one note saying which plugin that is.
    func testPluginByNameOrURISuffix() throws {
        let arguments = ["--notes", "69@0:0.1"]
        let byURI = try render([Self.synth] + arguments)
        for name in ["sine-synth", "SwiftLV2 Sine Synth", "swiftlv2 sine synth"] {
            XCTAssertEqual(try render([name] + arguments,
                                      standardError: "Note: \"\(name)\" is the plugin \(Self.synth) (SwiftLV2 Sine Synth).\n"), byURI)
        }
    }

    /// Two plugins whose URIs end the same way: refused with both; a typo: refused with the
    /// closest; and nothing from lilv or sord on stderr, only the sentence.
    func testAmbiguousOrUnknownNamesAreRefused() throws {
        let other = folder.url.appendingPathComponent("other.lv2")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try """
            @prefix doap: <http://usefulinc.com/ns/doap#> .
            @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
            <urn:elsewhere:sine-synth> a lv2:Plugin ; lv2:binary <none.so> ; doap:name "Another Sine Synth" .
            """.write(to: other.appendingPathComponent("manifest.ttl"), atomically: true, encoding: .utf8)
        let refusals: [([String], Int32, String)] = [
            (["sine-synth"], 1, "Several plugins answer to \"sine-synth\": "),
            (["sine-synht"], 1, "No plugin named \"sine-synht\" (or whose URI ends with it) was found on the LV2 path"),
            (["SwiftLV2 Sine Synht"], 1, "did you mean \(Self.synth)"),
        ]
        for (arguments, status, message) in refusals {
            let result = try LV2RenderTool.run(["render"] + arguments + ["--notes", "69@0:0.1", "-o", folder.path("x.wav")],
                                               extraLV2Directories: [folder.url.path])
            XCTAssertEqual(result.status, status, result.standardError)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
        }
        let ambiguous = try LV2RenderTool.run(["info", "sine-synth"], extraLV2Directories: [folder.url.path]).standardError
        XCTAssertTrue(ambiguous.contains(Self.synth) && ambiguous.contains("urn:elsewhere:sine-synth"), ambiguous)
    }

    func testUnknownSubcommandSuggestsTheNearest() throws {
        let cases = [("rendr", "'rendr' is not a subcommand of lv2render; did you mean 'render'?\n"),
                     ("chek", "'chek' is not a subcommand of lv2render; did you mean 'check'?\n"),
                     ("frobnicate", "'frobnicate' is not a subcommand of lv2render, which has list, info, render, check.\n")]
        for (command, message) in cases {
            let result = try LV2RenderTool.run([command, Self.synth])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.standardError, message)
        }
        XCTAssertEqual(try LV2RenderTool.run(["help", "render"]).status, 0)
    }

    /// The same mistake, the same status: 1 for a plugin that is not there, 2 for usage.
    func testCheckAndRenderAgreeOnTheExitStatus() throws {
        let mistakes: [([String], Int32)] = [
            (["urn:nobody:nothing"], 1),
            (["sine-synht"], 1),
            ([], 2),
            ([Self.synth, "--bogus"], 2),
        ]
        for (arguments, status) in mistakes {
            let render = try LV2RenderTool.run(["render"] + arguments + ["-o", folder.path("x.wav")])
            let check = try LV2RenderTool.run(["check"] + arguments + ["--only", "metadata"])
            XCTAssertEqual(render.status, status, "render \(arguments): \(render.standardError)")
            XCTAssertEqual(check.status, status, "check \(arguments): \(check.standardError)")
            XCTAssertEqual(check.standardError.split(separator: "\n").count, 1, check.standardError)
        }
    }
}
