import DSPKit
import RealTimeMath

/// A first-in first-out queue of interleaved frames whose contents are always contiguous.
///
/// libsamplerate reads its input from one contiguous array, so this queue is a flat
/// buffer rather than a ring: the consumer reads from the front, and what it leaves is
/// moved back to the front. In the rate adapter the leftover is a few frames at most,
/// so the move costs next to nothing.
public struct FrameQueue: ~Copyable {
    public let channels: Int
    public let capacity: Int
    /// Frames waiting to be read.
    public private(set) var count = 0
    private let storage: SampleBuffer

    public init(capacity: Int, channels: Int) {
        self.capacity = capacity
        self.channels = channels
        storage = SampleBuffer(count: capacity * channels)
    }

    /// The waiting frames, oldest first.
    public var frames: UnsafePointer<Float> { UnsafePointer(storage.start) }

    /// Where the next frames go; write at most `freeFrames`, then call `didAppend`.
    public var freeSpace: UnsafeMutablePointer<Float> { storage.start + count * channels }
    public var freeFrames: Int { capacity - count }

    public mutating func didAppend(_ frames: Int) {
        count += min(max(frames, 0), freeFrames)
    }

    /// Drops the oldest `frames` frames and moves the rest to the front.
    public mutating func removeFirst(_ frames: Int) {
        let removed = min(max(frames, 0), count)
        guard removed > 0 else { return }
        count -= removed
        storage.start.copySamples(from: storage.start + removed * channels, count: count * channels)
    }

    public mutating func removeAll() { count = 0 }
}
