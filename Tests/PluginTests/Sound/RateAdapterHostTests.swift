import Foundation
import LV2Host
import TestSupport
import XCTest

/// The rate adapter under the ways hosts call it: any block partition, shared
/// buffers, bypass. (Hostile hosts: HostileHostTests and the others.)
final class RateAdapterHostTests: XCTestCase {
    func testOutputIsBitIdenticalUnderAnyPartitionAndInPlace() throws {
        let harness = try RateAdapterHarness()
        let input = TestSignals.stereoNoise(frames: 30_000, seed: 3)
        for quality: Float in [1, 3] {
            let controls: [(symbol: String, value: Float)] = [("rate", 11025), ("quality", quality), ("mix", 0.7)]
            let reference = try harness.render(input, hostRate: 48000, controls: controls, blocks: .fixed(512)).output
            for (blocks, inPlace) in [(BlockPattern.random(min: 1, max: 700, seed: 1), false),
                                      (.random(min: 1, max: 97, seed: 2), true), (.fixed(4096), true)] {
                let output = try harness.render(input, hostRate: 48000, controls: controls, blocks: blocks, inPlace: inPlace).output
                XCTAssertEqual(output, reference, "quality \(quality), \(blocks), in place: \(inPlace)")
            }
        }
    }

    func testDryPathIsTheInputDelayedBitForBit() throws {
        // Mix 0, bypass, and any rate at or above the host's: the input, exactly, `latency` late.
        let harness = try RateAdapterHarness()
        let input = TestSignals.stereoNoise(frames: 20_000, seed: 4)
        let cases: [[(symbol: String, value: Float)]] = [
            [("mix", 0), ("rate", 8000)], [("enabled", 0), ("rate", 8000)], [("enabled", 0), ("quality", 3)],
            [("rate", 48000)], [("rate", 96000), ("quality", 0)], [("rate", 192_000), ("quality", 4)],
        ]
        for controls in cases {
            let result = try harness.render(input, hostRate: 48000, controls: controls, blocks: .random(min: 1, max: 300, seed: 5))
            for channel in 0..<2 {
                XCTAssertEqual(result.output[channel], TestSignals.delayed(input[channel], by: result.latency), "\(controls)")
            }
        }
    }

    func testBypassFadesAndThenIsExact() throws {
        let harness = try RateAdapterHarness()
        let input = TestSignals.stereoNoise(frames: 24_000, seed: 6)
        let result = try harness.play(input, hostRate: 48000, blockLength: 64, controls: [("rate", 6000)]) { instance, frame in
            if frame == 8000 { try instance.setControl("enabled", 0) }
        }
        let latency = result.latencies[0]
        let dry = TestSignals.delayed(input[0], by: latency)
        let afterFade = (8000 + 64 + 480 + 32)..<24_000  // the block, 10 ms of fade, a quantum
        XCTAssertEqual(Array(result.output[0][afterFade]), Array(dry[afterFade]))
        XCTAssertNotEqual(Array(result.output[0][4000..<8000]), Array(dry[4000..<8000]), "enabled, the wet signal is heard")
    }
}
