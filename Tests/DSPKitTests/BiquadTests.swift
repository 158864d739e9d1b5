import DSPKit
import XCTest

final class BiquadTests: XCTestCase {
    private let rate = Measure.sampleRate

    private func measured(_ response: Biquad.Response, at frequency: Double, cutoff: Double, q: Double = Biquad.butterworthQ) -> Double {
        var filter = Biquad(response, frequency: cutoff, q: q, sampleRate: rate)
        return Measure.gain(at: frequency) { filter.process($0) }
    }

    /// A Butterworth low-pass at 1 kHz, heard on sines: flat below, 3 dB down at the cutoff,
    /// then 12 dB per octave (a little more towards Nyquist, where the bilinear transform squeezes).
    func testALowPassAtOneKilohertzIsThreeDecibelsDownThereAndFallsTwelvePerOctave() {
        XCTAssertEqual(measured(.lowPass, at: 100, cutoff: 1000), 0, accuracy: 0.01)
        XCTAssertEqual(measured(.lowPass, at: 1000, cutoff: 1000), -3.01, accuracy: 0.1)
        let octaveAbove = measured(.lowPass, at: 2000, cutoff: 1000)
        let twoOctavesAbove = measured(.lowPass, at: 4000, cutoff: 1000)
        // The analog Butterworth: −10·log10(1 + 2⁴) = −12.3 dB an octave above.
        XCTAssertEqual(octaveAbove, -12.3, accuracy: 0.2)
        XCTAssertEqual(twoOctavesAbove - octaveAbove, -12, accuracy: 0.5)
    }

    /// The other shapes, each where a listener would check it, and each sine's measured level
    /// the one the coefficients promise (`decibels(at:)`).
    func testEachCookbookShapeSoundsAsItsNameSays() {
        let cases: [(Biquad.Response, cutoff: Double, q: Double, at: Double, expected: Double, tolerance: Double)] = [
            (.highPass, 1000, Biquad.butterworthQ, 1000, -3.01, 0.1),
            (.highPass, 1000, Biquad.butterworthQ, 12000, 0, 0.05),
            (.highPass, 1000, Biquad.butterworthQ, 500, -12.3, 0.2),
            (.bandPass, 1000, 2, 1000, 0, 0.05),
            (.bandPass, 1000, 2, 4000, -17.5, 1),
            (.notch, 1000, 2, 100, 0, 0.1),
            (.peaking(decibels: 6), 1000, 1, 1000, 6, 0.05),
            (.peaking(decibels: -9), 1000, 1, 1000, -9, 0.05),
            (.peaking(decibels: 6), 1000, 1, 12000, 0, 0.3),
            (.lowShelf(decibels: 6), 200, Biquad.butterworthQ, 20, 6, 0.1),
            (.lowShelf(decibels: 6), 200, Biquad.butterworthQ, 200, 3, 0.1),
            (.lowShelf(decibels: 6), 200, Biquad.butterworthQ, 8000, 0, 0.05),
            (.highShelf(decibels: -6), 2000, Biquad.butterworthQ, 16000, -6, 0.2),
            (.highShelf(decibels: -6), 2000, Biquad.butterworthQ, 2000, -3, 0.1),
            (.highShelf(decibels: -6), 2000, Biquad.butterworthQ, 50, 0, 0.05),
        ]
        for (response, cutoff, q, frequency, expected, tolerance) in cases {
            let level = measured(response, at: frequency, cutoff: cutoff, q: q)
            let label = "\(response) at \(cutoff) Hz, Q \(q), heard at \(frequency) Hz"
            XCTAssertEqual(level, expected, accuracy: tolerance, label)
            let promised = Biquad(response, frequency: cutoff, q: q, sampleRate: rate).decibels(at: frequency)
            XCTAssertEqual(level, promised, accuracy: 0.05, label)
        }
        XCTAssertLessThan(measured(.notch, at: 1000, cutoff: 1000, q: 2), -60)
    }

    /// The cutoff swept every sample while a sine plays: the output stays bounded, and once
    /// the sweep stops the level is the one a filter set there from the start gives.
    func testMovingTheCutoffEverySampleKeepsTheSoundGoing() {
        var filter = Biquad(.lowPass, frequency: 8000, sampleRate: rate)
        var loudest: Float = 0
        for n in 0..<Int(rate) {
            let cutoff = 8000 * pow(200 / 8000, Double(n) / rate)  // 8 kHz down to 200 Hz in a second
            filter.set(.lowPass, frequency: cutoff)
            let y = filter.process(Float(0.5 * sin(2 * Double.pi * 1000 * Double(n) / rate)))
            loudest = max(loudest, abs(y))
        }
        XCTAssertLessThan(loudest, 0.75)
        XCTAssertEqual(filter.frequency, 200, accuracy: 1)
        let level = Measure.gain(at: 1000) { filter.process($0) }
        XCTAssertEqual(level, Biquad(.lowPass, frequency: 200, sampleRate: rate).decibels(at: 1000), accuracy: 0.05)
    }

    /// NaN and infinities in the input: every output finite, and the filter plays on.
    func testNaNAndInfinityGiveFiniteOutputAndTheFilterRecovers() {
        var filter = Biquad(.peaking(decibels: 12), frequency: 1000, q: 4, sampleRate: rate)
        for x: Float in [0.5, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -0.5, .nan] {
            XCTAssertTrue(filter.process(x).isFinite, "\(x)")
        }
        XCTAssertEqual(Measure.gain(at: 1000) { filter.process($0) }, 12, accuracy: 0.05)
    }

    /// Parameters no formula takes (NaN, zero, beyond Nyquist) are held to what it takes.
    func testImpossibleParametersAreHeld() {
        var filter = Biquad(.lowPass, frequency: .nan, q: 0, sampleRate: rate)
        XCTAssertEqual(filter.frequency, 1000)
        XCTAssertEqual(filter.q, 0.01)
        filter.set(.highPass, frequency: 1e9, q: .infinity)
        XCTAssertLessThan(filter.frequency, rate / 2)
        XCTAssertEqual(filter.q, 1000)
        XCTAssertTrue(Measure.gain(at: 1000) { filter.process($0) }.isFinite)
    }

    /// An impulse, then ten seconds of silence: the ringing decays to exactly zero and no
    /// output on the way is a denormal number.
    func testTheTailEndsInZerosNotDenormals() {
        var filter = Biquad(.lowPass, frequency: 30, q: 10, sampleRate: rate)
        var last: Float = 1
        for n in 0..<Int(10 * rate) {
            last = filter.process(n == 0 ? 1 : 0)
            XCTAssertFalse(last.isSubnormal, "sample \(n)")
            if last.isSubnormal { break }
        }
        XCTAssertEqual(last, 0)
    }
}
