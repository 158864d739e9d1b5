import SwiftLV2Engines
import Foundation
import RateAdapter
import TestSupport
import XCTest

final class RoundTripResamplerTests: XCTestCase {
    let quantum = 32
    let hostRate = 48_000.0
    /// The `rate` control's minimum, as the plugin gives it to its engine.
    let lowestRate = RateAdapterSettings.lowestRate
    let sincQualities: [SampleRateConverter.Quality] = [.sincBest, .sincMedium, .sincFastest]

    struct Conversion {
        var output: [Float]
        var latency: Int
        var starvedFrames: Int
    }

    /// Runs a mono signal (on both channels) through a fresh round trip whose lowest
    /// rate is the plugin's, at the internal rate `rate(quantumNumber)`; returns the left output.
    private func convert(
        _ signal: [Float], quality: SampleRateConverter.Quality, rate: (Int) -> Double
    ) throws -> Conversion {
        var resampler = try unwrap(RoundTripResampler(quality: quality, lowestRatio: lowestRate / hostRate, quantum: quantum),
                                   "a resampler")
        var output = [Float](repeating: 0, count: signal.count)
        var input = [Float](repeating: 0, count: 2 * quantum), converted = input
        for start in stride(from: 0, to: signal.count - quantum + 1, by: quantum) {
            for frame in 0..<quantum { input[2 * frame] = signal[start + frame]; input[2 * frame + 1] = signal[start + frame] }
            resampler.process(input, into: &converted, ratio: rate(start / quantum) / hostRate)
            for frame in 0..<quantum { output[start + frame] = converted[2 * frame] }
            XCTAssertEqual(converted[0], converted[1], "both channels convert alike")
        }
        return Conversion(output: output, latency: resampler.latency, starvedFrames: resampler.starvedFrames)
    }

    /// The largest difference between the output and the input `delay` frames earlier,
    /// over `frames`, in dB relative to `amplitude`.
    private func errorDecibels(_ output: [Float], _ input: [Float], delay: Int, frames: Range<Int>, amplitude: Double = 0.5) -> Double {
        SignalAnalysis.errorDecibels(output, TestSignals.delayed(input, by: delay), frames: frames, amplitude: amplitude)
    }

    func testSincImpulsePeakLandsExactlyAtTheLatencyAtEveryRate() throws {
        var impulse = [Float](repeating: 0, count: 16_000)
        impulse[1000] = 1
        for quality in sincQualities {
            var latencies: Set<Int> = []
            for rate in [lowestRate, 8000, 22050, 44100, 47_999, 48000] {
                let result = try convert(impulse, quality: quality) { _ in rate }
                let peak = result.output.indices.max { abs(result.output[$0]) < abs(result.output[$1]) }!
                XCTAssertEqual(peak - 1000, result.latency, "\(quality) at \(rate) Hz")
                XCTAssertEqual(result.starvedFrames, 0)
                latencies.insert(result.latency)
            }
            XCTAssertEqual(latencies.count, 1, "\(quality): one latency for every rate")
        }
    }

    func testLatencyIsSmallestForTheCheapestConverters() throws {
        let latencies = try SampleRateConverter.Quality.allCases.map {
            try unwrap(RoundTripResampler(quality: $0, lowestRatio: lowestRate / hostRate, quantum: quantum), "a resampler").latency
        }
        // Best, medium, fastest, zero-order hold, linear: each sinc filter is about three
        // times shorter than the one before; hold and linear need only a frame or two.
        XCTAssertGreaterThan(latencies[0], 2 * latencies[1])
        XCTAssertGreaterThan(latencies[1], 2 * latencies[2])
        XCTAssertLessThan(latencies[3], latencies[2] / 10)
        XCTAssertLessThan(latencies[4], latencies[2] / 10)
    }

    /// The settled output level of a sine at 22.05 kHz, relative to its input level, in dB.
    private func gainDecibels(_ frequency: Double, quality: SampleRateConverter.Quality) throws -> Double {
        let input = TestSignals.sine(frequency: frequency, sampleRate: hostRate, frames: 24_000)
        let result = try convert(input, quality: quality) { _ in 22050 }
        let steady = (result.latency + 2000)..<(input.count - 100)
        return SignalAnalysis.decibels(SignalAnalysis.rms(result.output[steady]) / SignalAnalysis.rms(input[2000..<10_000]))
    }

    func testSincPassesOneKilohertzWithinATenthOfADecibelAt22050() throws {
        for quality in sincQualities {
            XCTAssertEqual(try gainDecibels(1000, quality: quality), 0, accuracy: 0.1, "\(quality)")
        }
    }

    func testSincRemovesFifteenKilohertzAt22050ByAtLeast90Decibels() throws {
        for quality in sincQualities {
            XCTAssertLessThan(try gainDecibels(15_000, quality: quality), -90, "\(quality)")
        }
    }

