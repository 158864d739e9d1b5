import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// The example sampler, built as a newcomer builds it (`make` in Examples/Sampler), driven
/// through lv2render as a host drives it: the file chosen with a `patch:Set` (`--set`),
/// loaded by the worker, played on each note, and back from a saved state.
final class SamplerExampleTests: XCTestCase {
    private let folder = TemporaryFolder("sampler")
    private static let sampler = ExamplePackage.sampler

    func testBuildsIntoARealPluginBinary() throws {
        try Self.sampler.assertRealPluginBinary(needing: ["libc.so.6", "libm.so.6"])
    }

    func testTurtleValidatesAgainstTheLV2Specifications() throws {
        _ = try Self.sampler.lv2Directory()
        try BundleTests.assertValidTurtle(in: Self.sampler.bundleFolder)
    }

    /// lv2render reads the parameters from the Turtle LV2Kit generated: the file by its path, the gain as a float.
    func testHostsSeeTheFileAndTheGainAsParameters() throws {
        let result = try LV2RenderTool.run(["info", Self.sampler.uri], extraLV2Directories: [try Self.sampler.lv2Directory()])
        XCTAssertEqual(result.status, 0, result.standardError)
        for expected in ["urn:swiftlv2:examples:sampler#sample", "urn:swiftlv2:examples:sampler#gain", "Path", "Float"] {
            XCTAssertTrue(result.standardOutput.contains(expected), "\(expected) in\n\(result.standardOutput)")
        }
    }

