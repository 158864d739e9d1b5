import SwiftLV2Engines
import XCTest

final class SampleRateConverterTests: XCTestCase {
    /// Converts a ramp (left) in one call and returns, per output frame, how far the
    /// value read lies behind the output's input position k / ratio.
    private func delays(_ quality: SampleRateConverter.Quality, ratio: Double) throws -> [Double] {
        var converter = try unwrap(SampleRateConverter(quality: quality, channels: 2), "a converter")
        let frames = 4000
        let input: [Float] = (0..<frames).flatMap { [Float($0) / 1000, 0] }
        var output = [Float](repeating: 0, count: 2 * Int(Double(frames) * ratio + 10))
        let result = converter.process(input, frames: frames, into: &output, capacity: output.count / 2, ratio: ratio)
        XCTAssertEqual(result.consumed, frames)
        // Away from both ends, where the sinc filters see a whole ramp.
        let middle = Int(1000 * ratio)..<Int(3000 * ratio)
        return middle.map { Double($0) / ratio - Double(output[2 * $0]) * 1000 }
    }

    func testOutputDelayIsWhereEachConverterReadsItsInput() throws {
        for quality in SampleRateConverter.Quality.allCases {
            // An irrational ratio visits every fractional position.
            let measured = try delays(quality, ratio: 1 / Double.pi)
            let mean = measured.reduce(0, +) / Double(measured.count)
            XCTAssertEqual(mean, quality.outputDelay, accuracy: 0.01, "\(quality)")
        }
    }

    func testLookaheadGrowsAsTheSincFilterWidensForDownsampling() throws {
        var best = try unwrap(SampleRateConverter(quality: .sincBest, channels: 2), "a converter")
        let atUnity = best.measureLookahead(ratio: 1)
        let atOneSixth = best.measureLookahead(ratio: 1.0 / 6)
        let upsampling = best.measureLookahead(ratio: 6)
        XCTAssertEqual(Double(atOneSixth), 6 * Double(atUnity), accuracy: 12)
        XCTAssertEqual(upsampling, atUnity, accuracy: 1)
        var linear = try unwrap(SampleRateConverter(quality: .linear, channels: 2), "a converter")
        XCTAssertLessThanOrEqual(linear.measureLookahead(ratio: 1.0 / 6), 2)
    }

    func testHoldsBackASingleFrameFromConvertersThatMisreadIt() throws {
        var linear = try unwrap(SampleRateConverter(quality: .linear, channels: 2), "a converter")
        var output = [Float](repeating: 0, count: 16)
        let one: [Float] = [1, 1]
        XCTAssertEqual(linear.process(one, frames: 1, into: &output, capacity: 8, ratio: 2).consumed, 0)
        var sinc = try unwrap(SampleRateConverter(quality: .sincFastest, channels: 2), "a converter")
        XCTAssertEqual(sinc.process(one, frames: 1, into: &output, capacity: 8, ratio: 2).consumed, 1)
    }
}
