import DSPKit
import XCTest

final class CrossfadeTests: XCTestCase {
    /// The gains: equal-power's squares and linear's gains sum to 1 everywhere, ends exact.
    func testEachLawKeepsItsSumConstant() {
        for step in 0...1000 {
            let position = Float(step) / 1000
            let (a, b) = CrossfadeLaw.equalPower.gains(at: position)
            XCTAssertEqual(a * a + b * b, 1, accuracy: 1e-6, "\(position)")
            let (c, d) = CrossfadeLaw.linear.gains(at: position)
            XCTAssertEqual(c + d, 1, accuracy: 1e-7, "\(position)")
        }
        XCTAssertTrue(CrossfadeLaw.equalPower.gains(at: 0) == (1, 0) && CrossfadeLaw.equalPower.gains(at: 1) == (0, 1))
        XCTAssertTrue(CrossfadeLaw.linear.gains(at: -3) == (1, 0) && CrossfadeLaw.linear.gains(at: .nan) == (1, 0))
    }

    /// Two unrelated noises of the same level, faded over a second: equal power keeps the
    /// level within 0.3 dB all the way; linear dips by 3 dB in the middle.
    func testAnEqualPowerFadeBetweenUnrelatedSoundsKeepsTheirLoudness() {
        let frames = 48000
        let a = Measure.noise(count: frames, seed: 1), b = Measure.noise(count: frames, seed: 2)
        func fade(_ law: CrossfadeLaw) -> [Float] {
            var gain = SmoothedValue(0, rampLength: frames)
            gain.set(1)
            var output = [Float](repeating: 0, count: frames)
            output.withUnsafeMutableBufferPointer {
                crossfade(from: a, to: b, into: $0.baseAddress!, frames: frames, channels: 1, gain: &gain, law: law)
            }
            return output
        }
        let level = Measure.decibels(a[...])
        let equalPower = fade(.equalPower), linear = fade(.linear)
        for window in stride(from: 0, to: frames, by: 4800) {
            XCTAssertEqual(Measure.decibels(equalPower[window..<(window + 4800)]), level, accuracy: 0.3, "at frame \(window)")
        }
        XCTAssertEqual(Measure.decibels(linear[21600..<26400]), level - 3, accuracy: 0.3)
    }

    /// A linear fade between a sound and itself leaves it bit for bit; a settled fade copies
    /// its source exactly, in place too.
    func testALinearFadeOfASoundIntoItselfLeavesItUntouched() {
        let sound = Measure.noise(count: 300, seed: 4)
        var gain = SmoothedValue(0, rampLength: 100)
        gain.set(1)
        var output = [Float](repeating: .nan, count: 300)
        output.withUnsafeMutableBufferPointer {
            crossfade(from: sound, to: sound, into: $0.baseAddress!, frames: 150, channels: 2, gain: &gain)
        }
        XCTAssertEqual(output, sound)
        var inPlace = Measure.noise(count: 300, seed: 5)
        let other = Measure.noise(count: 300, seed: 6)
        XCTAssertTrue(gain.isSettled)
        inPlace.withUnsafeMutableBufferPointer {
            crossfade(from: other, to: $0.baseAddress!, into: $0.baseAddress!, frames: 150, channels: 2, gain: &gain)
        }
        XCTAssertEqual(inPlace, Measure.noise(count: 300, seed: 5))
    }
}
