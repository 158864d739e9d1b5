import DSPKit
import LV2Kit

/// `urn:swiftlv2:examples:delay`: a stereo echo at a note value of the host's tempo.
///
/// The declaration (ports, groups) is in Delay+Declaration.swift; this file follows the
/// transport (`time:Position`, read at its exact frame) and runs an `Echo` per channel.
public struct Delay: LV2Plugin, ~Copyable {
    /// The slowest tempo it follows: a quarter note at 20 beats per minute lasts 3 s.
    static let tempoRange = 20.0...300.0

    private let sampleRate: Double
    private var left: Echo
    private var right: Echo
    private var beatsPerMinute = 120.0

    public init?(sampleRate: Double, host: borrowing HostFeatures) {
        self.sampleRate = sampleRate
        let longest = Int(sampleRate * 60 / Self.tempoRange.lowerBound) + 1
        let glide = Int(sampleRate * 0.05)  // 50 ms
        left = Echo(longest: longest, glideFrames: glide, delay: sampleRate / 4)
        right = Echo(longest: longest, glideFrames: glide, delay: sampleRate / 4)
    }

    public mutating func activate(_ ports: borrowing Ports<Port>) {
        setDelays(beats: ports.choice(.division, as: NoteValue.self).beats)
        left.clear()
        right.clear()
    }

    @_noAllocation @_noLocks
    public mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {
        let inLeft = ports.input(.inLeft, frames: frames), inRight = ports.input(.inRight, frames: frames)
        let outLeft = ports.output(.outLeft, frames: frames), outRight = ports.output(.outRight, frames: frames)
        let beats = ports.choice(.division, as: NoteValue.self).beats
        setDelays(beats: beats)
        var events = ports.events(.control, frames: frames)
        var next = events.next()
        for frame in 0..<frames {
            while let event = next, event.frame <= frame {
                if let position = ports.transport(event), let tempo = position.beatsPerMinute {
                    beatsPerMinute = min(max(tempo, Self.tempoRange.lowerBound), Self.tempoRange.upperBound)
                    setDelays(beats: beats)
                }
                next = events.next()
            }
            // Each input frame is read before its output is written: hosts may share the buffers.
            // An unconnected input is silence; NaN and infinity are too, so none reaches the output or the feedback.
            let dryLeft = SignalGuard.finite(inLeft?[frame] ?? 0), dryRight = SignalGuard.finite(inRight?[frame] ?? 0)
            // Mix and feedback glide sample by sample to each new setting (smoothed by LV2Kit).
            let feedback = ports.smoothed(.feedback), mix = ports.smoothed(.mix)
            let echoLeft = left.process(dryLeft, feedback: feedback)
            let echoRight = right.process(dryRight, feedback: feedback)
            outLeft?[frame] = dryLeft * (1 - mix) + echoLeft * mix
            outRight?[frame] = dryRight * (1 - mix) + echoRight * mix
        }
    }

    private mutating func setDelays(beats: Double) {
        let frames = beats * 60 / beatsPerMinute * sampleRate
        left.setDelay(frames)
        right.setDelay(frames)
    }
}