    /// A tone set with `--set sample=`: each note plays it from the note's frame, sample
    /// for sample, at the gain (-6 dB) times the velocity (lv2render's 100 of 127), and
    /// nothing after its end; the same whatever blocks the host runs.
    func testPlaysTheFileSetThroughItsParameterFromTheNotesFrame() throws {
        let tone = TestSignals.sine(frequency: 1000, sampleRate: 48000, seconds: 0.2)
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [tone]), to: folder.path("tone.wav"), format: .float32)
        let played = try render(["--set", "sample=tone.wav", "--set", "gain=-6", "--notes", "60@0.1:0.05"])
        XCTAssertEqual(played.count, 24000)
        XCTAssertEqual(SignalAnalysis.peak(played[0..<4800]), 0, "silent before the note")
        let factor = Float(pow(10, -6.0 / 20)) * 100 / 127
        let difference = zip(played[4800..<(4800 + tone.count)], tone).map { abs($0 - $1 * factor) }.max() ?? .infinity
        XCTAssertLessThan(difference, 1e-6)
        XCTAssertEqual(SignalAnalysis.peak(played[(4800 + tone.count)...]), 0, "a one-shot: silent after the file's end")
        let partitioned = try render(["--set", "sample=tone.wav", "--set", "gain=-6", "--notes", "60@0.1:0.05",
                                      "--block", "random:1-700:5"])
        XCTAssertEqual(largestDifference(partitioned, played), 0, "the same whatever the host's blocks")
    }

    /// The sampler reads sound files itself (no libsndfile): a 24-bit stereo WAV as sox writes it
    /// (WAVE_FORMAT_EXTENSIBLE), and the same as AIFF, play as the mean of their channels, as
    /// libsndfile reads them.
    func testPlaysA24BitStereoWAVAndAIFFAsTheMeanOfTheirChannels() throws {
        for name in ["stereo.wav", "stereo.aiff"] {
            let made = try runCommand("sox", ["-n", "-r", "48000", "-c", "2", "-b", "24", folder.path(name),
                                              "synth", "0.1", "sine", "440", "sine", "1000", "vol", "0.8"])
            XCTAssertEqual(made.status, 0, made.standardError)
            let file = try AudioFile.read(path: folder.path(name))
            let played = try render(["--set", "sample=\(name)", "--notes", "60@0:0.2"])
            let mean = zip(file.channels[0], file.channels[1]).map { ($0 + $1) / 2 * 100 / 127 * Self.defaultGain }
            XCTAssertEqual(largestDifference(Array(played.prefix(mean.count)), mean), 0, accuracy: 1e-7, name)
            XCTAssertGreaterThan(SignalAnalysis.peak(played), 0.25, name)
        }
    }

    /// A file that is not a WAV or AIFF the sampler can read is refused with one log line naming
    /// it and why; the sampler stays silent, and the render succeeds.
    func testRefusesAFileItCannotReadWithALogLine() throws {
        for (name, bytes, reason) in [("text.wav", Array("not a sound\n".utf8), "is neither WAV (RIFF or RF64) nor AIFF"),
                                      ("headless.wav", Array("RIFF\u{10}\0\0\0WAVEdata\u{4}\0\0\0abcd".utf8), "no format chunk")] {
            try Data(bytes).write(to: folder.url.appendingPathComponent(name))
            let output = folder.path("out-\(name)")
            let result = try LV2RenderTool.run(["render", Self.sampler.uri, "--duration", "0.2", "-o", output,
                                                "--set", "sample=\(name)", "--notes", "60@0:0.1"],
                                               extraLV2Directories: [try Self.sampler.lv2Directory()], currentDirectory: folder.url)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardError.components(separatedBy: reason).count, 2, result.standardError)
            XCTAssertTrue(result.standardError.contains(folder.path(name)), result.standardError)
            XCTAssertEqual(SignalAnalysis.peak(try AudioFile.read(path: output).channels[0]), 0)
        }
    }

    /// The declared default gain (-6 dB), as the sampler computes its factor.
    private static let defaultGain = Float(pow(10, -6.0 / 20))

    /// The gain's declared default is the plugin's default state (`state:state`), which lv2render,
    /// like jalv and Ardour, restores after instantiating it: a file set alone plays at -6 dB. A
    /// copy of the bundle whose default state says -20 dB and names a file beside the Turtle plays
    /// that file at -20 dB with nothing set: the state reaches the sound through LV2Kit's restore
    /// (and its worker's load), not only through the defaults LV2Kit gives at instantiate.
    func testTheDeclaredDefaultsAreTheDefaultStateHostsRestore() throws {
        let bundle = URL(fileURLWithPath: try Self.sampler.lv2Directory()).appendingPathComponent("sampler.lv2")
        let turtle = try String(contentsOf: bundle.appendingPathComponent("sampler.ttl"), encoding: .utf8)
        XCTAssertTrue(turtle.contains("    state:state [\n        \(Self.declaredState)\n    ] .\n"), turtle)
        XCTAssertTrue(turtle.contains("state:loadDefaultState"), turtle)

        let tone = TestSignals.sine(frequency: 1000, sampleRate: 48000, seconds: 0.1)
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [tone]), to: folder.path("tone.wav"), format: .float32)
        let declared = try render(["--set", "sample=tone.wav", "--notes", "60@0:0.2"])
        XCTAssertEqual(SignalAnalysis.peak(declared), 0.5 * Double(Self.defaultGain) * 100 / 127, accuracy: 1e-4)

        let lv2 = try bundleCopy(turtle.replacingOccurrences(of: Self.declaredState, with: Self.toneAtMinus20))
        let output = folder.path("from-default-state.wav")
        let result = try LV2RenderTool.run(["render", Self.sampler.uri, "--duration", "0.5", "--notes", "60@0:0.2", "-o", output],
                                           extraLV2Directories: [lv2], currentDirectory: folder.url)
        XCTAssertEqual(result.status, 0, result.standardError)
        let restored = try AudioFile.read(path: output).channels[0]
        let level: Double = 0.5 * pow(10, -20.0 / 20) * 100 / 127
        XCTAssertEqual(SignalAnalysis.peak(restored), level, accuracy: 1e-4)
    }

    /// A file at half the session's rate plays at its own pitch, not an octave up.
    func testAFileAtAnotherRateKeepsItsPitch() throws {
        let tone = TestSignals.sine(frequency: 500, sampleRate: 24000, seconds: 0.4)
        try AudioFile.write(AudioData(sampleRate: 24000, channels: [tone]), to: folder.path("low.wav"), format: .float32)
        let played = try render(["--set", "sample=low.wav", "--notes", "60@0:0.1"])
        XCTAssertEqual(SignalAnalysis.frequency(of: played[2400..<16800], sampleRate: 48000), 500, accuracy: 1)
        XCTAssertGreaterThan(SignalAnalysis.peak(played[16800..<19200]), 0.15)
        XCTAssertEqual(SignalAnalysis.peak(played[19200...]), 0, "0.4 s long at 48 kHz too")
    }

    /// `--save-state` stores the file and the gain as state properties, without a line of
    /// the sampler's own; `--state` brings both back, here after the state's folder moved.
    func testTheFileAndGainComeBackFromTheSavedStateAfterItsFolderMoved() throws {
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.2)]),
                            to: folder.path("tone.wav"), format: .float32)
        let notes = ["--notes", "60@0.1:0.05,64@0.3:0.05"]
        let first = try render(["--set", "sample=tone.wav", "--set", "gain=-12", "--save-state", folder.path("saved")] + notes)
        let saved = try String(contentsOfFile: folder.path("saved/state.ttl"), encoding: .utf8)
        XCTAssertTrue(saved.contains("<urn:swiftlv2:examples:sampler#sample> <tone.wav>"), saved)
        XCTAssertTrue(saved.contains("<urn:swiftlv2:examples:sampler#gain> \"-12.0\"^^xsd:float"), saved)
        try FileManager.default.moveItem(atPath: folder.path("saved"), toPath: folder.path("moved"))
        let again = try render(["--state", folder.path("moved")] + notes)
        let level = 0.5 * pow(10, -12.0 / 20) * 100 / 127
        XCTAssertEqual(SignalAnalysis.peak(first), level, accuracy: 1e-4)
        XCTAssertEqual(largestDifference(again, first), 0)
    }

    /// jalv, the reference host, loads a state lv2render saved (the file comes back through
    /// LV2Kit's restore and the worker) and plays it on the note jack_midiseq sends at
    /// velocity 64, sample for sample as the file holds it at the default gain, to jack_rec's
    /// 32-bit resolution.
    func testJalvPlaysTheFileOfASavedState() throws {
        let tone = TestSignals.sine(frequency: 1000, sampleRate: JalvTests.rate, seconds: 0.1)
        try AudioFile.write(AudioData(sampleRate: JalvTests.rate, channels: [tone]), to: folder.path("tone.wav"), format: .float32)
        let state = folder.path("jalv-state")
        _ = try render(["--set", "sample=tone.wav", "--save-state", state])
        try assertJalvPlays(tone, gain: Double(Self.defaultGain), state: state, lv2: try Self.sampler.lv2Directory())
    }

    /// jalv loads the default state of the plugin's Turtle by itself (no `-l`): in a copy of the
    /// bundle whose default state names a file beside the Turtle and -20 dB, it plays that file
    /// at -20 dB, sample for sample.
    func testJalvLoadsTheDefaultStateOfTheBundle() throws {
        let tone = TestSignals.sine(frequency: 1000, sampleRate: JalvTests.rate, seconds: 0.1)
        try AudioFile.write(AudioData(sampleRate: JalvTests.rate, channels: [tone]), to: folder.path("tone.wav"), format: .float32)
        let bundle = URL(fileURLWithPath: try Self.sampler.lv2Directory()).appendingPathComponent("sampler.lv2/sampler.ttl")
        let turtle = try String(contentsOf: bundle, encoding: .utf8)
        let lv2 = try bundleCopy(turtle.replacingOccurrences(of: Self.declaredState, with: Self.toneAtMinus20))
        try assertJalvPlays(tone, gain: pow(10, -20.0 / 20), state: nil, lv2: lv2)
    }

    /// jalv plays the note jack_midiseq sends at velocity 64: `tone` at `gain`, to jack_rec's 32-bit resolution.
    private func assertJalvPlays(_ tone: [Float], gain: Double, state: String?, lv2: String,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let output = try JackSession.run { jack in
            try jack.jalv(Self.sampler.uri, client: "sampler", state: state, lv2Directories: [lv2])
            try jack.start("jack_midiseq", ["seq", "24000", "0", "60", "12000"])
            try jack.waitForPorts(["sampler:control", "sampler:out", "seq:out"])
            try jack.connect("seq:out", "sampler:control")
            return try jack.record(["sampler:out"], seconds: 1)[0]
        }
        // The sine starts at an exact zero, so the note began a frame before the first sound.
        // (The recording's first cycles may be cut short, so a note that starts in them is passed over.)
        let note = try XCTUnwrap(JalvTests.wholeNotes(in: output).first { $0.lowerBound > 4800 }, "no whole note recorded",
                                 file: file, line: line)
        let played = output[(note.lowerBound - 1)...].prefix(tone.count)
        XCTAssertEqual(played.count, tone.count, "the recording ends too soon after the note", file: file, line: line)
        let difference = zip(played, tone).map { abs(Double($0) - Double($1) * 64 / 127 * gain) }.max() ?? .infinity
        XCTAssertLessThan(difference, 1e-7, "notes at \(JalvTests.wholeNotes(in: output))", file: file, line: line)
    }

    /// The default state the generator writes from the declaration: the gain's default.
    private static let declaredState = "<urn:swiftlv2:examples:sampler#gain> \"-6.0\"^^xsd:float"

    /// The default state of the copies `bundleCopy` makes: the file tone.wav beside the Turtle, at -20 dB.
    private static let toneAtMinus20 = "<urn:swiftlv2:examples:sampler#sample> <tone.wav> ;\n"
        + "        <urn:swiftlv2:examples:sampler#gain> \"-20.0\"^^xsd:float"

    /// A copy of the built bundle with `turtle` as its sampler.ttl and the test folder's tone.wav
    /// beside it; returns the folder to put on `LV2_PATH`. (File by file, since the test's LV2
    /// folder links to the example's own bundle, which must stay as built.)
    private func bundleCopy(_ turtle: String) throws -> String {
        let bundle = URL(fileURLWithPath: try Self.sampler.lv2Directory()).appendingPathComponent("sampler.lv2")
        let copy = folder.url.appendingPathComponent("lv2-\(UUID().uuidString)/sampler.lv2")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for file in ["manifest.ttl", "sampler.so"] {
            try FileManager.default.copyItem(at: bundle.appendingPathComponent(file).resolvingSymlinksInPath(),
                                             to: copy.appendingPathComponent(file))
        }
        try FileManager.default.copyItem(atPath: folder.path("tone.wav"), toPath: copy.appendingPathComponent("tone.wav").path)
        try turtle.write(to: copy.appendingPathComponent("sampler.ttl"), atomically: true, encoding: .utf8)
        return copy.deletingLastPathComponent().path
    }

    /// Without a file the sampler is silent, and `lv2render check` finds nothing wrong.
    func testPassesLv2renderCheck() throws {
        let result = try LV2RenderTool.run(["check", Self.sampler.uri], extraLV2Directories: [try Self.sampler.lv2Directory()])
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        XCTAssertTrue(result.standardOutput.contains("\n0 failed, 0 warned"), result.standardOutput)
    }

    /// `check --set sample=FILE` checks the sampler with its file loaded in every instance:
    /// nothing fails, and the states the checks save hold the file besides the gain (one
    /// property more than without it). A bad file or name is render's one sentence, status 1.
    func testPassesLv2renderCheckWithItsFileSet() throws {
        let tone = TestSignals.sine(frequency: 1000, sampleRate: 48000, seconds: 0.2)
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [tone]), to: folder.path("tone.wav"), format: .float32)
        let without = try foreignStateDetail(check([]))
        let with = try check(["--set", "sample=tone.wav"])
        XCTAssertEqual(with.status, 0, with.standardOutput + with.standardError)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(with.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(report["failed"] as? Bool, false, with.standardOutput)
        XCTAssertTrue(without.contains("(1 saved properties"), without)
        XCTAssertTrue(try foreignStateDetail(with).contains("(2 saved properties"), with.standardOutput)
        for (setting, message) in [("sample=missing.wav", "The file \(folder.path("missing.wav")) for Sample does not exist.\n"),
                                   ("nosuch=1", "The plugin \(Self.sampler.uri) has no port with symbol \"nosuch\"; it has no control or CV inputs, and its parameters are Gain, Sample.\n")] {
            let bad = try check(["--set", setting])
            XCTAssertEqual(bad.status, 1, bad.standardError)
            XCTAssertEqual(bad.standardError, message)
            XCTAssertEqual(bad.standardOutput, "")
        }
    }

    private func check(_ options: [String]) throws -> CommandResult {
        try LV2RenderTool.run(["check", Self.sampler.uri, "--quick", "--json", "--seed", "1"] + options,
                              extraLV2Directories: [try Self.sampler.lv2Directory()], currentDirectory: folder.url)
    }

    /// The detail of the foreign-state check, which counts the properties of the state it saved.
    private func foreignStateDetail(_ result: CommandResult) throws -> String {
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let results = try XCTUnwrap(report["results"] as? [[String: Any]])
        return try XCTUnwrap(results.first { $0["check"] as? String == "foreign-state" }?["detail"] as? String)
    }

    /// The largest difference between two renders (infinity when their lengths differ), so a failure prints a number.
    private func largestDifference(_ a: [Float], _ b: [Float]) -> Float {
        a.count == b.count ? zip(a, b).map { abs($0 - $1) }.max() ?? 0 : .infinity
    }

    private func render(_ options: [String]) throws -> [Float] {
        let output = folder.path("out-\(UUID().uuidString).wav")
        let result = try LV2RenderTool.run(["render", Self.sampler.uri, "--duration", "0.5", "-o", output] + options,
                                           extraLV2Directories: [try Self.sampler.lv2Directory()], currentDirectory: folder.url)
        XCTAssertEqual(result.status, 0, result.standardError)
        return try AudioFile.read(path: output).channels[0]
    }
}
