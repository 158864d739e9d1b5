import LV2TestKit
import RateAdapter
import SineSynth
import XCTest

/// The test kit on the sine synth in plugin.lv2, as a plugin author's tests use it.
final class LV2TestPluginTests: XCTestCase {
    /// plugin.lv2 is built by `make plugin` from the targets the SwiftLV2 library reaches,
    /// not all of Sources (lv2render's edits do not make it stale): PluginTests check that.
    private func synth() throws -> LV2TestPlugin {
        try LV2TestPlugin(uri: SineSynth.declaration.uri, sources: "Sources/SineSynth")
    }

    /// A4 sounds at 440 Hz to within a hundredth of a cent, at the level its velocity and
    /// the gain give: full velocity, sustain 1, gain −6 dB peaks at −6 dBFS.
    func testANoteSoundsAtItsPitchAndLevel() throws {
        let out = try synth().render(notes: [TestNote(69, velocity: 127, length: 1.5)],
                                     controls: ["gain": -6, "sustain": 1], seconds: 1.5)
        XCTAssertEqual(out.channels.count, 1)
        let held = out[0][19200..<67200]
        XCTAssertEqual(SignalAnalysis.cents(held.frequency(sampleRate: 48000), from: 440), 0, accuracy: 0.01)
        XCTAssertEqual(held.peakDecibels, -6, accuracy: 0.05)
        XCTAssertEqual(held.rmsDecibels, -6 - 3.01, accuracy: 0.05, "a sine's RMS is 3 dB below its peak")
    }

    /// The note starts at the frame it was sent on, and nothing sounds before it.
    func testANoteStartsAtItsFrame() throws {
        let out = try synth().render(notes: [TestNote(60, at: 1000.0 / 48000)], seconds: 0.2)
        XCTAssertEqual(out[0].firstFrame(above: 0), 1001, "its sine starts at phase 0 on frame 1000")
    }

    /// The same samples whatever blocks the host cuts time into.
    func testTheSameSamplesInAnyBlocks() throws {
        let plugin = try synth()
        let notes = [TestNote(60, length: 0.3), TestNote(64, at: 0.1, length: 0.3), TestNote(67, at: 0.2009, length: 0.2)]
        let reference = try plugin.render(notes: notes, seconds: 0.6, blockSize: 256)
        XCTAssertGreaterThan(reference[0].peakDecibels, -30)
        XCTAssertEqual(try plugin.render(notes: notes, seconds: 0.6, blockSize: 1).channels, reference.channels)
        XCTAssertEqual(try plugin.render(notes: notes, seconds: 0.6, randomBlocks: 1...2000).channels, reference.channels)
    }

    /// Automation moves a control at the exact frame asked: the gain jumps from −40 dB to
    /// −6 dB at 0.25 s (frame 12000), in any blocks.
    func testAutomationMovesAControlAtItsFrame() throws {
        let plugin = try synth()
        let automation: [String: [(seconds: Double, value: Float)]] = ["gain": [(0.25, -40), (0.25, -6)]]
        let out = try plugin.render(notes: [TestNote(69, velocity: 127, length: 1)], controls: ["sustain": 1],
                                    automation: automation, seconds: 0.5)
        XCTAssertEqual(out[0][9600..<12000].peakDecibels, -40, accuracy: 0.1)
        XCTAssertEqual(out[0][12000..<24000].peakDecibels, -6, accuracy: 0.1)
        XCTAssertEqual(try plugin.render(notes: [TestNote(69, velocity: 127, length: 1)], controls: ["sustain": 1],
                                         automation: automation, seconds: 0.5, randomBlocks: 1...700).channels, out.channels)
    }

