import Arpeggiator
import LV2TestKit
import XCTest

/// The arpeggiator as a host plays it: its built bundle, rendered with
/// LV2TestKit: the held chord's notes one after another, in time, as MIDI and as sound.
final class ArpeggiatorTests: XCTestCase {
    private let arpeggiator = Result { try LV2TestPlugin(uri: Arpeggiator.declaration.uri) }
    /// C major held for a second, the keys pressed in no particular order.
    private let chord = [TestNote(67, length: 1), TestNote(60, length: 1), TestNote(64, length: 1)]
    /// At the defaults (120 beats per minute, eighth notes, gate 0.5) a step lasts a
    /// quarter of a second at 48 kHz, and each note half of it.
    private let step = 12000, noteLength = 6000

    /// The MIDI output: the held keys upwards, one a step, each held for the gate, at the
    /// velocity they were played with.
    func testSendsTheHeldChordUpwardsAsMIDI() throws {
        let out = try arpeggiator.get().render(notes: chord, seconds: 1)
        XCTAssertEqual(out.noteOns.map(\.frame), [0, step, 2 * step, 3 * step])
        XCTAssertEqual(out.noteOns.map(\.key), [60, 64, 67, 60])
        XCTAssertEqual(out.noteOns.map(\.velocity), [100, 100, 100, 100])
        let noteOffs = out.midi.filter { $0.bytes[0] & 0xF0 == 0x80 }
        XCTAssertEqual(noteOffs.first?.frame, noteLength)
    }

    /// Its own sound: each step at its key's pitch to within a cent, at the level (−12 dB)
    /// times the velocity, and silent between the gate's end and the next step.
    func testSoundsEachStepAtItsPitchAndLevel() throws {
        let out = try arpeggiator.get().render(notes: chord, seconds: 1)
        for (index, key) in [60, 64, 67, 60].enumerated() {
            let note = out[0][(index * step + 480)..<(index * step + noteLength - 480)]
            let expected = 440 * pow(2, Double(key - 69) / 12)
            XCTAssertEqual(SignalAnalysis.cents(note.frequency(sampleRate: 48000), from: expected), 0, accuracy: 1, "step \(index)")
            XCTAssertEqual(note.peakDecibels, -12 + SignalAnalysis.decibels(100.0 / 127), accuracy: 0.01, "step \(index)")
            XCTAssertEqual(out[0][(index * step + noteLength + 200)..<((index + 1) * step)].peakDecibels, -.infinity)
        }
    }

    /// The same MIDI and sound whatever blocks the host cuts time into.
    func testTheSameInAnyBlocks() throws {
        let reference = try arpeggiator.get().render(notes: chord, seconds: 1)
        let random = try arpeggiator.get().render(notes: chord, seconds: 1, randomBlocks: 1...700)
        XCTAssertEqual(random.channels, reference.channels)
        XCTAssertEqual(random.midi.map(\.frame), reference.midi.map(\.frame))
    }

    /// Every check of `lv2render check`: real-time safety, hostile MIDI, state (the latch).
    func testPassesTheChecks() throws {
        try arpeggiator.get().assertPassesChecks()
    }
}
