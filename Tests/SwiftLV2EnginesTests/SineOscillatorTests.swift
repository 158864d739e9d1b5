import SwiftLV2Engines
import SineSynth  // the defaults its declaration gives
import Foundation
import TestSupport
import XCTest

/// The polynomial sine and the phase it runs on: how far from a true sine, and what a
/// listener hears of the difference (nothing within 120 dB, at any note or rate).
final class SineOscillatorTests: XCTestCase, SynthRendering {
    typealias Lanes = SineOscillator.Lanes

    func testPolynomialIsWithinItsStatedErrorOfTheSine() {
        var largest = 0.0
        let steps = 1 << 20
        for index in stride(from: 0, through: steps, by: 4) {
            let phases = (Lanes(0, 1, 2, 3) + Double(index)) / Double(steps) - 0.5
            let values = SineOscillator.value(phase: phases)
            for lane in 0..<4 {
                largest = max(largest, abs(values[lane] - cos(2 * Double.pi * phases[lane])))
            }
        }
        // 3.4e-9 is −169 dB: no component of the error can be louder than that.
        XCTAssertLessThan(largest, 3.4e-9)
        XCTAssertGreaterThan(largest, 1e-9, "the stated bound is the polynomial's, not a loose one")
    }

    func testSineStartsAtZeroAndIsSymmetric() {
        XCTAssertEqual(SineOscillator.value(phase: Lanes(repeating: SineOscillator.startPhase))[0], 0)
        for phase in stride(from: 0.0, through: 0.5, by: 1.0 / 1024) {
            let values = SineOscillator.value(phase: Lanes(phase, -phase, 0.5 - phase, phase - 0.5))
            XCTAssertEqual(values[0], values[1], "even about 0")
            XCTAssertEqual(values[2], -values[0], "odd about ¼")
            XCTAssertEqual(values[3], -values[0], "odd about −¼")
        }
    }

    func testPhaseWrapsIntoItsRangeAndKeepsTheRemainder() {
        let next = SineOscillator.advance(phase: Lanes(0.49, 0.25, -0.5, 0.3), by: Lanes(0.02, 0.25, 0.45, 0.2))
        XCTAssertEqual(next[0], 0.51 - 1, accuracy: 1e-16)
        XCTAssertEqual(next[1], -0.5, "0.5 itself wraps")
        XCTAssertEqual(next[2], -0.05, accuracy: 1e-16)
        XCTAssertEqual(next[3], -0.5)
        // The highest increment, a second of it: the phase stays in -0.5..<0.5.
        var phase = Lanes(repeating: SineOscillator.startPhase)
        for _ in 0..<48000 {
            phase = SineOscillator.advance(phase: phase, by: Lanes(0.45, 0.3, 0.123456789, 1e-5))
            XCTAssert(all(phase .>= -0.5 .& phase .< 0.5), "\(phase)")
        }
    }

    /// The whole synth, as heard: harmonics and noise at least 120 dB below the note,
    /// from the lowest to the highest octaves, at the common rates.
    func testSpuriousComponentsAreAtLeast120DecibelsDownAcrossNotesAndRates() {
        var settings = SynthSettings.defaults
        settings.gainDecibels = 0
        for rate in [44100.0, 48000, 96000] {
            for note: UInt8 in [33, 57, 69, 93, 117] where Tuning(sampleRate: rate, a4: 440).isPlayable(pitch: Double(note)) {
                let output = render(settings, rate: rate, frames: Int(rate * 0.75),
                                                   events: [noteOn(note, at: 0)])
                let steady = Array(output[Int(rate * 0.5)...])  // the sustain level is reached by 0.4 s
                let frequency = 440 * pow(2, (Double(note) - 69) / 12)
                let purity = SignalAnalysis.purity(of: steady, sampleRate: rate, near: frequency)
                XCTAssertLessThan(purity, -120, "note \(note) at \(rate) Hz: only \(-purity) dB clean")
            }
        }
    }
}
