/// How two signals share the output while one fades into the other.
public enum CrossfadeLaw: Sendable {
    /// The two gains sum to 1: the level stays constant when the two signals are alike (the
    /// same sound through two settings of one process, a dry signal and its delayed copy).
    case linear
    /// The squares of the two gains sum to 1 (a quarter of a cosine and a sine): the loudness
    /// stays constant when the two signals are unrelated (two different sounds), where a linear
    /// fade dips by 3 dB in the middle.
    case equalPower

    /// The gains of the signal faded from and the signal faded to at `position`, from 0
    /// (all `from`) to 1 (all `to`); outside that range the nearer end. Exactly 1 and 0 at the ends.
    @_noAllocation @_noLocks @inlinable
    public func gains(at position: Float) -> (from: Float, to: Float) {
        guard position > 0 else { return (1, 0) }
        guard position < 1 else { return (0, 1) }
        switch self {
        case .linear:
            return (1 - position, position)
        case .equalPower:
            let angle = Double(position) * Double.pi / 2
            return (Float(LibM.cos(angle)), Float(LibM.sin(angle)))
        }
    }
}

/// Blends two blocks of interleaved frames with a gain that may glide per frame, the
/// position of the fade from `from` (0) to `to` (1).
///
/// With the `linear` law (the default) `output = from + gain × (to − from)`. While the gain
/// sits still at 0 or 1 the block is copied instead of computed, so a settled crossfade
/// passes its source through bit for bit. `output` may be the same memory as `from` or `to`.
@_noAllocation @_noLocks @inlinable
public func crossfade(
    from: UnsafePointer<Float>, to: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>,
    frames: Int, channels: Int, gain: inout SmoothedValue, law: CrossfadeLaw = .linear
) {
    if gain.isSettled && (gain.current == 0 || gain.current == 1) {
        let source = gain.current == 0 ? from : to
        if source != UnsafePointer(output) { output.copySamples(from: source, count: frames * channels) }
        return
    }
    switch law {
    case .linear:
        for frame in 0..<frames {
            let g = Float(gain.next())
            for channel in 0..<channels {
                let index = frame * channels + channel
                output[index] = from[index] + g * (to[index] - from[index])
            }
        }
    case .equalPower:
        for frame in 0..<frames {
            let (fromGain, toGain) = law.gains(at: Float(gain.next()))
            for channel in 0..<channels {
                let index = frame * channels + channel
                output[index] = from[index] * fromGain + to[index] * toGain
            }
        }
    }
}
