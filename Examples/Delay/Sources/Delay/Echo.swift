import DSPKit

/// One channel's echoes, knowing nothing of LV2: a delay line, read at a time that glides
/// to each new setting so that a tempo change never clicks, with feedback that no NaN or
/// infinity can enter.
///
/// At a whole number of frames (the glide over) the echo is the input exactly, that many
/// frames later; in between, the line is read with linear interpolation.
struct Echo: ~Copyable {
    private var line: FractionalDelayLine
    /// The delay in frames, gliding to each new setting.
    private var delay: SmoothedValue

    /// - Parameters:
    ///   - longest: the longest delay it will be asked for, in frames.
    ///   - glideFrames: how long a change of delay takes.
    init(longest: Int, glideFrames: Int, delay: Double) {
        line = FractionalDelayLine(maximumDelay: longest)
        self.delay = SmoothedValue(min(max(delay, 1), Double(line.maximumDelay)), rampLength: glideFrames)
    }

    /// Silence, and the delay at its target at once (on activate).
    mutating func clear() {
        line.reset()
        delay.settle()
    }

    /// Glides to a new delay, in frames (from 1 to the longest).
    @_noAllocation @_noLocks
    mutating func setDelay(_ frames: Double) {
        delay.set(min(max(frames, 1), Double(line.maximumDelay)))
    }

    /// Takes one input frame (finite) and returns the echo of this frame.
    @_noAllocation @_noLocks
    mutating func process(_ input: Float, feedback: Float) -> Float {
        let echo = line.read(delay: delay.next())
        line.write(SignalGuard.finite(input + echo * feedback))
        return echo
    }
}
