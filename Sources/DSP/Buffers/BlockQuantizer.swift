/// Turns host blocks of any length into fixed quanta of stereo frames, and back.
///
/// Hosts call `run` with any number of frames, so processing whatever arrives would
/// make the output depend on how the host happened to split the stream. Instead the
/// frames are gathered into quanta of exactly `quantum` frames, each quantum is
/// processed whole, and the results are handed out `quantum - 1` frames later: the
/// output is then the same for every partition of the input.
///
/// Use per chunk: `write` at most `framesUntilQuantum` frames; if `isQuantumReady`,
/// process `quantumInput` into `quantumOutput` and call `finishQuantum`; then `read`
/// the same number of frames. Reading each chunk's input before writing its output
/// lets the host use one buffer for both (in-place processing).
public struct BlockQuantizer: ~Copyable {
    public static let channels = 2
    public let quantum: Int
    /// Frames between a frame going in and its processed frame coming out.
    public var latency: Int { quantum - 1 }

    /// The quantum being gathered, interleaved.
    private let gathered: SampleBuffer
    private var gatheredFrames = 0
    /// Processed frames waiting to go out: a ring of two quanta, interleaved.
    private let processed: SampleBuffer
    private var readFrame = 0
    private var waitingFrames = 0

    public init(quantum: Int) {
        self.quantum = max(quantum, 1)
        gathered = SampleBuffer(count: self.quantum * Self.channels)
        processed = SampleBuffer(count: 2 * self.quantum * Self.channels)
        reset()
    }

    /// Back to the start: `latency` frames of silence wait to go out, so that a quantum
    /// is complete by the time its first frame is due.
    public mutating func reset() {
        gathered.zero()
        processed.zero()
        gatheredFrames = 0
        readFrame = 1
        waitingFrames = quantum - 1
    }

    public var framesUntilQuantum: Int { quantum - gatheredFrames }
    public var isQuantumReady: Bool { gatheredFrames == quantum }

    /// The complete quantum, interleaved; the processor may change it in place.
    public var quantumInput: UnsafeMutablePointer<Float> { gathered.start }

    /// Where the processed quantum goes (interleaved). Waiting output always ends at a
    /// quantum boundary of the ring, so this space is contiguous.
    public var quantumOutput: UnsafeMutablePointer<Float> {
        let writeFrame = (readFrame + waitingFrames) % (2 * quantum)
        return processed.start + writeFrame * Self.channels
    }

    public mutating func finishQuantum() {
        gatheredFrames = 0
        waitingFrames += quantum
    }

    /// Gathers `frames` frames (at most `framesUntilQuantum`) from planar inputs;
    /// an unconnected input reads as silence.
    public mutating func write(left: UnsafePointer<Float>?, right: UnsafePointer<Float>?, frames: Int) {
        let destination = gathered.start + gatheredFrames * Self.channels
        destination.copySamples(from: left, sourceStride: 1, stride: Self.channels, count: frames)
        (destination + 1).copySamples(from: right, sourceStride: 1, stride: Self.channels, count: frames)
        gatheredFrames += frames
    }

    /// Hands out the next `frames` processed frames to planar outputs (an unconnected
    /// output is skipped). There are always as many waiting as were last written.
    public mutating func read(left: UnsafeMutablePointer<Float>?, right: UnsafeMutablePointer<Float>?, frames: Int) {
        copyOut(channel: 0, to: left, frames: frames)
        copyOut(channel: 1, to: right, frames: frames)
        readFrame = (readFrame + frames) % (2 * quantum)
        waitingFrames -= frames
    }

    /// The waiting frames lie in at most two stretches of the ring: up to its end, then from its start.
    private func copyOut(channel: Int, to destination: UnsafeMutablePointer<Float>?, frames: Int) {
        guard let destination else { return }
        let first = min(frames, 2 * quantum - readFrame)
        destination.copySamples(from: processed.start + readFrame * Self.channels + channel,
                                sourceStride: Self.channels, stride: 1, count: first)
        (destination + first).copySamples(from: processed.start + channel,
                                          sourceStride: Self.channels, stride: 1, count: frames - first)
    }
}
