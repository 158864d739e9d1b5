import Foundation
import LV2Host
import TestSupport
import XCTest

/// What the rate adapter does to the sound: band limits, glides, bad input, quality changes.
final class RateAdapterSoundTests: XCTestCase {
    /// Output level relative to input level over the settled part, in dB.
    private func gainDecibels(frequency: Double, quality: Float, harness: RateAdapterHarness) throws -> Double {
        let input = TestSignals.stereo(TestSignals.sine(frequency: frequency, sampleRate: 48000, frames: 24_000))
        let result = try harness.render(input, hostRate: 48000, controls: [("rate", 22050), ("quality", quality)])
        let settled = (result.latency + 2000)..<24_000
        return SignalAnalysis.decibels(SignalAnalysis.rms(result.output[0][settled]) / SignalAnalysis.rms(input[0][settled]))
    }

    func testSincPassesOneKilohertzAndRemovesFifteenAt22050() throws {
        let harness = try RateAdapterHarness()
        for quality in RateAdapterHarness.sincQualities {
            XCTAssertEqual(try gainDecibels(frequency: 1000, quality: quality, harness: harness), 0, accuracy: 0.1,
                           "quality \(quality): 1 kHz")
            XCTAssertLessThan(try gainDecibels(frequency: 15000, quality: quality, harness: harness), -90,
                              "quality \(quality): 15 kHz, above the internal Nyquist frequency")
        }
    }

    func testSweepingTheRateGlidesWithoutClicks() throws {
        // The rate control jumps every block, 44.1 kHz down to 2 kHz and back; the
        // plugin glides, so a 300 Hz sine (inside every band) comes out clean and on time.
        let harness = try RateAdapterHarness()
        let seconds = 3
        let input = TestSignals.stereo(TestSignals.sine(frequency: 300, sampleRate: 48000, frames: seconds * 48000))
        for quality in RateAdapterHarness.sincQualities {
            let result = try harness.play(input, hostRate: 48000, blockLength: 256, controls: [("quality", quality)]) { instance, frame in
                let time = Double(frame) / 48000
                let depth = time < 1 ? time : time < 2 ? 2 - time : 0
                try instance.setControl("rate", Float(44100 * pow(2000 / 44100, depth)))
            }
            let latency = result.latencies[0]
            XCTAssertEqual(Set(result.latencies), [latency], "quality \(quality): the latency never moves")
            let reference = TestSignals.delayed(input[0], by: latency)
            XCTAssertLessThan(SignalAnalysis.errorDecibels(result.output[0], reference, frames: (latency + 100)..<input[0].count), -50,
                              "quality \(quality)")
            // (From 2000 frames on: the sine's own abrupt start rings through the filter.)
            let sineCurvature = TestSignals.curvature(ofSine: 300, sampleRate: 48000)
            XCTAssertLessThan(SignalAnalysis.largestSecondDifference(result.output[1][(latency + 2000)...]), sineCurvature * 1.05,
                              "quality \(quality): no click")
        }
    }

    func testCrossingTheHostRateFadesBetweenDryAndConvertedWithoutAClick() throws {
        // 96 → 30 → 96 kHz at a 48 kHz host: the wet path switches between the exact dry
        // signal and the converter's output, both `latency` late, by a short crossfade.
        let harness = try RateAdapterHarness()
        let input = TestSignals.stereo(TestSignals.sine(frequency: 1000, sampleRate: 48000, frames: 96_000))
        for quality: Float in [0, 3] {
            let result = try harness.play(input, hostRate: 48000, blockLength: 512, controls: [("quality", quality), ("rate", 96000)]) { instance, frame in
                try instance.setControl("rate", frame >= 24_064 && frame < 60_000 ? 30000 : 96000)
            }
            let latency = result.latencies[0]
            if quality == 0 {  // zero-order hold's steps bend the sine sharply by design
                let sineCurvature = TestSignals.curvature(ofSine: 1000, sampleRate: 48000)
                XCTAssertLessThan(SignalAnalysis.largestSecondDifference(result.output[0][(latency + 2000)...]), sineCurvature * 1.05)
            }
            let dry = TestSignals.delayed(input[0], by: latency)
            let end = (latency + 80_000)..<96_000
            XCTAssertTrue(result.output[0][end].elementsEqual(dry[end]), "quality \(quality): exact again once back at 96 kHz")
        }
    }

    func testABurstOfNaNAndInfinityIsContainedAndPassesWithTheLatency() throws {
        let harness = try RateAdapterHarness()
        let clean = TestSignals.stereo(TestSignals.sine(frequency: 440, sampleRate: 48000, frames: 48000))
        var poisoned = clean, silenced = clean
        let burst = 10_000..<10_100
        for frame in burst {
            poisoned[0][frame] = frame % 2 == 0 ? .nan : .infinity
            poisoned[1][frame] = -.infinity
            silenced[0][frame] = 0
            silenced[1][frame] = 0
        }
        for quality: Float in [0, 1, 2, 3, 4] {
            let controls: [(symbol: String, value: Float)] = [("rate", 22050), ("quality", quality)]
            let result = try harness.render(poisoned, hostRate: 48000, controls: controls)
            XCTAssertTrue(result.output.allSatisfy { $0.allSatisfy(\.isFinite) }, "quality \(quality)")
            // The burst is heard as a moment of silence, nothing worse,
            XCTAssertEqual(result.output, try harness.render(silenced, hostRate: 48000, controls: controls).output,
                           "quality \(quality)")
            // and once it has passed through (the latency, then 10 ms of filter), the
            // output is bit for bit what it would have been without it.
            let expected = try harness.render(clean, hostRate: 48000, controls: controls).output
            let after = (burst.upperBound + result.latency + 480)..<48000
            for channel in 0..<2 {
                XCTAssertTrue(result.output[channel][after].elementsEqual(expected[channel][after]), "quality \(quality)")
            }
        }
    }

    func testChangingQualityCrossfadesToTheNewLatencyWithoutAClick() throws {
        let harness = try RateAdapterHarness()
        let input = TestSignals.stereo(TestSignals.sine(frequency: 300, sampleRate: 48000, frames: 72_000))
        let result = try harness.play(input, hostRate: 48000, blockLength: 128, controls: [("quality", 2), ("rate", 16000)]) { instance, frame in
            if frame == 24_064 { try instance.setControl("quality", 0) }
        }
        let before = result.latencies.first!, after = result.latencies.last!
        XCTAssertGreaterThan(after, 2 * before, "sinc best has the longer filter")
        // The corners of the 50 ms linear fade between the two delays may add half a
        // sine's bend; a click would add many.
        let sineCurvature = TestSignals.curvature(ofSine: 300, sampleRate: 48000)
        XCTAssertLessThan(SignalAnalysis.largestSecondDifference(result.output[0][(before + 2000)...]), sineCurvature * 1.5)
        let settled = 60_000..<72_000
        XCTAssertLessThan(SignalAnalysis.errorDecibels(result.output[0], TestSignals.delayed(input[0], by: after), frames: settled), -80,
                          "the new quality is heard, at its own latency")
    }
}
