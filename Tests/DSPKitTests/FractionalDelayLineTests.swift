import DSPKit
import XCTest

final class FractionalDelayLineTests: XCTestCase {
    /// An impulse read back at `delay`: the output sample by sample.
    private func impulseResponse(delay: Double, maximumDelay: Int = 64, count: Int = 80) -> [Float] {
        var line = FractionalDelayLine(maximumDelay: maximumDelay)
        return (0..<count).map { n in
            let out = line.read(delay: delay)
            line.write(n == 0 ? 1 : 0)
            return out
        }
    }

    /// At a whole delay the impulse comes out exactly that many frames later, alone and whole.
    func testAWholeDelayDeliversTheImpulseExactlyThatManyFramesLater() {
        for delay in [1, 2, 37, 64] {
            var expected = [Float](repeating: 0, count: 80)
            expected[delay] = 1
            XCTAssertEqual(impulseResponse(delay: Double(delay)), expected, "delay \(delay)")
        }
    }

    /// At 10.25 frames the impulse is split between frames 10 (¾) and 11 (¼); its centre of
    /// gravity is at 10.25 exactly.
    func testAFractionalDelayPutsTheImpulseAtItsExactPosition() {
        let response = impulseResponse(delay: 10.25)
        var expected = [Float](repeating: 0, count: 80)
        expected[10] = 0.75
        expected[11] = 0.25
        XCTAssertEqual(response, expected)
        let centre = response.enumerated().reduce(0.0) { $0 + Double($1.offset) * Double($1.element) }
        XCTAssertEqual(centre, 10.25, accuracy: 1e-6)
    }

    /// Delays beyond the line, below one frame or NaN are held to what it can give.
    func testDelaysAreHeldToTheLine() {
        XCTAssertEqual(impulseResponse(delay: 500, maximumDelay: 20).firstIndex(of: 1), 20)
        XCTAssertEqual(impulseResponse(delay: 0.2).firstIndex(of: 1), 1)
        XCTAssertEqual(impulseResponse(delay: .nan).firstIndex(of: 1), 1)
    }

    /// A read at a gliding delay (a tape's speed change) stays between its neighbours, and
    /// `reset` forgets the past.
    func testResetForgetsThePast() {
        var line = FractionalDelayLine(maximumDelay: 8)
        for _ in 0..<8 { line.write(1) }
        line.reset()
        XCTAssertEqual((1...8).map { line.read(delay: Double($0)) }, [Float](repeating: 0, count: 8))
    }
}

final class CubicDelayReadTests: XCTestCase {
    /// The level of a sine at `frequency` read back at `delay` frames, in dB against its own level.
    private func level(at frequency: Double, delay: Double, cubic: Bool) -> Double {
        var line = FractionalDelayLine(maximumDelay: 64)
        return Measure.gain(at: frequency) { x in
            let out = cubic ? line.readCubic(delay: delay) : line.read(delay: delay)
            line.write(x)
            return out
        }
    }

    /// Half way between frames a 10 kHz tone loses 2 dB through the linear read, half a dB
    /// through the cubic; at 1 kHz neither loses more than 0.02 dB.
    func testTheCubicReadKeepsTheHighsBetweenFrames() {
        XCTAssertEqual(level(at: 10000, delay: 10.5, cubic: false), -2.0, accuracy: 0.1)
        XCTAssertEqual(level(at: 10000, delay: 10.5, cubic: true), -0.53, accuracy: 0.1)
        XCTAssertEqual(level(at: 1000, delay: 10.5, cubic: true), 0, accuracy: 0.02)
        XCTAssertEqual(level(at: 1000, delay: 10.5, cubic: false), 0, accuracy: 0.02)
    }

    /// At whole frames the cubic read is the sample itself, at every delay it holds.
    func testTheCubicReadIsExactAtWholeFrames() {
        for delay in [2, 3, 40, 64] {
            var line = FractionalDelayLine(maximumDelay: 64)
            let input = Measure.noise(count: 200, seed: UInt64(delay))
            var output: [Float] = []
            for x in input {
                output.append(line.readCubic(delay: Double(delay)))
                line.write(x)
            }
            XCTAssertEqual(Array(output[delay...]), Array(input[..<(200 - delay)]), "delay \(delay)")
        }
        var line = FractionalDelayLine(maximumDelay: 8)
        line.write(1)
        line.write(0)
        XCTAssertEqual(line.readCubic(delay: .nan), 1)
        XCTAssertEqual(line.readCubic(delay: 0.5), 1)
    }
}
