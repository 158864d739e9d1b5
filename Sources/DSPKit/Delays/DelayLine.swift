/// Delays interleaved frames by whole numbers of frames, bit for bit.
///
/// Blocks of frames go in with `write`; `read` then copies the same number of frames
/// as they were `delay` frames earlier. Several reads at different delays may follow
/// one write (the rate adapter needs the dry signal at the latency of two qualities
/// while it crossfades between them).
///
/// For one channel read a sample at a time at a delay that may glide (an echo), see
/// `FractionalDelayLine`.
public struct DelayLine: ~Copyable {
    /// Samples per frame.
    public let channels: Int
    /// The longest delay `read` accepts.
    public let maximumDelay: Int
    /// The most frames one `write` may bring.
    public let maximumBlock: Int
    @usableFromInline let ring: SampleBuffer
    @usableFromInline let ringFrames: Int
    /// Where the next write starts, in frames.
    @usableFromInline var head = 0

    /// Allocates the line, silent (the only allocation it makes).
    public init(maximumDelay: Int, maximumBlock: Int, channels: Int) {
        self.channels = channels
        self.maximumDelay = max(maximumDelay, 0)
        self.maximumBlock = max(maximumBlock, 1)
        ringFrames = self.maximumDelay + self.maximumBlock
        ring = SampleBuffer(count: ringFrames * channels)
    }

    /// Forgets everything: the line reads as silence until filled again.
    @_noAllocation @_noLocks
    public mutating func reset() {
        ring.zero()
        head = 0
    }

    /// Appends `frames` frames (at most `maximumBlock`).
    @_noAllocation @_noLocks @inlinable
    public mutating func write(_ input: UnsafePointer<Float>, frames: Int) {
        let frames = min(frames, maximumBlock)
        let first = framesBeforeWrap(frames: frames, ringStart: head)
        (ring.start + head * channels).copySamples(from: input, count: first * channels)
        ring.start.copySamples(from: input + first * channels, count: (frames - first) * channels)
        head = (head + frames).wrapped(ringFrames)
    }

    /// Copies the frames of the last `write` as they were `delay` frames (at most
    /// `maximumDelay`) earlier.
    @_noAllocation @_noLocks @inlinable
    public func read(delay: Int, frames: Int, into output: UnsafeMutablePointer<Float>) {
        let frames = min(frames, maximumBlock)
        let delay = min(max(delay, 0), maximumDelay)
        let start = (head - frames - delay + ringFrames).wrapped(ringFrames)
        let first = framesBeforeWrap(frames: frames, ringStart: start)
        output.copySamples(from: ring.start + start * channels, count: first * channels)
        (output + first * channels).copySamples(from: ring.start, count: (frames - first) * channels)
    }

    /// How many of `frames` frames from `ringStart` lie before the ring's end; the rest
    /// continue at its start.
    @_noAllocation @_noLocks @inlinable
    func framesBeforeWrap(frames: Int, ringStart: Int) -> Int {
        min(frames, ringFrames - ringStart)
    }
}
