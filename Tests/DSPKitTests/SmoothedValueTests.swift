import DSPKit
import XCTest

final class SmoothedValueTests: XCTestCase {
    /// A ramp of 10 ms at 48 kHz: the target exactly on the 480th sample, every step before it
    /// short of it (no overshoot), the same step each time (a straight line).
    func testReachesItsTargetInTheRampTimeWithoutOvershoot() {
        var gain = SmoothedValue(1, rampTime: 0.010, sampleRate: 48000)
        XCTAssertEqual(gain.rampLength, 480)
        gain.set(0.25)
        let values = (0..<600).map { _ in gain.next() }
        XCTAssertEqual(values[479], 0.25)
        XCTAssertTrue(values[..<479].allSatisfy { $0 > 0.25 && $0 < 1 })
        XCTAssertTrue(values[479...].allSatisfy { $0 == 0.25 })
        let steps = zip(values, values.dropFirst()).prefix(478).map { $1 - $0 }
        XCTAssertTrue(steps.allSatisfy { abs($0 - -0.75 / 480) < 1e-12 })
        XCTAssertTrue(gain.isSettled)
    }

    /// A new target mid-ramp starts from where the value is: no jump.
    func testANewTargetMidRampStartsFromTheCurrentValue() {
        var value = SmoothedValue(0, rampLength: 100)
        value.set(1)
        for _ in 0..<50 { _ = value.next() }
        let before = value.current
        value.set(-1)
        let after = value.next()
        XCTAssertEqual(after, before - (before + 1) / 100, accuracy: 1e-12)
        for _ in 0..<99 { _ = value.next() }
        XCTAssertEqual(value.current, -1)
    }

    /// NaN and infinite targets are ignored; `settle` jumps to the target.
    func testBadTargetsAreIgnoredAndSettleJumps() {
        var value = SmoothedValue(0.5, rampLength: 10)
        value.set(.nan)
        value.set(.infinity)
        XCTAssertEqual(value.next(), 0.5)
        value.set(2)
        value.settle()
        XCTAssertEqual(value.next(), 2)
    }
}
