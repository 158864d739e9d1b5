/// Blends two blocks of interleaved frames with a gain that may glide per frame:
/// `output = from + gain × (to − from)`.
///
/// While the gain sits still at 0 or 1 the block is copied instead of computed, so a
/// settled crossfade passes its source through bit for bit. `output` may be the same
/// memory as `from` or `to`.
public func crossfade(
    from: UnsafePointer<Float>, to: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>,
    frames: Int, channels: Int, gain: inout SmoothedValue
) {
    if gain.isSettled && (gain.current == 0 || gain.current == 1) {
        let source = gain.current == 0 ? from : to
        if source != UnsafePointer(output) { output.copySamples(from: source, count: frames * channels) }
        return
    }
    for frame in 0..<frames {
        let g = Float(gain.next())
        for channel in 0..<channels {
            let index = frame * channels + channel
            output[index] = from[index] + g * (to[index] - from[index])
        }
    }
}
