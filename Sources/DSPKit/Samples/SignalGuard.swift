/// Keeps hostile input out of filters and delay lines: NaN, infinities, absurd levels and
/// denormal numbers.
///
/// A NaN that enters a feedback path (a filter's state, a delay's feedback) stays there and
/// silences the plugin for good; a denormal number costs a hundred times an ordinary one on
/// x86. Each guard leaves ordinary samples untouched, so clean input stays bit-exact.
public enum SignalGuard {
    /// Far above any real signal (+120 dBFS), yet small enough that no filter sum of
    /// such samples can overflow a Float.
    public static let loudestSample: Float = 1_000_000

    /// Silence for NaN and infinities, the rest clamped to ±`loudestSample`.
    ///
    /// A NaN that reached a converter's history would poison every output until the
    /// converter is reset; stopped here, a burst of bad input is only a burst of
    /// silence, and the output is clean again once it has passed through.
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public static func sanitized(_ sample: Float) -> Float {
        sample.isFinite ? min(max(sample, -loudestSample), loudestSample) : 0
    }

    /// Silence for NaN and infinities, every finite sample as it is: what a feedback
    /// path writes back (`line.write(SignalGuard.finite(input + echo * feedback))`).
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public static func finite(_ sample: Float) -> Float {
        sample.isFinite ? sample : 0
    }

    /// 1 when `sanitized` would change the sample (NaN, infinite or beyond
    /// ±`loudestSample`), else 0: an integer, so that a loop can OR it over a block
    /// without a branch and check the block once.
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public static func needsSanitizing(_ sample: Float) -> UInt32 {
        sample.magnitude <= loudestSample ? 0 : 1
    }

    /// `sanitized` applied to `count` samples in place.
    @_noAllocation @_noLocks @inlinable
    public static func sanitize(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        for index in 0..<count { samples[index] = sanitized(samples[index]) }
    }

    /// Zero for a denormal (subnormal) sample, every other value as it is (NaN included:
    /// `finite` or `sanitized` stop those).
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public static func flushDenormal(_ sample: Float) -> Float {
        sample.magnitude < Float.leastNormalMagnitude ? 0 : sample
    }

    /// Zero for a value below the smallest normal Float, every other value as it is.
    ///
    /// For a filter's state kept in Double: a decaying state reaches that size long before it
    /// turns denormal as a Double, and nothing that small could reach a Float output anyway.
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public static func flushDenormal(_ value: Double) -> Double {
        value.magnitude < Double(Float.leastNormalMagnitude) ? 0 : value
    }
}
