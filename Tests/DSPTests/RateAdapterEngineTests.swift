import DSP
import XCTest

final class RateAdapterEngineTests: XCTestCase {
    func testTheQuantumLastsAboutTheSameTimeAtEveryHostRate() throws {
        // A power of two of at least 2.5 ms: the quantum's share of the latency stays near
        // 3 ms, and libsamplerate is called about 375 times a second, at any host rate.
        let expected: [(hostRate: Double, quantum: Int)] = [
            (8000, 32), (22050, 64), (44100, 128), (48000, 128), (96000, 256), (192_000, 512), (768_000, 2048),
        ]
        for (hostRate, quantum) in expected {
            XCTAssertEqual(try unwrap(RateAdapterEngine(hostRate: hostRate), "an engine").quantum, quantum, "at \(hostRate) Hz")
        }
    }
}
