import DSPKit
import XCTest

final class OnePoleTests: XCTestCase {
    private let rate = Measure.sampleRate

    /// A step through a low-pass with a 10 ms time constant: 63 % (1 − 1/e) of the way after
    /// exactly 10 ms (480 samples), 99.3 % after five time constants, never past the step.
    func testTheLowPassCoversSixtyThreePercentOfAStepInOneTimeConstant() {
        var smoother = OnePole(.lowPass, timeConstant: 0.010, sampleRate: rate)
        var outputs: [Float] = []
        for _ in 0..<2400 { outputs.append(smoother.process(1)) }
        XCTAssertEqual(outputs[479], Float(1 - exp(-1.0)), accuracy: 1e-4)
        XCTAssertLessThan(outputs[478], Float(1 - exp(-1.0)))
        XCTAssertEqual(outputs[2399], Float(1 - exp(-5.0)), accuracy: 1e-4)
        XCTAssertTrue(zip(outputs, outputs.dropFirst()).allSatisfy { $0 <= $1 && $1 <= 1 })
    }

    /// A cutoff of 100 Hz: both the low-pass and the high-pass are 3 dB down there, the
    /// low-pass 6 dB per octave further down well above it, and the two sum to the input.
    func testACutoffIsThreeDecibelsDownForBothResponses() {
        var low = OnePole(.lowPass, cutoff: 100, sampleRate: rate)
        var high = OnePole(.highPass, cutoff: 100, sampleRate: rate)
        XCTAssertEqual(Measure.gain(at: 100) { low.process($0) }, -3.01, accuracy: 0.1)
        XCTAssertEqual(Measure.gain(at: 100) { high.process($0) }, -3.01, accuracy: 0.1)
        low.reset()
        let at1600 = Measure.gain(at: 1600) { low.process($0) }
        low.reset()
        let at3200 = Measure.gain(at: 3200) { low.process($0) }
        XCTAssertEqual(at3200 - at1600, -6, accuracy: 0.3)

        var a = OnePole(.lowPass, cutoff: 300, sampleRate: rate), b = OnePole(.highPass, cutoff: 300, sampleRate: rate)
        for x in Measure.noise(count: 1000, seed: 3) {
            XCTAssertEqual(a.process(x) + b.process(x), x, accuracy: 1e-6)
        }
    }

    /// The high-pass as a DC blocker: an offset of 0.5 under a tone is gone after a second.
    func testTheHighPassBlocksDC() {
        var blocker = OnePole(.highPass, cutoff: 10, sampleRate: rate)
        var last: Float = 1
        for _ in 0..<Int(rate) { last = blocker.process(0.5) }
        XCTAssertEqual(last, 0, accuracy: 1e-6)
    }

    /// NaN and infinities give finite output, the filter plays on; its tail ends in zeros.
    func testBadInputAndSilenceLeaveNoNaNAndNoDenormals() {
        var filter = OnePole(.lowPass, cutoff: 1000, sampleRate: rate)
        for x: Float in [1, .nan, .infinity, -.infinity, -1] { XCTAssertTrue(filter.process(x).isFinite) }
        XCTAssertEqual(Measure.gain(at: 1000) { filter.process($0) }, -3.01, accuracy: 0.1)
        var last: Float = 1
        for _ in 0..<Int(rate) {
            last = filter.process(0)
            XCTAssertFalse(last.isSubnormal)
        }
        XCTAssertEqual(last, 0)
    }

    /// A time constant or cutoff of zero, negative or NaN gives a coefficient in 0…1.
    func testCoefficientsStayBetweenFrozenAndOpen() {
        XCTAssertEqual(OnePole.coefficient(timeConstant: 0, sampleRate: rate), 1)
        XCTAssertEqual(OnePole.coefficient(cutoff: 0, sampleRate: rate), 0)
        XCTAssertEqual(OnePole.coefficient(cutoff: -5, sampleRate: rate), 0)
        XCTAssertEqual(OnePole.coefficient(cutoff: .nan, sampleRate: rate), 1)
        XCTAssertEqual(OnePole.coefficient(timeConstant: 1, sampleRate: rate), 1 - exp(-1 / rate), accuracy: 1e-15)
    }
}
