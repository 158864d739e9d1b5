/// Keeps hostile input out of filters and delay lines.
public enum SignalGuard {
    /// Far above any real signal (+120 dBFS), yet small enough that no filter sum of
    /// such samples can overflow a Float.
    public static let loudestSample: Float = 1_000_000

    /// Replaces NaN and infinities with silence and clamps the rest to ±`loudestSample`.
    ///
    /// A NaN that reached a converter's history would poison every output until the
    /// converter is reset; stopped here, a burst of bad input is only a burst of
    /// silence, and the output is clean again once it has passed through. Ordinary
    /// samples are not touched, so clean input stays bit-exact.
    public static func sanitize(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        for index in 0..<count {
            let sample = samples[index]
            samples[index] = sample.isFinite ? min(max(sample, -loudestSample), loudestSample) : 0
        }
    }
}
