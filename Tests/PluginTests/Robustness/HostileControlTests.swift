import SwiftLV2Engines
import LV2Check
import LV2Host
import XCTest

/// Every control of both plugins at values no knob has: NaN, infinities, huge, tiny,
/// out of range, and jumping every block. The output stays finite and no louder than the
/// plugin can ever be, and afterwards the plugin plays as a fresh one.
final class HostileControlTests: XCTestCase {
    /// NaNs, infinities, the extremes of Float, denormals: what `lv2render check` sends too.
    static let nonsense = HostileInput.controlValues

    func testEveryControlAtEveryNonsenseValue() throws {
        for plugin in OurPlugin.allCases {
            let instance = try plugin.instance()
            instance.activate()
            let stimulus = plugin.stimulus(frames: 2400)
            for control in plugin.controls {
                let outside = [control.minimum! - 1000, control.maximum! + 1000]
                for value in Self.nonsense + outside {
                    instance.setControl(control.symbol, value)
                    assertFinite(instance.play(stimulus, blocks: [256]), limit: plugin.loudestOutput,
                                 "\(plugin): \(control.symbol) = \(value)")
                }
                instance.resetControls()
            }
            try plugin.assertStillWorks(instance, "\(plugin) after nonsense controls")
        }
    }

    func testAllControlsJumpingEveryBlock() throws {
        // Every block, every control takes a new value: nonsense, an extreme of its range
        // or anything in between; blocks of 1 to 600 frames.
        for plugin in OurPlugin.allCases {
            let instance = try plugin.instance()
            instance.activate()
            var random = SplitMix64(seed: 5)
            var blocks = (0..<200).map { _ in Int(1 + random.next() % 600) }
            blocks[7] = 0
            let output = instance.play(plugin.stimulus(frames: 48000), blocks: blocks) { _, _ in
                for control in plugin.controls {
                    let low = control.minimum!, high = control.maximum!
                    let choices = Self.nonsense + [low, high, Float.random(in: low...high, using: &random)]
                    instance.setControl(control.symbol, choices[Int(random.next() % UInt64(choices.count))])
                }
            }
            assertFinite(output, limit: plugin.loudestOutput, "\(plugin)")
            try plugin.assertStillWorks(instance, "\(plugin) after jumping controls")
        }
    }
}

extension OurPlugin {
    /// No output sample may be louder: for the synth every voice at full velocity and
    /// +6 dB; for the rate adapter, with its ±0.5 noise stimulus, the sinc filters'
    /// overshoot with a wide margin.
    var loudestOutput: Float {
        switch self {
        case .synth: Float(VoiceAllocator.capacity) * 2  // +6 dB is just under twice
        case .rateAdapter: 4
        }
    }
}