    func testHoldAndLinearDelayTheSignalByTheirLatencyToo() throws {
        // A slow sine, well inside the 8 kHz band: the output is the input `latency`
        // frames late, give or take the crunch these converters are chosen for.
        let input = TestSignals.sine(frequency: 200, sampleRate: hostRate, frames: 24_000)
        for quality in [SampleRateConverter.Quality.zeroOrderHold, .linear] {
            let result = try convert(input, quality: quality) { _ in 8000 }
            let steady = (result.latency + 2000)..<(input.count - 100)
            let aligned = errorDecibels(result.output, input, delay: result.latency, frames: steady)
            let earlier = errorDecibels(result.output, input, delay: result.latency - 1, frames: steady)
            let later = errorDecibels(result.output, input, delay: result.latency + 1, frames: steady)
            XCTAssertLessThan(aligned, min(earlier, later), "\(quality): no other delay fits better")
            XCTAssertEqual(result.starvedFrames, 0)
        }
    }

    func testSweepingTheRateKeepsTheSignalAlignedAndClickFree() throws {
        // A 300 Hz sine, inside every internal band, while the rate glides 44.1 → 2 → 44.1 kHz.
        let seconds = 4
        let input = TestSignals.sine(frequency: 300, sampleRate: hostRate, frames: seconds * Int(hostRate))
        let quanta = input.count / quantum
        for quality in sincQualities {
            let result = try convert(input, quality: quality) { number in
                let time = Double(number) / Double(quanta) * Double(seconds)
                let depth = time < 1 ? time : time < 2 ? 2 - time : 0
                return 44100 * pow(lowestRate / 44100, depth)
            }
            XCTAssertEqual(result.starvedFrames, 0, "\(quality)")
            let sweeping = (result.latency + 4800)..<(2 * Int(hostRate))
            XCTAssertLessThan(errorDecibels(result.output, input, delay: result.latency, frames: sweeping), -55, "\(quality)")
            let settled = (3 * Int(hostRate))..<(input.count - 100)
            XCTAssertLessThan(errorDecibels(result.output, input, delay: result.latency, frames: settled), -100, "\(quality)")
            // No click: the signal bends no more sharply than the sine itself does.
            let sineCurvature = 0.5 * pow(2 * .pi * 300 / hostRate, 2)
            let curvature = SignalAnalysis.largestSecondDifference(result.output[(result.latency + 100)...])
            XCTAssertLessThan(curvature, sineCurvature * 1.05, "\(quality)")
        }
    }

    func testLongRandomAutomationLeavesNoDrift() throws {
        // Twenty seconds of random glides between 2 and 48 kHz, then 22.05 kHz: the
        // converters' positions must still agree to a tiny fraction of a frame.
        // Goals spread over the range by the golden ratio: irregular, yet repeatable.
        var rate = 22050.0, goal = 22050.0, goals = 0.0
        let rates = (0..<(20 * Int(hostRate) / quantum)).map { _ -> Double in
            if abs(rate - goal) < 1 {
                goals += 1
                goal = lowestRate * pow(hostRate / lowestRate, (goals * 0.618_034).truncatingRemainder(dividingBy: 1))
            }
            rate += (goal - rate) * 0.02
            return rate
        }
        let input = TestSignals.sine(frequency: 500, sampleRate: hostRate, frames: 22 * Int(hostRate))
        let result = try convert(input, quality: .sincFastest) { number in number < rates.count ? rates[number] : 22050 }
        XCTAssertEqual(result.starvedFrames, 0)
        let settled = (21 * Int(hostRate))..<(input.count - 100)
        XCTAssertLessThan(errorDecibels(result.output, input, delay: result.latency, frames: settled), -95)
    }

    func testResetReturnsToTheFreshState() throws {
        let noise = (0..<8000).map { _ in Float.random(in: -1...1) }
        var impulse = [Float](repeating: 0, count: 4000)
        impulse[100] = 1
        var used = try unwrap(RoundTripResampler(quality: .sincFastest, lowestRatio: lowestRate / hostRate, quantum: quantum), "a resampler")
        var fresh = try unwrap(RoundTripResampler(quality: .sincFastest, lowestRatio: lowestRate / hostRate, quantum: quantum), "a resampler")
        var stereo = [Float](repeating: 0, count: 2 * quantum), outUsed = stereo, outFresh = stereo
        for start in stride(from: 0, to: noise.count, by: quantum) {
            for frame in 0..<quantum { stereo[2 * frame] = noise[start + frame] }
            used.process(stereo, into: &outUsed, ratio: 0.3)
        }
        used.reset()
        for start in stride(from: 0, to: impulse.count, by: quantum) {
            for frame in 0..<quantum { stereo[2 * frame] = impulse[start + frame] }
            used.process(stereo, into: &outUsed, ratio: 0.3)
            fresh.process(stereo, into: &outFresh, ratio: 0.3)
            XCTAssertEqual(outUsed, outFresh)
        }
    }
}
