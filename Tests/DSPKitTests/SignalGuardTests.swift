import DSPKit
import XCTest

final class SignalGuardTests: XCTestCase {
    func testNaNAndInfinitiesBecomeSilenceAndOrdinarySamplesStayExact() {
        for x: Float in [.nan, .infinity, -.infinity] {
            XCTAssertEqual(SignalGuard.finite(x), 0)
            XCTAssertEqual(SignalGuard.sanitized(x), 0)
            XCTAssertEqual(SignalGuard.needsSanitizing(x), 1)
        }
        for x: Float in [0, -0.5, 0.999, 1e-20, -3, .leastNonzeroMagnitude] {
            XCTAssertEqual(SignalGuard.finite(x).bitPattern, x.bitPattern)
            XCTAssertEqual(SignalGuard.sanitized(x).bitPattern, x.bitPattern)
            XCTAssertEqual(SignalGuard.needsSanitizing(x), 0)
        }
        XCTAssertEqual(SignalGuard.sanitized(1e30), SignalGuard.loudestSample)
        XCTAssertEqual(SignalGuard.finite(1e30), 1e30)
    }

    func testDenormalsAreFlushedAndNormalNumbersKept() {
        for x: Float in [.leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude / 2] {
            XCTAssertEqual(SignalGuard.flushDenormal(x), 0)
        }
        XCTAssertEqual(SignalGuard.flushDenormal(Float.leastNormalMagnitude), .leastNormalMagnitude)
        XCTAssertEqual(SignalGuard.flushDenormal(Float(-0.25)), -0.25)
        XCTAssertEqual(SignalGuard.flushDenormal(1e-39 as Double), 0)
        XCTAssertEqual(SignalGuard.flushDenormal(1e-30 as Double), 1e-30)
    }

    func testSanitizeCleansABlockInPlace() {
        var block: [Float] = [0.5, .nan, -2e6, .infinity, -0.25]
        block.withUnsafeMutableBufferPointer { SignalGuard.sanitize($0.baseAddress!, count: $0.count) }
        XCTAssertEqual(block, [0.5, 0, -SignalGuard.loudestSample, 0, -0.25])
    }
}
