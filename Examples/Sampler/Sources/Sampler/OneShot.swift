/// One playback of a sample from its start, at its own pitch whatever the host's rate
/// (read with linear interpolation between frames; at equal rates, each frame exactly).
struct OneShot {
    private var position = 0.0
    private var step = 1.0
    private var level: Float = 0
    private var isPlaying = false

    /// Starts again from the first frame, at a level of `velocity / 127`.
    @_noAllocation @_noLocks
    mutating func start(velocity: UInt8, step: Double) {
        position = 0
        self.step = step
        level = Float(velocity) / 127
        isPlaying = true
    }

    mutating func stop() { isPlaying = false }

    /// The next output frame; silence once the sample has played to its end.
    @_noAllocation @_noLocks
    mutating func next(from sample: Sample) -> Float {
        guard isPlaying else { return 0 }
        let index = Int(position)
        guard index < sample.count else {
            isPlaying = false
            return 0
        }
        let current = sample.frames[index]
        let following = index + 1 < sample.count ? sample.frames[index + 1] : 0
        let fraction = Float(position - Double(index))
        position += step
        return (current + (following - current) * fraction) * level
    }
}
