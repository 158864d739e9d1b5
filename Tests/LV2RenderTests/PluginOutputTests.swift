import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// What plugins print on stdout (printf in instantiate and run) goes to stderr: it never
/// reaches the `--json` object or a WAV file written to standard output.
final class PluginOutputTests: XCTestCase {
    let folder = TemporaryFolder("plugin-output")
    lazy var input = folder.path("in.wav")
    let signal = TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.1)

    override func setUpWithError() throws {
        try writeWAV([signal], sampleRate: 48000, to: input)
    }

    func testTheJSONObjectIsAllThatReachesStandardOutput() throws {
        let result = try LV2RenderTool.run(["render", TestChattyBundle.uri, "--input", input, "--tail", "0", "--json", "-o", folder.path("out.wav")],
                                           extraLV2Directories: [try TestChattyBundle.lv2Directory()])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        XCTAssertEqual(object?["frames"] as? Int, signal.count, result.standardOutput)
        XCTAssertTrue(result.standardError.contains(TestChattyBundle.instantiateLine + "\n"), result.standardError)
        XCTAssertTrue(result.standardError.contains("chatty: run "), result.standardError)
    }

    /// The WAV's bytes, through a shell pipe into a file, are the input's samples exactly.
    func testAWAVOnStandardOutputHoldsOnlyTheAudio() throws {
        let piped = folder.path("piped.wav"), errors = folder.path("errors.txt")
        let path = [try TestChattyBundle.lv2Directory(), Repository.lv2PathWithSystemBundles].joined(separator: ":")
        let shell = try runCommand("sh", ["-c", "'\(LV2RenderTool.executable.path)' render \(TestChattyBundle.uri) --input '\(input)' --tail 0 -o - 2>'\(errors)' > '\(piped)'"],
                                   environment: ["LV2_PATH": path])
        XCTAssertEqual(shell.status, 0, shell.standardError)
        XCTAssertEqual(try AudioFile.read(path: piped).channels, [signal])
        XCTAssertTrue(try String(contentsOfFile: errors, encoding: .utf8).contains(TestChattyBundle.instantiateLine))
    }

    /// Guitarix's amplifier (Debian package guitarix-lv2) prints "using block size: 512"
    /// on stdout when it is instantiated; it ends up on stderr.
    func testARealPluginsPrintingStaysOnStandardError() throws {
        let result = try LV2RenderTool.run(["render", "http://guitarix.sourceforge.net/plugins/gx_amp#GUITARIX", "--input", input,
                                            "--tail", "0", "--json", "-o", folder.path("amp.wav")])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        XCTAssertEqual(object?["frames"] as? Int, signal.count, result.standardOutput)
        XCTAssertTrue(result.standardError.contains("using block size: 512"), result.standardError)
    }

    /// What a plugin printed comes before lv2render's sentence, which stays the last line,
    /// so a batch names the real reason a file failed.
    func testTheErrorSentenceComesAfterWhatThePluginPrinted() throws {
        let stereo = folder.path("stereo.wav")
        try writeWAV([signal, signal], sampleRate: 48000, to: stereo)
        let sentence = "The input has 2 channels but the plugin \(TestChattyBundle.uri) has 1 audio input (in); choose the channels with --map CH:SYMBOL,…."
        let single = try LV2RenderTool.run(["render", TestChattyBundle.uri, "--input", stereo, "-o", folder.path("out.wav")],
                                           extraLV2Directories: [try TestChattyBundle.lv2Directory()])
        XCTAssertEqual(single.status, 1)
        XCTAssertEqual(single.standardError, TestChattyBundle.instantiateLine + "\n" + sentence + "\n")
        let batch = try LV2RenderTool.run(["render", TestChattyBundle.uri, "--input", stereo, "--output-dir", folder.path("out")],
                                          extraLV2Directories: [try TestChattyBundle.lv2Directory()])
        XCTAssertEqual(batch.status, 1)
        XCTAssertEqual(batch.standardError, "[1/1] \(stereo) failed: \(sentence)\n1 of 1 input failed.\n")
    }
}
