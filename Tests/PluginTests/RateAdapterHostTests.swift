import CLV2
import Foundation
import LV2Host
import RTProbe
import TestSupport
import XCTest

/// The rate adapter under the ways hosts call it: any block partition, shared
/// buffers, bypass, restarts, odd sample rates, the real-time thread.
final class RateAdapterHostTests: XCTestCase {
    func testOutputIsBitIdenticalUnderAnyPartitionAndInPlace() throws {
        let harness = try RateAdapterHarness()
        let input = TestSignal.noise(frames: 30_000, seed: 3)
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
        let input = TestSignal.noise(frames: 20_000, seed: 4)
        let cases: [[(symbol: String, value: Float)]] = [
            [("mix", 0), ("rate", 8000)], [("enabled", 0), ("rate", 8000)], [("enabled", 0), ("quality", 3)],
            [("rate", 48000)], [("rate", 96000), ("quality", 0)], [("rate", 192_000), ("quality", 4)],
        ]
        for controls in cases {
            let result = try harness.render(input, hostRate: 48000, controls: controls, blocks: .random(min: 1, max: 300, seed: 5))
            for channel in 0..<2 {
                XCTAssertEqual(result.output[channel], TestSignal.delayed(input[channel], by: result.latency), "\(controls)")
            }
        }
    }

    func testBypassFadesAndThenIsExact() throws {
        let harness = try RateAdapterHarness()
        let input = TestSignal.noise(frames: 24_000, seed: 6)
        let result = try harness.play(input, hostRate: 48000, blockLength: 64, controls: [("rate", 6000)]) { instance, frame in
            if frame == 8000 { try instance.setControl("enabled", 0) }
        }
        let latency = result.latencies[0]
        let dry = TestSignal.delayed(input[0], by: latency)
        let afterFade = (8000 + 64 + 480 + 32)..<24_000  // the block, 10 ms of fade, a quantum
        XCTAssertEqual(Array(result.output[0][afterFade]), Array(dry[afterFade]))
        XCTAssertNotEqual(Array(result.output[0][4000..<8000]), Array(dry[4000..<8000]), "enabled, the wet signal is heard")
    }

    func testDeactivateAndActivateStartAfresh() throws {
        let harness = try RateAdapterHarness()
        let instance = try PluginInstance(plugin: harness.plugin, sampleRate: 44100, maxBlockLength: 512)
        try instance.setControl("rate", 5000)
        /// The left output of `signal`, played through `instance` in blocks of 512.
        func play(_ signal: [[Float]]) -> [Float] {
            stride(from: 0, to: signal[0].count, by: 512).flatMap { start -> [Float] in
                for channel in 0..<2 { _ = instance.audioInput(channel).update(fromContentsOf: signal[channel][start..<(start + 512)]) }
                instance.run(frames: 512)
                return Array(instance.audioOutput(0))
            }
        }
        let probe = TestSignal.impulse(at: 10, frames: 8 * 512)
        instance.activate()
        _ = play(TestSignal.noise(frames: 20 * 512, seed: 7))
        instance.deactivate()
        instance.activate()
        let restarted = play(probe)
        let fresh = try harness.play(probe, hostRate: 44100, blockLength: 512, controls: [("rate", 5000)]).output[0]
        XCTAssertEqual(restarted, fresh)
    }

    func testInstantiatesFrom8To768KilohertzAndRefusesNonsense() throws {
        let harness = try RateAdapterHarness()
        let library = try PluginLibrary(path: harness.plugin.libraryPath)
        let descriptor = try library.descriptor(uri: RateAdapterHarness.uri)
        var features: [UnsafePointer<LV2_Feature>?] = [nil]
        for rate in [0, -1, .nan, .infinity, 1e12] {
            XCTAssertNil(descriptor.pointee.instantiate(descriptor, rate, harness.plugin.bundlePath, &features), "\(rate) Hz")
        }
        for rate in [8000.0, 11025, 768_000] {
            let input = TestSignal.noise(frames: Int(rate / 4), seed: 8)
            let result = try harness.render(input, hostRate: rate, controls: [("rate", 3000), ("quality", 2)])
            XCTAssertGreaterThan(result.latency, 0)
            XCTAssertTrue(result.output.allSatisfy { $0.allSatisfy(\.isFinite) }, "\(rate) Hz")
            XCTAssertGreaterThan(SignalAnalysis.rms(result.output[0][result.latency...]), 0.01, "\(rate) Hz: sound comes out")
        }
    }

    func testRunNeverAllocatesOrLocksEvenWhenQualityChanges() throws {
        let harness = try RateAdapterHarness()
        let instance = try PluginInstance(plugin: harness.plugin, sampleRate: 48000, maxBlockLength: 1024)
        instance.activate()
        let noise = TestSignal.noise(frames: 1024, seed: 9)
        for channel in 0..<2 { _ = instance.audioInput(channel).update(fromContentsOf: noise[channel]) }
        var steps = 0
        for blockLength in [1, 17, 256, 1024] {
            for _ in 0..<40 {
                steps += 1
                try instance.setControl("quality", Float(steps / 7 % 5))
                try instance.setControl("rate", Float([2000, 9000, 48000, 30000][steps % 4]))
                try instance.setControl("mix", Float(steps % 3) / 2)
                try instance.setControl("enabled", Float(steps / 5 % 2))
                rt_probe_begin()
                instance.run(frames: blockLength)
                let counts = rt_probe_end()
                XCTAssertEqual(counts.allocations, 0, "block \(blockLength), step \(steps)")
                XCTAssertEqual(counts.locks, 0, "block \(blockLength), step \(steps)")
            }
        }
    }
}
