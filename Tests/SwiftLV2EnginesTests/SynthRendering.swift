import SwiftLV2Engines
import SineSynth  // the defaults its declaration gives

/// An event at a frame, for `render`.
typealias Event = (frame: Int, apply: (inout SynthEngine) -> Void)

/// Renders the synth engine with events at exact frames, for the synth's test suites.
protocol SynthRendering {}

extension SynthRendering {
    /// Renders `frames` frames, applying each event at its frame, in blocks of `block`.
    func render(_ settings: SynthSettings = SynthSettings.defaults, rate: Double = 48000, frames: Int,
                block: Int = 512, events: [Event]) -> [Float] {
        var engine = SynthEngine(sampleRate: rate, settings: .defaults)
        engine.configure(settings)
        engine.reset()
        var output = [Float](repeating: 0, count: frames)
        var pending = events.sorted { $0.frame < $1.frame }[...]
        output.withUnsafeMutableBufferPointer { buffer in
            var position = 0
            while position < frames {
                let end = min(position + block, frames, pending.first?.frame ?? frames)
                engine.render(into: buffer.baseAddress! + position, count: end - position)
                position = end
                while let event = pending.first, event.frame <= position {
                    event.apply(&engine)
                    pending.removeFirst()
                }
            }
        }
        return output
    }

    func noteOn(_ note: UInt8, at frame: Int, velocity: UInt8 = 100, channel: UInt8 = 0) -> Event {
        (frame, { $0.noteOn(channel: channel, note: note, velocity: velocity) })
    }

    func noteOff(_ note: UInt8, at frame: Int, channel: UInt8 = 0) -> Event {
        (frame, { $0.noteOff(channel: channel, note: note) })
    }
}
