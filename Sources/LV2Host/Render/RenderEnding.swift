/// Where a render stops, counted in output frames (after latency compensation).
enum RenderEnding {
    /// Exactly this many frames.
    case length(Int)
    /// Once the output has stayed silent for `window` frames at or after `start`,
    /// but no later than `limit`.
    case silence(start: Int, window: Int, limit: Int)

    /// Quieter than this counts as silence: -100 dBFS, below any 24-bit dither.
    static let silenceThreshold: Float = 1e-5

    /// `contentEnd`: the output frame where the input and the MIDI end. `latency`: how
    /// much later their sound comes out (0 when compensated); the silence rule waits
    /// for it, or a chain slower than 0.1 s would end before any sound came out.
    init(_ request: RenderRequest, contentEnd: Int, latency: Int) {
        let rate = request.sampleRate
        if let duration = request.duration {
            self = .length(Int((duration * rate).rounded()))
        } else if let tail = request.tail {
            self = .length(contentEnd + Int((tail * rate).rounded()))
        } else {
            let start = contentEnd + latency
            self = .silence(start: start, window: max(1, Int((0.1 * rate).rounded())),
                            limit: start + Int((30 * rate).rounded()))
        }
    }
}

/// Follows the output block by block to find where `RenderEnding.silence` stops.
struct SilenceWatch {
    let start: Int
    let window: Int
    let limit: Int
    private var silentRun = 0

    init(start: Int, window: Int, limit: Int) {
        self.start = start
        self.window = window
        self.limit = limit
    }

    /// Looks at one block of output whose first frame is output frame `first`
    /// (negative while latency is being dropped). Returns the output length once known.
    mutating func scan(_ channels: [UnsafeMutableBufferPointer<Float>], frames: Int, first: Int) -> Int? {
        for i in 0..<frames {
            let frame = first + i
            guard frame >= start else { continue }
            let isSilent = channels.allSatisfy { abs($0[i]) <= RenderEnding.silenceThreshold }
            silentRun = isSilent ? silentRun + 1 : 0
            if silentRun >= window || frame + 1 >= limit {
                return frame + 1
            }
        }
        return nil
    }
}
