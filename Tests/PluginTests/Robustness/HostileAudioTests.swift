import SwiftLV2Engines
import LV2Check
import LV2Host
import RateAdapter
import TestSupport
import XCTest

/// The rate adapter fed what no microphone makes: NaN, infinities, the largest floats,
/// denormals, full-scale square waves, through every quality, converted and dry, with
/// separate and shared (in-place) buffers.
final class HostileAudioTests: XCTestCase {
    private static let frames = 4800

    /// Each of `lv2render check`'s hostile signals on the left, the same reversed on the
    /// right (so that channels cannot mix), and NaN in one channel only.
    private static let signals: [(name: String, left: [Float], right: [Float])] = {
        let noise = TestSignals.stereoNoise(frames: frames, seed: 21)
        let hostile = HostileInput.signals(frames: frames, sampleRate: 48000, noise: noise[0])
        return hostile.map { ($0.name, $0.samples, $0.samples.reversed()) }
            + [("NaN in one channel only", [Float](repeating: .nan, count: frames), noise[1])]
    }()

    func testHostileInputGivesFiniteOutputAndLeavesTheAdapterWorking() throws {
        // Every quality hears every signal; the rate and buffer sharing take turns.
        let lowest = Float(RateAdapterSettings.lowestRate)
        let settings: [(rate: Float, inPlace: Bool)] = [(lowest, false), (22050, true), (48000, false)]
        for quality in 0..<5 {
            for (index, signal) in Self.signals.enumerated() {
                let (rate, inPlace) = settings[(quality + index) % settings.count]
                let context = "\(signal.name), quality \(quality), rate \(rate), in place: \(inPlace)"
                let instance = try OurPlugin.rateAdapter.instance()
                instance.setControl("quality", Float(quality))
                instance.setControl("rate", rate)
                instance.connectsInPlace = inPlace
                instance.activate()
                let output = instance.play(Stimulus(frames: Self.frames, audio: [signal.left, signal.right]), blocks: [333])
                // The sanitized input is at most 1e6; a converter can ring above a step.
                assertFinite(output, limit: 2e6, context)
                if signal.name.hasPrefix("full") || signal.name.hasPrefix("DC") { assertFinite(output, limit: 1.5, context) }
                if signal.name == "denormals" { assertFinite(output, limit: .leastNormalMagnitude, context) }
                try OurPlugin.rateAdapter.assertStillWorks(instance, context)
            }
        }
    }
}
