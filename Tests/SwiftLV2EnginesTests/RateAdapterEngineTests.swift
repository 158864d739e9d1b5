import SwiftLV2Engines
import RateAdapter  // the defaults and ranges its declaration gives
import Foundation
import TestSupport
import XCTest

final class RateAdapterEngineTests: XCTestCase {
    func testTheQuantumLastsAboutTheSameTimeAtEveryHostRate() throws {
        // A power of two of at least 2.5 ms: the quantum's share of the latency stays near
        // 3 ms, and libsamplerate is called about 375 times a second, at any host rate.
        let expected: [(hostRate: Double, quantum: Int)] = [
            (8000, 32), (22050, 64), (44100, 128), (48000, 128), (96000, 256), (192_000, 512), (768_000, 2048),
        ]
        for (hostRate, quantum) in expected {
            XCTAssertEqual(try unwrap(RateAdapterEngine(hostRate: hostRate, lowestRate: RateAdapterSettings.lowestRate), "an engine").quantum, quantum, "at \(hostRate) Hz")
        }
    }

    func testTheBenchmarkTimesRawLibsamplerateInTheQuantaTheAdapterUses() throws {
        // Benchmarks/bench.h repeats the 48 kHz quantum for its "raw libsamplerate in the
        // adapter's calls" column; that column means something only while the two agree.
        let header = try String(contentsOf: Repository.root.appendingPathComponent("Benchmarks/bench.h"), encoding: .utf8)
        let definition = try unwrap(header.split(separator: "\n").first { $0.hasPrefix("#define RATE_ADAPTER_QUANTUM ") },
                                    "RATE_ADAPTER_QUANTUM in bench.h")
        let benchQuantum = Int(definition.split(separator: " ").last ?? "")
        XCTAssertEqual(benchQuantum, try unwrap(RateAdapterEngine(hostRate: 48000, lowestRate: RateAdapterSettings.lowestRate), "an engine").quantum)
    }
}
