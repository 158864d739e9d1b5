import DSPKit

/// Where in host time each frame at the internal rate was taken.
///
/// The down converter makes internal frames 1 / ratio host frames apart, at whatever
/// ratio was set for the call that made them. The timeline records that as a chain of
/// straight segments, so the up converter can be steered to read the internal stream
/// at exactly the host times it must reproduce (`index(atTime:)`), even while the
/// ratio glides.
///
/// Both axes are kept relative to the present: `shift` moves them on every quantum by
/// whole frames (exact in floating point), so the numbers never grow and never lose
/// precision, however long the plugin runs.
public struct ResamplingTimeline: ~Copyable {
    private struct Segment {
        /// Internal index of the segment's first frame.
        var startIndex: Double
        /// Host time of that frame.
        var startTime: Double
        /// Internal frames per host frame.
        var ratio: Double
    }

    private let segments: UnsafeMutablePointer<Segment>
    private let capacity: Int
    private var oldest = 0
    private var count = 0
    /// The index and host time of the next internal frame to be made.
    public private(set) var endIndex: Double = 0
    public private(set) var endTime: Double = 0

    /// - Parameter capacity: the most segments that must be kept (one per quantum in
    ///   flight while the ratio keeps changing; a constant ratio needs just one).
    public init(capacity: Int) {
        self.capacity = max(capacity, 2)
        segments = .allocate(capacity: self.capacity)
    }

    deinit { segments.deallocate() }

    /// Starts empty; the first internal frame will be taken at host time `firstTime`.
    public mutating func reset(firstTime: Double) {
        oldest = 0
        count = 0
        endIndex = 0
        endTime = firstTime
    }

    private func segment(_ offset: Int) -> UnsafeMutablePointer<Segment> {
        segments + (oldest + offset).wrapped(capacity)
    }

    /// Records that `frames` internal frames were made at `ratio` internal frames per
    /// host frame, starting at `endIndex`. Called for every converter call, also when it
    /// made no frames: the ratio still holds for the frames that follow.
    public mutating func append(frames: Int, ratio: Double) {
        if count > 0, segment(count - 1).pointee.ratio == ratio {
            // The newest segment simply grows.
        } else if count > 0, segment(count - 1).pointee.startIndex == endIndex {
            segment(count - 1).pointee.ratio = ratio  // it has no frames yet
        } else {
            if count == capacity {  // never with a large enough capacity; keeps the newest
                oldest = (oldest + 1).wrapped(capacity)
                count -= 1
            }
            segment(count).pointee = Segment(startIndex: endIndex, startTime: endTime, ratio: ratio)
            count += 1
        }
        endIndex += Double(frames)
        endTime += Double(frames) * (1 / ratio)
    }

    /// The internal position (fractional index) that belongs to host time `time`.
    /// Times before the first segment or after the last extend their straight line.
    public func index(atTime time: Double) -> Double {
        guard count > 0 else { return 0 }
        var found = segment(0).pointee
        for offset in 1..<max(count, 1) {
            let candidate = segment(offset).pointee
            guard candidate.startTime <= time else { break }
            found = candidate
        }
        return found.startIndex + (time - found.startTime) * found.ratio
    }

    /// The host time of the first change of ratio after `time`, if the timeline has one:
    /// up to there, `index(atTime:)` is a straight line.
    public func nextChange(after time: Double) -> Double? {
        for offset in 0..<count where segment(offset).pointee.startTime > time {
            return segment(offset).pointee.startTime
        }
        return nil
    }

    /// Moves the origins on: host times by `time` frames, indices by `index` frames.
    public mutating func shift(time: Double, index: Double) {
        for offset in 0..<count {
            segment(offset).pointee.startTime -= time
            segment(offset).pointee.startIndex -= index
        }
        endTime -= time
        endIndex -= index
    }

    /// Drops the segments that only cover times before `time`.
    public mutating func discard(before time: Double) {
        while count > 1 && segment(1).pointee.startTime <= time {
            oldest = (oldest + 1).wrapped(capacity)
            count -= 1
        }
    }
}
