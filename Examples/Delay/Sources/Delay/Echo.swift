import LV2Kit  // FixedBuffer and LibM, from RealTimeMath

/// One channel's echoes, knowing nothing of LV2: a delay line, read at a time that glides
/// to each new setting so that a tempo change never clicks, with feedback that no NaN or
/// infinity can enter.
///
/// At a whole number of frames (the glide over) the echo is the input exactly, that many
/// frames later; in between, the line is read with linear interpolation.
struct Echo: ~Copyable {
    private let line: FixedBuffer<Float>
    private var writeIndex = 0
    /// The delay in frames now, and where it is gliding to.
    private var delay: Double
    private var target: Double
    private var step = 0.0
    private var remaining = 0
    private let glideFrames: Int

    /// - Parameters:
    ///   - longest: the longest delay it will be asked for, in frames.
    ///   - glideFrames: how long a change of delay takes.
    init(longest: Int, glideFrames: Int, delay: Double) {
        line = FixedBuffer(count: longest + 2, repeating: 0)
        self.glideFrames = max(glideFrames, 1)
        self.delay = min(max(delay, 1), Double(longest))
        target = self.delay
    }

    /// Silence, and the delay at its target at once (on activate).
    mutating func clear() {
        line.fill(with: 0)
        writeIndex = 0
        delay = target
        remaining = 0
    }

    /// Glides to a new delay, in frames (from 1 to the longest).
    mutating func setDelay(_ frames: Double) {
        let clamped = min(max(frames, 1), Double(line.count - 2))
        guard clamped != target else { return }
        target = clamped
        remaining = glideFrames
        step = (target - delay) / Double(glideFrames)
    }

    /// Takes one input frame (finite) and returns the echo of this frame.
    mutating func process(_ input: Float, feedback: Float) -> Float {
        if remaining > 0 {
            remaining -= 1
            delay = remaining == 0 ? target : delay + step
        }
        var position = Double(writeIndex) - delay
        if position < 0 { position += Double(line.count) }
        let index = Int(position)
        let fraction = Float(position - Double(index))
        let older = line[index], newer = line[index + 1 == line.count ? 0 : index + 1]
        let echo = older + (newer - older) * fraction
        let fed = input + echo * feedback
        line[writeIndex] = fed.isFinite ? fed : 0
        writeIndex = writeIndex + 1 == line.count ? 0 : writeIndex + 1
        return echo
    }
}
