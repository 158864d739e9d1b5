import DSPKit
import RealTimeMath

/// Turns host blocks of any length into fixed quanta of stereo frames, and back.
///
/// Hosts call `run` with any number of frames, so processing whatever arrives would
/// make the output depend on how the host happened to split the stream. Instead the
/// frames are gathered into quanta of exactly `quantum` frames, each quantum is
/// processed whole, and the results are handed out `quantum - 1` frames later: the
/// output is then the same for every partition of the input.
///
/// Use per chunk: `write` at most `writableFrames` frames; while `isQuantumReady`,
/// process `quantumInput` into `quantumOutput` and call `finishQuantum`; then `read`
/// the same number of frames. Reading each chunk's input before writing its output
/// lets the host use one buffer for both (in-place processing). A chunk may hold many
/// quanta, so that the copies in and out run over whole host blocks, not quantum by quantum.
///
/// Host input is made safe on the way in (`SignalGuard`): nothing behind the
/// quantizer ever sees NaN, infinities or absurd levels.
public struct BlockQuantizer: ~Copyable {
    public static let channels = 2
    public let quantum: Int
    /// Frames between a frame going in and its processed frame coming out.
    public var latency: Int { quantum - 1 }

    /// Frames gathered and not yet processed: a ring of whole quanta, interleaved.
    private let gathered: SampleBuffer
    private let gatheredCapacity: Int
    /// Where the oldest unprocessed frame is, and how many there are.
    private var gatheredStart = 0
    private var gatheredFrames = 0
    /// Processed frames waiting to go out: a ring one quantum longer than `gathered`.
    private let processed: SampleBuffer
    private let processedCapacity: Int
    private var readFrame = 0
    private var waitingFrames = 0

    /// - Parameter largestChunk: the most frames one `write` may bring (rounded up to
    ///   whole quanta); longer host blocks are handled in several chunks.
    public init(quantum: Int, largestChunk: Int) {
        self.quantum = max(quantum, 1)
        let quanta = max((largestChunk + self.quantum - 1) / self.quantum, 1)
        gatheredCapacity = quanta * self.quantum
        processedCapacity = gatheredCapacity + self.quantum
        gathered = SampleBuffer(count: gatheredCapacity * Self.channels)
        processed = SampleBuffer(count: processedCapacity * Self.channels)
        reset()
    }

    /// Back to the start: `latency` frames of silence wait to go out, so that a quantum
    /// is complete by the time its first frame is due.
    public mutating func reset() {
        gathered.zero()
        processed.zero()
        gatheredStart = 0
        gatheredFrames = 0
        readFrame = processedCapacity - latency
        waitingFrames = latency
    }

    /// The most frames the next `write` may bring.
    public var writableFrames: Int { gatheredCapacity - gatheredFrames }
    public var isQuantumReady: Bool { gatheredFrames >= quantum }

    /// The oldest complete quantum, interleaved; the processor may change it in place.
    /// Quanta start at whole multiples of `quantum` in the ring, so each is contiguous.
    public var quantumInput: UnsafeMutablePointer<Float> { gathered.start + gatheredStart * Self.channels }

    /// Where that quantum's processed frames go (interleaved, contiguous for the same reason).
    public var quantumOutput: UnsafeMutablePointer<Float> {
        processed.start + (readFrame + waitingFrames).wrapped(processedCapacity) * Self.channels
    }

    public mutating func finishQuantum() {
        gatheredStart = (gatheredStart + quantum).wrapped(gatheredCapacity)
        gatheredFrames -= quantum
        waitingFrames += quantum
    }

    /// Gathers `frames` frames (at most `writableFrames`) from planar inputs, sanitized;
    /// an unconnected input reads as silence.
    public mutating func write(left: UnsafePointer<Float>?, right: UnsafePointer<Float>?, frames: Int) {
        let end = (gatheredStart + gatheredFrames).wrapped(gatheredCapacity)
        let first = min(frames, gatheredCapacity - end)
        (gathered.start + end * Self.channels).interleaveSanitized(left: left, right: right, frames: first)
        gathered.start.interleaveSanitized(left: left.map { $0 + first }, right: right.map { $0 + first }, frames: frames - first)
        gatheredFrames += frames
    }

    /// Hands out the next `frames` processed frames to planar outputs (an unconnected
    /// output is skipped). After the quanta of a `write` are processed, as many are waiting.
    public mutating func read(left: UnsafeMutablePointer<Float>?, right: UnsafeMutablePointer<Float>?, frames: Int) {
        // The waiting frames lie in at most two stretches of the ring: up to its end, then from its start.
        let first = min(frames, processedCapacity - readFrame)
        UnsafePointer(processed.start + readFrame * Self.channels).deinterleave(intoLeft: left, right: right, frames: first)
        UnsafePointer(processed.start).deinterleave(intoLeft: left.map { $0 + first }, right: right.map { $0 + first },
                                                    frames: frames - first)
        readFrame = (readFrame + frames).wrapped(processedCapacity)
        waitingFrames -= frames
    }
}