    /// Each control output is read after every block: the rate adapter's latency, at the frame
    /// each block starts. The seed picks the random blocks: the same seed, the same blocks.
    func testControlOutputsPerBlockAndTheSeedOfRandomBlocks() throws {
        let adapter = try LV2TestPlugin(uri: RateAdapter.declaration.uri, sources: "Sources/RateAdapter")
        let tone = TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.1)
        let fixed = try adapter.render(input: [tone], seconds: 0.1, blockSize: 1000)
        XCTAssertEqual(fixed.controlOutputs["latency"]?.map(\.frame), Array(stride(from: 0, to: 4800, by: 1000)))
        XCTAssertEqual(fixed.lastValue(of: "latency"), Float(fixed.latency))
        XCTAssertNil(fixed.lastValue(of: "gain"))
        let once = try adapter.render(input: [tone], seconds: 0.1, randomBlocks: 1...700, seed: 7)
        let again = try adapter.render(input: [tone], seconds: 0.1, randomBlocks: 1...700, seed: 7)
        let other = try adapter.render(input: [tone], seconds: 0.1, randomBlocks: 1...700, seed: 8)
        XCTAssertEqual(once.controlOutputs["latency"]?.map(\.frame), again.controlOutputs["latency"]?.map(\.frame))
        XCTAssertNotEqual(once.controlOutputs["latency"]?.map(\.frame), other.controlOutputs["latency"]?.map(\.frame))
        XCTAssertEqual(once.channels, other.channels)
    }

    /// A wrong argument is one sentence naming the argument as the test wrote it, never a
    /// command-line flag.
    func testAWrongArgumentIsOneSentenceNamingIt() throws {
        let uri = "\(SineSynth.declaration.uri)"
        let cases: [(render: () throws -> RenderedOutput, sentence: String)] = [
            ({ try self.synth().render(input: [[0], [0]], seconds: 0.1) },
             "render(input:) has 2 channels, but the plugin \(uri) has 0 main audio inputs."),
            ({ try self.synth().render(sideChain: ["key": [[0]]], seconds: 0.1) },
             "The plugin \(uri) has no side-chain input or group key (in sideChain:); its side-chains are none."),
            ({ try self.synth().render(controls: ["volume": 1], seconds: 0.1) },
             "The plugin \(uri) has no control input volume (in controls:); its control inputs are gain, attack, decay, sustain, release, glide, bend_range, tuning, voices."),
            ({ try self.synth().render(automation: ["gain": []], seconds: 0.1) }, "automation: gain needs at least one point."),
            ({ try self.synth().render(seconds: 0.1, tempo: 120, tempoChanges: [(1, 90), (0.5, 100)]) },
             "The tempo changes must be in time order, but 0.5 s comes after 1 s."),
            ({ try self.synth().render(seconds: 0.1, meter: (3, 5)) },
             "3/5 is no meter (in meter:): a meter has more than 0 and at most 1000 beats a bar, of a note value that is a power of two up to 64."),
            ({ try self.synth().render(seconds: 0.1, meterChanges: [(1, 3, 4), (0.5, 6, 8)]) },
             "The meter changes must be in time order, but 0.5 s comes after 1 s."),
        ]
        for (render, sentence) in cases {
            XCTAssertThrowsError(try render()) { XCTAssertEqual("\($0)", sentence) }
        }
    }

    /// The synth passes every check of `lv2render check`, real-time safety included: the
    /// checks run in this test executable started again, with RTProbe counting.
    func testPassesTheChecks() throws {
        try synth().assertPassesChecks()
    }

    /// A control the plugin lacks is one sentence before any check runs.
    func testAWrongNameForTheChecksIsOneSentence() throws {
        XCTAssertThrowsError(try synth().runChecks(controls: ["volume": 1])) { error in
            XCTAssertTrue("\(error)".contains("volume"), "\(error)")
        }
    }

    /// A bundle that was never built, and a plugin the bundle does not hold: one sentence each.
    func testAMissingBundleOrPluginIsOneSentence() throws {
        XCTAssertThrowsError(try LV2TestPlugin(uri: "urn:swiftlv2:none")) { error in
            XCTAssertTrue("\(error)".contains("describes urn:swiftlv2:none: build it first"), "\(error)")
        }
        XCTAssertThrowsError(try LV2TestPlugin(bundle: "nothing.lv2", uri: "urn:x")) { error in
            XCTAssertTrue("\(error)".hasPrefix("No bundle at "), "\(error)")
            XCTAssertTrue("\(error)".contains("build it first"), "\(error)")
        }
        XCTAssertThrowsError(try LV2TestPlugin(bundle: "plugin.lv2", uri: "urn:swiftlv2:none", sources: nil)) { error in
            XCTAssertTrue("\(error)".contains("urn:swiftlv2:none"), "\(error)")
        }
    }

    /// A binary older than a file of the package's sources fails the test with one sentence
    /// that names the file and says to build again; a missing binary, to build first.
    func testAStaleOrMissingBinaryIsOneSentence() throws {
        let files = try TestFiles()
        let copy = files.folder.appendingPathComponent("plugin.lv2")
        let sources = files.folder.appendingPathComponent("Sources/Synth")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try synth().bundle, to: copy)
        try "// edited".write(to: sources.appendingPathComponent("Synth.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)],
                                              ofItemAtPath: copy.appendingPathComponent("swiftlv2.so").path)
        XCTAssertThrowsError(try LV2TestPlugin(bundle: copy.path, uri: SineSynth.declaration.uri, sources: sources.deletingLastPathComponent().path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("The plugin binary swiftlv2.so is older than Sources/Synth/Synth.swift: build the bundle again first (`make` in "), "\(error)")
        }
        try FileManager.default.removeItem(at: copy.appendingPathComponent("swiftlv2.so"))
        XCTAssertThrowsError(try LV2TestPlugin(bundle: copy.path, uri: SineSynth.declaration.uri, sources: nil)) { error in
            XCTAssertTrue("\(error)".hasPrefix("The plugin binary \(copy.path)/swiftlv2.so is missing: build the bundle first ("), "\(error)")
        }
    }
}
