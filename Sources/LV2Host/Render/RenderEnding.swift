import Foundation

/// Where a render stops, counted in output frames (after latency compensation).
enum RenderEnding {
    /// Exactly this many frames.
    case length(Int)
    /// Once the output after `start` has gone silent for `window` frames or held a
    /// steady level (see `SteadyLevelWatch`), but no later than `limit`.
    case tail(start: Int, window: Int, limit: Int)

    /// Quieter than this counts as silence: -100 dBFS, below any 24-bit dither.
    static let silenceThreshold: Float = 1e-5

    /// `contentEnd`: the output frame where the input and the MIDI end. `latency`: how
    /// much later their sound comes out (0 when compensated); the tail rule waits
    /// for it, or a chain slower than 0.1 s would end before any sound came out.
    init(_ request: RenderRequest, contentEnd: Int, latency: Int) {
        let rate = request.sampleRate
        if let duration = request.duration {
            self = .length(RenderRequest.frames(duration, sampleRate: rate))
        } else if let tail = request.tail {
            self = .length(contentEnd + RenderRequest.frames(tail, sampleRate: rate))
        } else {
            let start = contentEnd + latency
            self = .tail(start: start, window: max(1, RenderRequest.frames(0.1, sampleRate: rate)),
                         limit: start + RenderRequest.frames(RenderRequest.tailCapSeconds, sampleRate: rate))
        }
    }
}

/// Why a render is as long as it is.
public enum RenderEndReason: String {
    /// --duration or --tail set the length.
    case length
    /// The output went silent after the input and the MIDI ended.
    case silence
    /// The output held a steady level (dither, noise, hum) after the input ended.
    case steadyLevel = "steady-level"
    /// The output neither went silent nor held steady before `RenderRequest.tailCapSeconds`.
    case tailCap = "tail-cap"
}

/// Follows the output block by block to find where `RenderEnding.tail` stops.
struct TailWatch {
    let start: Int
    let window: Int
    let limit: Int
    private var silentRun = 0
    private var steady: SteadyLevelWatch
    /// Why the render ends where `scan` said, once it has said.
    private(set) var reason: RenderEndReason?

    /// `window`: the frames of silence that end the render, 0.1 s; the steady level is
    /// measured in windows twice as long.
    init(start: Int, window: Int, limit: Int) {
        self.start = start
        self.window = window
        self.limit = limit
        steady = SteadyLevelWatch(window: 2 * window)
    }

    /// Looks at one block of output whose first frame is output frame `first`
    /// (negative while latency is being dropped). Returns the output length once known.
    /// While `notesHeld` (notes the plugin's MIDI output started and has not ended), the
    /// render goes on whatever the audio does, up to the cap.
    mutating func scan(_ channels: [UnsafeMutableBufferPointer<Float>], frames: Int, first: Int, notesHeld: Bool = false) -> Int? {
        for i in 0..<frames {
            let frame = first + i
            guard frame >= start else { continue }
            var isSilent = true, power: Float = 0
            for channel in channels {
                let sample = channel[i]
                // NaN is not silence.
                if !(abs(sample) <= RenderEnding.silenceThreshold) { isSilent = false }
                power += sample * sample
            }
            silentRun = isSilent && !notesHeld ? silentRun + 1 : 0
            if silentRun >= window {
                reason = .silence
            } else if !notesHeld, steady.add(power) {
                reason = .steadyLevel
            } else if frame + 1 >= limit {
                reason = .tailCap
            }
            if reason != nil { return frame + 1 }
        }
        return nil
    }
}

/// Tells when a tail has stopped decaying: the level of the last `windowCount` windows
/// stays within `spread` dB. A reverb or an echo still changes level; dither, noise and
/// hum hold it. 7 windows of 0.2 s within 1 dB: a decay slower than about 0.8 dB/s (a
/// reverb time above 70 s) counts as steady, and a steady tail ends 1.4 s after the input.
struct SteadyLevelWatch {
    let window: Int
    static let windowCount = 7
    static let spread = 1.0
    private var power = 0.0
    private var frames = 0
    /// The levels of the last windows, in dB, oldest first.
    private var levels: [Double] = []

    init(window: Int) {
        self.window = window
        levels.reserveCapacity(Self.windowCount + 1)
    }

    /// Adds one frame's power (the sum of its samples' squares); true once the level is steady.
    mutating func add(_ framePower: Float) -> Bool {
        power += Double(framePower)
        frames += 1
        guard frames == window else { return false }
        levels.append(power > 0 ? 10 * log10(power / Double(window)) : -.infinity)
        if levels.count > Self.windowCount { levels.removeFirst() }
        power = 0
        frames = 0
        guard levels.count == Self.windowCount, let low = levels.min(), let high = levels.max(), low.isFinite else { return false }
        return high - low <= Self.spread
    }
}
