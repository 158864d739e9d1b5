import CLV2
import CMath

/// Typed views of the buffers a host connects with `connect_port`.
///
/// A plugin keeps one of these per port, so its code reads `gain.value` instead of
/// casting raw pointers by index. Every port may be unconnected (hosts do that during
/// latency-only runs), so each type says what it does then.

/// An audio input; reads as silence while unconnected.
public struct AudioInput {
    public var buffer: UnsafePointer<Float>?
    public init() {}
    public mutating func connect(_ data: UnsafeMutableRawPointer?) {
        buffer = data.map { UnsafePointer($0.assumingMemoryBound(to: Float.self)) }
    }
}

/// An audio output; writes go nowhere while unconnected.
public struct AudioOutput {
    public var buffer: UnsafeMutablePointer<Float>?
    public init() {}
    public mutating func connect(_ data: UnsafeMutableRawPointer?) {
        buffer = data?.assumingMemoryBound(to: Float.self)
    }
}

/// A control input with the range and default its Turtle declares.
///
/// `value` is always sane: NaN reads as the default, anything else is clamped into
/// the range, and integer controls are rounded (hosts send 7.9999 for 8).
public struct ControlInput {
    public let range: ClosedRange<Float>
    public let defaultValue: Float
    public let isInteger: Bool
    private var pointer: UnsafePointer<Float>?

    public init(_ range: ClosedRange<Float>, default defaultValue: Float, integer: Bool = false) {
        self.range = range
        self.defaultValue = defaultValue
        self.isInteger = integer
    }

    public mutating func connect(_ data: UnsafeMutableRawPointer?) {
        pointer = data.map { UnsafePointer($0.assumingMemoryBound(to: Float.self)) }
    }

    public var value: Float {
        @_noAllocation @_noLocks get {
            guard let raw = pointer?.pointee, !raw.isNaN else { return defaultValue }
            let clamped = min(max(raw, range.lowerBound), range.upperBound)
            return isInteger ? roundHalfAway(clamped) : clamped
        }
    }

    /// The value as a whole number, for integer and enumeration controls.
    public var integerValue: Int {
        @_noAllocation @_noLocks get { Int(isInteger ? value : roundHalfAway(value)) }
    }

    /// For toggles: on when the value is at least half way up its range.
    public var isOn: Bool {
        @_noAllocation @_noLocks get { value >= (range.lowerBound + range.upperBound) / 2 }
    }
}

/// `x.rounded()` through libm: the same halves-away-from-zero rounding, but the compiler's
/// performance checker counts the standard library's rounding rule as possible metadata
/// allocation, and cannot look inside C; this wrapper vouches for `roundf`.
@_semantics("no_performance_analysis")
private func roundHalfAway(_ x: Float) -> Float { roundf(x) }

/// A control output, such as a reported latency.
public struct ControlOutput {
    private var pointer: UnsafeMutablePointer<Float>?
    public init() {}
    public mutating func connect(_ data: UnsafeMutableRawPointer?) {
        pointer = data?.assumingMemoryBound(to: Float.self)
    }
    @_noAllocation @_noLocks
    public func write(_ value: Float) { pointer?.pointee = value }
}

/// An atom sequence input (MIDI and other events).
public struct AtomSequenceInput {
    public private(set) var sequence: UnsafePointer<LV2_Atom_Sequence>?
    public init() {}
    public mutating func connect(_ data: UnsafeMutableRawPointer?) {
        sequence = data.map { UnsafePointer($0.assumingMemoryBound(to: LV2_Atom_Sequence.self)) }
    }
}
