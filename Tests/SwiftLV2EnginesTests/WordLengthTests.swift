import SwiftLV2Engines
import RateAdapter  // the lowest rate its declaration gives
import TestSupport
import XCTest

/// The rate adapter's bit depth: exact grid values, and the error a listener hears, with
/// and without dither, as theory has it.
final class WordLengthTests: XCTestCase {
    func testSamplesBecomeExactMultiplesOfTheStepWithinFullScale() {
        var samples = TestSignals.noise(count: 4096, amplitude: 1.5, seed: 16)
        samples += [1, -1, 0, -0.0, 0.9999999, -1.0000001, .leastNonzeroMagnitude]
        for bits in [1, 2, 8, 12, 16, 23, 24] {
            for dither in [WordLength.Dither.none, .triangular] {
                let wordLength = WordLength(bits: bits, dither: dither)
                var reduced = samples
                var requantizer = Requantizer(seed: 1)
                requantizer.process(&reduced, count: reduced.count, to: wordLength)
                for (before, after) in zip(samples, reduced) {
                    XCTAssertEqual((after / wordLength.step).rounded(), after / wordLength.step, "\(bits) bits: \(after)")
                    XCTAssertLessThanOrEqual(Swift.abs(after), 1, "\(bits) bits")
                    if dither == .none && abs(before) < 1 {
                        XCTAssertLessThanOrEqual(Swift.abs(after - before), wordLength.step / 2, "\(bits) bits: \(before)")
                    }
                }
            }
        }
    }

    func testEveryBitKeptLeavesSamplesUntouched() {
        let samples: [Float] = [0.123456789, -0.5, 1.5, .nan]
        var reduced = samples
        var requantizer = Requantizer(seed: 1)
        requantizer.process(&reduced, count: reduced.count, to: WordLength(bits: 0, dither: .triangular))
        XCTAssertEqual(reduced.map(\.bitPattern), samples.map(\.bitPattern))
    }

    /// With the converters passed by (the rate at the host rate), what the adapter adds to a
    /// busy signal is the rounding error alone: a step over √12 without dither, half a step
    /// with triangular dither (its own noise, a step over √6, added in power).
    func testTheErrorIsAStepOverRootTwelveOrHalfAStepWithDither() throws {
        for bits in [8, 12, 16] {
            for dither in [WordLength.Dither.none, .triangular] {
                let wordLength = WordLength(bits: bits, dither: dither)
                let (input, output, latency) = try Self.process(wordLength: wordLength, rate: 48000)
                let error = (latency..<input.count).map { Double(output[$0] - input[$0 - latency]) }
                let rms = (error.map { $0 * $0 }.reduce(0, +) / Double(error.count)).squareRoot()
                let expected = Double(wordLength.step) / (dither == .none ? 12.0.squareRoot() : 2)
                XCTAssertEqual(SignalAnalysis.decibels(rms / expected), 0, accuracy: 1, "\(bits) bits, \(dither)")
            }
        }
    }

    func testTheSameNoiseWhateverTheBlocksAndTheSameLatencyWhateverTheBitDepth() throws {
        for rate in [48000.0, 11025] {
            let wordLength = WordLength(bits: 8, dither: .triangular)
            let whole = try Self.process(wordLength: wordLength, rate: rate, blocks: [4096])
            let pieces = try Self.process(wordLength: wordLength, rate: rate, blocks: [1, 37, 500, 128, 3])
            XCTAssertEqual(whole.output.map(\.bitPattern), pieces.output.map(\.bitPattern), "at \(rate) Hz")
            XCTAssertEqual(whole.latency, try Self.process(wordLength: .full, rate: rate).latency, "at \(rate) Hz")
        }
    }

    func testDitherAloneChangesNothing() throws {
        let plain = try Self.process(wordLength: .full, rate: 11025).output
        let dithered = try Self.process(wordLength: WordLength(bits: 0, dither: .triangular), rate: 11025).output
        XCTAssertEqual(plain.map(\.bitPattern), dithered.map(\.bitPattern), "only heard with bits on")
    }

    /// Half a second of a busy signal (two sines and noise) through an engine at 48 kHz,
    /// in blocks of the given lengths in turn; the left channel.
    private static func process(wordLength: WordLength, rate: Double, blocks: [Int] = [256])
        throws -> (input: [Float], output: [Float], latency: Int) {
        var engine = try unwrap(RateAdapterEngine(hostRate: 48000, lowestRate: RateAdapterSettings.lowestRate), "an engine")
        var settings = RateAdapterSettings.defaults
        settings.rate = rate
        settings.wordLength = wordLength
        let frames = 24000
        let noise = TestSignals.noise(count: frames, amplitude: 0.1, seed: 3)
        let input = (0..<frames).map { frame -> Float in
            let tones = 0.3 * sin(Double(frame) * 0.0731) + 0.2 * sin(Double(frame) * 0.3117)
            return Float(tones) + noise[frame]
        }
        var output = [Float](repeating: 0, count: frames)
        var right = [Float](repeating: 0, count: frames)
        var start = 0, index = 0
        while start < frames {
            let length = min(blocks[index % blocks.count], frames - start)
            input.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { left in
                    right.withUnsafeMutableBufferPointer { right in
                        engine.process(left: source.baseAddress! + start, right: source.baseAddress! + start,
                                       intoLeft: left.baseAddress! + start, right: right.baseAddress! + start,
                                       frames: length, settings: settings)
                    }
                }
            }
            start += length
            index += 1
        }
        return (input, output, engine.latency(with: settings))
    }
}
