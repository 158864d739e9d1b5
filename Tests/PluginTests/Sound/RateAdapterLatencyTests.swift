import CLV2
import SwiftLV2Engines
import Foundation
import LV2Host
import RateAdapter
import TestSupport
import XCTest

/// The latency the rate adapter reports is the delay a listener measures.
final class RateAdapterLatencyTests: XCTestCase {
    func testSincImpulsePeakIsAtTheReportedLatencyForEveryRateAndHostRate() throws {
        let harness = try RateAdapterHarness()
        for hostRate in [44100.0, 48000, 96000] {
            for quality in RateAdapterHarness.sincQualities {
                var reported: Set<Int> = []
                for rate in [Float(RateAdapterSettings.lowestRate), 8000, 22050, 44000] {
                    let input = TestSignals.stereo(TestSignals.impulse(at: 300, frames: 16_000 * Int(hostRate / 44100)))
                    let result = try harness.render(input, hostRate: hostRate,
                                                    controls: [("rate", rate), ("quality", quality)])
                    for channel in 0..<2 {
                        XCTAssertEqual(SignalAnalysis.peakIndex(of: result.output[channel]) - 300, result.latency,
                                       "quality \(quality), rate \(rate) Hz, host \(hostRate) Hz")
                    }
                    reported.insert(result.latency)
                }
                XCTAssertEqual(reported.count, 1, "quality \(quality) at \(hostRate) Hz: one latency for every rate")
            }
        }
    }

    func testHoldAndLinearOutputIsTheInputDelayedByTheReportedLatency() throws {
        // A slow sine, well inside the band: no other delay matches the output better.
        // A hold of an even number of frames (12 at 4 kHz) is centred half way between
        // two delays, which then fit equally well (to within 0.01 dB).
        let harness = try RateAdapterHarness()
        let input = TestSignals.stereo(TestSignals.sine(frequency: 150, sampleRate: 48000, frames: 24_000))
        for quality: Float in [3, 4] {
            for rate: Float in [4000, 16000] {
                let result = try harness.render(input, hostRate: 48000, controls: [("rate", rate), ("quality", quality)])
                let steady = 4000..<24_000
                let fits = (-1...1).map { offset in
                    SignalAnalysis.errorDecibels(result.output[0], TestSignals.delayed(input[0], by: result.latency + offset),
                                             frames: steady)
                }
                XCTAssertLessThanOrEqual(fits[1], min(fits[0], fits[2]) + 0.01, "quality \(quality), rate \(rate) Hz: \(fits)")
            }
        }
    }

    func testLatencyIsWrittenOnRunZeroAndWithAudioUnconnected() throws {
        // Hosts ask for the latency by running 0 frames before connecting audio: only
        // the control ports are connected here, straight through the descriptor.
        let harness = try RateAdapterHarness()
        let library = try PluginLibrary(path: harness.plugin.libraryPath)
        let descriptor = try library.descriptor(uri: RateAdapterHarness.uri)
        var features: [UnsafePointer<LV2_Feature>?] = [nil]
        for quality: Float in [0, 3] {
            let handle = try XCTUnwrap(descriptor.pointee.instantiate?(descriptor, 48000, harness.plugin.bundlePath, &features))
            var controls: [Float] = [22050, quality, 1, 1, -1]  // rate, quality, mix, enabled, latency
            for (offset, port) in (4...8).enumerated() {
                controls.withUnsafeMutableBufferPointer { descriptor.pointee.connect_port(handle, UInt32(port), $0.baseAddress! + offset) }
            }
            descriptor.pointee.activate(handle)
            descriptor.pointee.run(handle, 0)
            let atRunZero = controls[4]
            controls[4] = -1
            descriptor.pointee.run(handle, 256)
            descriptor.pointee.cleanup(handle)

            let expected = try harness.render(TestSignals.stereo(TestSignals.impulse(at: 0, frames: 64)), hostRate: 48000,
                                              controls: [("quality", quality)]).latency
            XCTAssertEqual(atRunZero, Float(expected), "quality \(quality)")
            XCTAssertEqual(controls[4], Float(expected), "quality \(quality), audio unconnected")
        }
    }

    func testLv2infoShowsTheLatencyPortAndTheQualityNames() throws {
        let info = try runCommand("lv2info", [RateAdapterHarness.uri],
                                  environment: ["LV2_PATH": Repository.lv2PathWithSystemBundles])
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(info.standardOutput.contains("Has latency:       yes, reported by port 8"), info.standardOutput)
        for (value, label) in ["Sinc best", "Sinc medium", "Sinc fastest", "Zero-order hold", "Linear"].enumerated() {
            XCTAssertTrue(info.standardOutput.contains("\(value) = \"\(label)\""), label)
        }
        for designation in ["lv2core#latency", "lv2core#enabled", "port-groups#left", "port-groups#right"] {
            XCTAssertTrue(info.standardOutput.contains(designation), designation)
        }
    }
}
