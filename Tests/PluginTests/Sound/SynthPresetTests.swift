import Foundation
import LV2Host
import TestSupport
import XCTest

/// Each factory preset of the synth, loaded by `lv2render --preset`, sounds as its
/// comment says: measured on A4 (or C4 and C5 for the glide).
final class SynthPresetTests: XCTestCase {
    let rendering = PresetRendering()
    static let rate = 48000.0

    /// Plays `notes` (lv2render's `--notes` syntax) or a MIDI file with the preset, for `seconds`.
    func play(_ preset: String, notes: String? = nil, midiFile: String? = nil, seconds: Double) throws -> [Float] {
        let score = notes.map { ["--notes", $0] } ?? midiFile.map { ["--midi", $0] } ?? []
        return try rendering.render(SynthPluginTests.uri, preset: "urn:swiftlv2:sine-synth#" + preset,
                                    options: score + ["--duration", String(seconds)])[0]
    }

    /// The peak level in the 5 ms around `time` (over two periods of A4).
    func level(_ signal: [Float], at time: Double) -> Double {
        SignalAnalysis.peak(slice(signal, from: time - 0.0025, to: time + 0.0025))
    }

    func slice(_ signal: [Float], from start: Double, to end: Double) -> ArraySlice<Float> {
        signal[Int(start * Self.rate)..<Int(end * Self.rate)]
    }

    func frequency(_ signal: [Float], from start: Double, to end: Double) -> Double {
        SignalAnalysis.frequency(of: slice(signal, from: start, to: end), sampleRate: Self.rate)
    }

    func pitch(_ note: Double) -> Double {
        440 * pow(2, (note - 69) / 12)
    }

    /// 800 ms linear attack, 1.5 s release that covers 60 dB.
    func testSlowPadSwellsInAndFadesOutSlowly() throws {
        let output = try play("slow-pad", notes: "69@0:1.5", seconds: 3.2)
        let top = level(output, at: 0.8)
        XCTAssertEqual(level(output, at: 0.2) / top, 0.25, accuracy: 0.01, "a quarter of the way up after 200 ms")
        XCTAssertEqual(level(output, at: 2.0) / level(output, at: 1.5), 0.1, accuracy: 0.01, "-20 dB a third into the release")
        XCTAssertEqual(SignalAnalysis.peak(slice(output, from: 3.001, to: 3.2)), 0, "silent once the release is over")
    }

    /// One voice: C5 played over a held C4 glides up an octave in 80 ms without a new
    /// attack, and C4 is not heard alongside.
    func testMonoLeadGlidesLegatoOnOneVoice() throws {
        let output = try play("mono-lead", notes: "60@0:0.6,72@0.4:0.6", seconds: 1)
        XCTAssertEqual(SignalAnalysis.cents(frequency(output, from: 0.1, to: 0.39), from: pitch(60)), 0, accuracy: 0.01)
        XCTAssertEqual(SignalAnalysis.cents(frequency(output, from: 0.435, to: 0.445), from: pitch(66)), 0, accuracy: 15,
                       "half way (in semitones) after half the glide")
        XCTAssertEqual(SignalAnalysis.cents(frequency(output, from: 0.5, to: 0.95), from: pitch(72)), 0, accuracy: 0.01)
        XCTAssertEqual(level(output, at: 0.45) / level(output, at: 0.35), 1, accuracy: 0.002, "no new attack")
        let purity = SignalAnalysis.purity(of: Array(slice(output, from: 0.5, to: 0.7)), sampleRate: Self.rate, near: pitch(72))
        XCTAssertLessThan(purity, -100, "one sine only: the held C4 is silent")
    }

    /// The pitch wheel fully up (+8191 of 8192) bends A4 an octave up.
    func testMonoLeadBendsAnOctave() throws {
        let midiFile = rendering.folder.path("bend.mid")
        let score = MIDIFileWriter(tracks: [[
            .noteOn(0, note: 69, velocity: 100),
            // 240 ticks at 480 per quarter and 120 bpm: 0.25 s.
            .init(240, .channel([0xE0, 0x7F, 0x7F])),
            .noteOff(480, note: 69),
        ]])
        try Data(score.bytes()).write(to: URL(fileURLWithPath: midiFile))
        let output = try play("mono-lead", midiFile: midiFile, seconds: 1)
        XCTAssertEqual(SignalAnalysis.cents(frequency(output, from: 0.3, to: 0.7), from: 440), 1200 * 8191 / 8192, accuracy: 0.01)
    }

    /// Full level 3 ms after the key, held without decay, silent 15 ms after release.
    func testOrganSpeaksAtOnceHoldsAndStops() throws {
        let output = try play("organ", notes: "69@0:0.5", seconds: 0.7)
        let held = SignalAnalysis.peak(slice(output, from: 0.4, to: 0.45))
        XCTAssertEqual(SignalAnalysis.peak(slice(output, from: 0.003, to: 0.01)) / held, 1, accuracy: 0.001)
        XCTAssertEqual(SignalAnalysis.peak(slice(output, from: 0.05, to: 0.1)) / held, 1, accuracy: 0.001)
        XCTAssertGreaterThan(level(output, at: 0.512), 0)
        XCTAssertEqual(SignalAnalysis.peak(slice(output, from: 0.5151, to: 0.7)), 0)
    }

    /// Dies away on its own within 600 ms while the key is still down.
    func testPluckDiesAwayWhileTheKeyIsHeld() throws {
        let output = try play("pluck", notes: "69@0:1.5", seconds: 1.2)
        let strike = SignalAnalysis.peak(slice(output, from: 0, to: 0.01))
        XCTAssertEqual(level(output, at: 0.2) / strike, 0.1, accuracy: 0.01, "-20 dB after a third of the decay")
        XCTAssertEqual(SignalAnalysis.peak(slice(output, from: 0.602, to: 1.2)), 0)
    }
}
