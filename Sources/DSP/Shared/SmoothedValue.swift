/// A control value that moves to a new setting linearly over a fixed time,
/// so that turning a knob never steps the signal.
///
/// The ramp restarts from the current value whenever the target changes; while the
/// target stays put the value is constant, whatever the host's block sizes.
public struct SmoothedValue {
    public private(set) var current: Double
    public private(set) var target: Double
    private var step = 0.0
    private var remaining = 0
    private let rampLength: Int

    /// - Parameters:
    ///   - value: the starting value, reached at once.
    ///   - rampLength: samples a change takes.
    public init(_ value: Double, rampLength: Int) {
        current = value
        target = value
        self.rampLength = max(rampLength, 1)
    }

    public mutating func set(_ newTarget: Double) {
        guard newTarget != target else { return }
        target = newTarget
        remaining = rampLength
        step = (newTarget - current) / Double(rampLength)
    }

    /// Jumps to the target (on activate, when nothing is sounding yet).
    public mutating func settle() {
        current = target
        remaining = 0
    }

    public var isSettled: Bool { remaining == 0 }

    @inline(__always)
    public mutating func next() -> Double {
        guard remaining > 0 else { return current }
        remaining -= 1
        current = remaining == 0 ? target : current + step
        return current
    }
}
