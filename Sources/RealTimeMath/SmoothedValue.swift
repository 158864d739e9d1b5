/// A control value that moves to a new setting linearly over a fixed time,
/// so that turning a knob never steps the signal. (Here, under DSPKit and LV2Kit both, since
/// LV2Kit smooths the controls declared with a smoothing time with it: `Ports.smoothed`.)
///
/// The ramp restarts from the current value whenever the target changes; while the
/// target stays put the value is constant, whatever the host's block sizes. The last
/// step lands on the target exactly, and a ramp never overshoots it.
///
///     var gain = SmoothedValue(1, rampTime: 0.02, sampleRate: 48000)  // 20 ms
///     gain.set(0.5)                                  // in run, when the knob moved
///     for frame in 0..<frames { output[frame] = input[frame] * Float(gain.next()) }
public struct SmoothedValue {
    /// The value now: what the last `next()` returned.
    @inlinable @inline(__always) public var current: Double { value }
    /// Where the ramp goes.
    @inlinable @inline(__always) public var target: Double { goal }
    @usableFromInline var value: Double
    @usableFromInline var goal: Double
    @usableFromInline var step = 0.0
    @usableFromInline var remaining = 0
    /// Samples a change takes, at least 1.
    public let rampLength: Int

    /// A value that starts at `value` and takes `rampLength` samples to reach each new target.
    ///
    /// - Parameters:
    ///   - value: the starting value, reached at once.
    ///   - rampLength: samples a change takes.
    @_noAllocation @_noLocks
    public init(_ value: Double, rampLength: Int) {
        self.value = value
        goal = value
        self.rampLength = max(rampLength, 1)
    }

    /// A value that starts at `value` and takes `rampTime` seconds to reach each new target.
    ///
    /// - Parameters:
    ///   - value: the starting value, reached at once.
    ///   - rampTime: seconds a change takes (rounded to whole samples).
    ///   - sampleRate: samples per second.
    @_noAllocation @_noLocks
    public init(_ value: Double, rampTime: Double, sampleRate: Double) {
        let samples = rampTime * sampleRate
        self.init(value, rampLength: samples.isFinite ? Int(LibM.round(min(max(samples, 1), Double(Int32.max)))) : 1)
    }

    /// Starts a ramp from the current value to `newTarget`. Nothing happens when it is the
    /// target already, or not a finite number (a NaN would stay in the value for good).
    @_noAllocation @_noLocks @inlinable
    public mutating func set(_ newTarget: Double) {
        guard newTarget != goal, newTarget.isFinite else { return }
        goal = newTarget
        remaining = rampLength
        step = (newTarget - value) / Double(rampLength)
    }

    /// Jumps to the target (on activate, when nothing is sounding yet).
    @_noAllocation @_noLocks @inlinable
    public mutating func settle() {
        value = goal
        remaining = 0
    }

    /// Whether the value has reached its target (no ramp under way).
    @inlinable @inline(__always)
    public var isSettled: Bool { remaining == 0 }

    /// Advances one sample and returns the value for it.
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public mutating func next() -> Double {
        guard remaining > 0 else { return value }
        remaining -= 1
        value = remaining == 0 ? goal : value + step
        return value
    }
}
