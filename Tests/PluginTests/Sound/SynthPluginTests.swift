import HostFiles
import CLV2
import LV2Host
import TestSupport
import XCTest

/// The sine synth as a host loads it: the Embedded Swift binary in plugin.lv2.
final class SynthPluginTests: XCTestCase {
    static let uri = "urn:swiftlv2:sine-synth"

    func synth() throws -> PluginInfo {
        try LV2World(lv2Path: Repository.lv2PathWithOnlyOurBundle).plugin(uri: Self.uri)
    }

    /// Renders a score through lv2render's engine.
    func render(_ midi: [TimedMIDIEvent], rate: Double = 48000, seconds: Double, blocks: BlockPattern = .fixed(512),
                controls: [(symbol: String, value: Float)] = []) throws -> [Float] {
        var request = RenderRequest(stages: [RenderStage(plugin: try synth(), controls: controls)])
        request.sampleRate = rate
        request.blocks = blocks
        request.midi = midi
        request.duration = seconds
        return try Renderer(world: LV2World(lv2Path: Repository.lv2PathWithOnlyOurBundle)).render(request).audio.channels[0]
    }

    func note(_ number: UInt8, at start: Double, for length: Double, velocity: UInt8 = 100, channel: UInt8 = 0) -> [TimedMIDIEvent] {
        [TimedMIDIEvent(seconds: start, bytes: [0x90 | channel, number, velocity]),
         TimedMIDIEvent(seconds: start + length, bytes: [0x80 | channel, number, 0])]
    }

    /// A score that exercises chords, stealing, bends, the pedal and events at block edges.
    var busyScore: [TimedMIDIEvent] {
        var score: [TimedMIDIEvent] = []
        for (index, pitch) in [60, 64, 67, 71, 72, 76, 79, 83, 84, 88].enumerated() {
            score += note(UInt8(pitch), at: Double(index) * 0.083, for: 0.6)
        }
        score.append(TimedMIDIEvent(seconds: 0.3, bytes: [0xE0, 0x00, 0x50]))
        score.append(TimedMIDIEvent(seconds: 0.5, bytes: [0xB0, 64, 127]))
        score += note(57, at: 0.55, for: 0.1, channel: 3)
        score.append(TimedMIDIEvent(seconds: 0.9, bytes: [0xB0, 64, 0]))
        return score.sorted { $0.seconds < $1.seconds }
    }

    func testA4Is440HzAtEveryHostRate() throws {
        for rate in [22050.0, 44100, 48000, 96000, 192000] {
            let output = try render(note(69, at: 0, for: 1.5), rate: rate, seconds: 1.5)
            let frequency = SignalAnalysis.frequency(of: output[Int(rate * 0.4)..<Int(rate * 1.4)], sampleRate: rate)
            XCTAssertLessThan(abs(SignalAnalysis.cents(frequency, from: 440)), 0.01, "at \(rate) Hz")
        }
    }

    func testSameSamplesWhateverTheBlockPartition() throws {
        let reference = try render(busyScore, seconds: 1.5, blocks: .fixed(256))
        XCTAssertGreaterThan(SignalAnalysis.peak(reference), 0.1)
        for seed: UInt64 in [1, 2, 3] {
            let random = try render(busyScore, seconds: 1.5, blocks: .random(min: 1, max: 4096, seed: seed))
            XCTAssertEqual(random, reference, "random blocks, seed \(seed)")
        }
    }

    func testNoteStartsExactlyAtItsFrame() throws {
        // Frame 1000 lies inside the second 512-frame block.
        let output = try render(note(69, at: 1000.0 / 48000, for: 0.5), seconds: 0.2)
        XCTAssertEqual(SignalAnalysis.peak(output[..<1001]), 0, "nothing before the note (its sine starts at phase 0)")
        XCTAssertNotEqual(output[1001], 0, "sound from the very next frame")
    }

    func testNoClicksOnOrdinaryScores() throws {
        let output = try render(busyScore, seconds: 2, controls: [("voices", 4)])
        XCTAssertLessThan(SignalAnalysis.largestSecondDifference(output) / SignalAnalysis.peak(output), 0.02)
    }

