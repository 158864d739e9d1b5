/// Keeps hostile input out of filters and delay lines.
public enum SignalGuard {
    /// Far above any real signal (+120 dBFS), yet small enough that no filter sum of
    /// such samples can overflow a Float.
    public static let loudestSample: Float = 1_000_000

    /// Silence for NaN and infinities, the rest clamped to ±`loudestSample`.
    ///
    /// A NaN that reached a converter's history would poison every output until the
    /// converter is reset; stopped here, a burst of bad input is only a burst of
    /// silence, and the output is clean again once it has passed through. Ordinary
    /// samples are not touched, so clean input stays bit-exact.
    @inline(__always)
    static func sanitized(_ sample: Float) -> Float {
        sample.isFinite ? min(max(sample, -loudestSample), loudestSample) : 0
    }

    /// 1 when `sanitized` would change the sample (NaN, infinite or beyond
    /// ±`loudestSample`), else 0: an integer, so that a loop can OR it over a block
    /// without a branch and check the block once.
    @inline(__always)
    static func needsSanitizing(_ sample: Float) -> UInt32 {
        sample.magnitude <= loudestSample ? 0 : 1
    }

    /// `sanitized` applied to `count` samples in place.
    static func sanitize(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        for index in 0..<count { samples[index] = sanitized(samples[index]) }
    }
}
