import LV2Host
import TestSupport
import XCTest

/// The rate adapter fed what no microphone makes: NaN, infinities, the largest floats,
/// denormals, full-scale square waves, through every quality, converted and dry, with
/// separate and shared (in-place) buffers.
final class HostileAudioTests: XCTestCase {
    private static let frames = 4800

    /// Each signal for both channels (the right one differs, so that channels cannot mix).
    private static let signals: [(name: String, left: [Float], right: [Float])] = {
        let noise = TestSignals.stereoNoise(frames: frames, seed: 21)
        var nanBurst = noise[0]
        nanBurst.replaceSubrange(1000..<1100, with: repeatElement(.nan, count: 100))
        let hugeAndInfinite = (0..<frames).map { [Float.infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude][$0 % 4] }
        let denormal = noise[0].map { $0 * .leastNormalMagnitude }  // all below the smallest normal
        func square(period: Int) -> [Float] { (0..<frames).map { $0 % period < period / 2 ? 1 : -1 } }
        return [
            ("a burst of NaN", nanBurst, noise[1]),
            ("NaN in one channel only", [Float](repeating: .nan, count: frames), noise[1]),
            ("infinities and the largest floats", hugeAndInfinite, hugeAndInfinite.reversed()),
            ("denormals", denormal, denormal.reversed()),
            ("a full-scale square at 100 Hz", square(period: 480), square(period: 240)),
            ("full scale at the Nyquist frequency", square(period: 2), square(period: 6)),
        ]
    }()

    func testHostileInputGivesFiniteOutputAndLeavesTheAdapterWorking() throws {
        // Every quality hears every signal; the rate and buffer sharing take turns.
        let settings: [(rate: Float, inPlace: Bool)] = [(2000, false), (22050, true), (48000, false)]
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
                if signal.name.hasPrefix("full") { assertFinite(output, limit: 1.5, context) }
                if signal.name == "denormals" { assertFinite(output, limit: .leastNormalMagnitude, context) }
                try OurPlugin.rateAdapter.assertStillWorks(instance, context)
            }
        }
    }
}