    func testPitchBendBytesReachTheBendRange() throws {
        for (bytes, cents) in [([UInt8](arrayLiteral: 0xE0, 0x7F, 0x7F), 1200.0 * 8191 / 8192), ([0xE5, 0x00, 0x00], -1200)] {
            let score = [TimedMIDIEvent(seconds: 0, bytes: bytes)] + note(69, at: 0, for: 1, channel: bytes[0] & 0x0F)
            let output = try render(score, seconds: 1, controls: [("bend_range", 12)])
            let frequency = SignalAnalysis.frequency(of: output[12000..<45000], sampleRate: 48000)
            XCTAssertEqual(SignalAnalysis.cents(frequency, from: 440), cents, accuracy: 0.01, "bend \(bytes)")
        }
    }

    func testSustainPedalAndChannelModeMessages() throws {
        let pedal = [TimedMIDIEvent(seconds: 0, bytes: [0xB0, 64, 127])] + note(69, at: 0, for: 0.2)
            + [TimedMIDIEvent(seconds: 0.6, bytes: [0xB0, 64, 0])]
        let held = try render(pedal, seconds: 1.2)
        XCTAssertGreaterThan(SignalAnalysis.peak(held[24000..<28000]), 0.05, "held by the pedal after the key went up")
        XCTAssertEqual(SignalAnalysis.peak(held[(28800 + 7200 + 1)...]), 0, "released when the pedal went up")

        let allSoundOff = note(69, at: 0, for: 1) + [TimedMIDIEvent(seconds: 0.5, bytes: [0xB0, 120, 0])]
        let cut = try render(allSoundOff, seconds: 1)
        XCTAssertEqual(SignalAnalysis.peak(cut[(24000 + 49)...]), 0, "CC120 silences within a millisecond")

        let allNotesOff = note(60, at: 0, for: 2) + note(64, at: 0, for: 2) + [TimedMIDIEvent(seconds: 0.5, bytes: [0xB0, 123, 0])]
        let released = try render(allNotesOff, seconds: 1)
        XCTAssertEqual(SignalAnalysis.peak(released[(24000 + 7200 + 1)...]), 0, "CC123 releases every held note")

        let velocityZero = [TimedMIDIEvent(seconds: 0, bytes: [0x90, 69, 100]), TimedMIDIEvent(seconds: 0.5, bytes: [0x90, 69, 0])]
        let stopped = try render(velocityZero, seconds: 1)
        XCTAssertEqual(SignalAnalysis.peak(stopped[(24000 + 7200 + 1)...]), 0, "note-on with velocity 0 is a note-off")
    }

    func testIntegerControlsAreRoundedNotTruncated() throws {
        // Two notes at once: with voices 1.9999 → 2 both sound; truncated to 1 only one would.
        let chord = note(60, at: 0, for: 1) + note(67, at: 0, for: 1)
        let two = try render(chord, seconds: 0.5, controls: [("voices", 1.9999)])
        let reference = try render(chord, seconds: 0.5, controls: [("voices", 2)])
        XCTAssertEqual(two, reference)
    }

    func testUnconnectedPortsAreHarmless() throws {
        let plugin = try synth()
        let library = try PluginLibrary(path: plugin.libraryPath)
        let descriptor = try library.descriptor(uri: Self.uri)
        let features = HostFeatureSet(sampleRate: 48000, minBlockLength: 1, maxBlockLength: 512, nominalBlockLength: 512, sequenceSize: 8192)
        let handle = try XCTUnwrap(descriptor.pointee.instantiate(descriptor, 48000, plugin.bundlePath, features.featureArray))
        descriptor.pointee.run(handle, 0)  // before activate, nothing connected
        descriptor.pointee.activate(handle)
        descriptor.pointee.run(handle, 256)
        var output = [Float](repeating: 1, count: 256)
        output.withUnsafeMutableBufferPointer { descriptor.pointee.connect_port(handle, 1, $0.baseAddress) }
        descriptor.pointee.run(handle, 256)  // output connected, controls and MIDI still not
        XCTAssertEqual(output, [Float](repeating: 0, count: 256))
        descriptor.pointee.connect_port(handle, 99, nil)  // no such port
        descriptor.pointee.cleanup(handle)
    }
}
