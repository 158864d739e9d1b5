/// One channel's delay line, a sample at a time, read at any delay between whole frames: an
/// echo, a chorus, a delay time that glides.
///
/// Each frame, `read` the delayed sample, then `write` the new one. At a whole number of
/// frames the read is the sample written exactly that many writes before, bit for bit; in
/// between, the two neighbours are interpolated linearly (a delay of 10.25 gives ¾ of the
/// sample 10 writes back and ¼ of the one 11 writes back). `readCubic` interpolates through
/// four samples instead, for a delay that keeps moving (chorus, vibrato), where the linear
/// read dulls the highs as it passes between frames.
///
///     var line = FractionalDelayLine(maximumDelay: Int(sampleRate * 2))  // in init
///     let echo = line.read(delay: delayFrames)                            // in run, per frame
///     line.write(SignalGuard.finite(input + echo * feedback))
public struct FractionalDelayLine: ~Copyable {
    /// The longest delay `read` gives, in frames.
    public let maximumDelay: Int
    @usableFromInline let ring: FixedBuffer<Float>
    /// Where the next `write` goes.
    @usableFromInline var writeIndex = 0

    /// Allocates the line, silent (the only allocation it makes).
    /// - Parameter maximumDelay: the longest delay it will be read at, in frames (at least 1).
    public init(maximumDelay: Int) {
        self.maximumDelay = max(maximumDelay, 1)
        ring = FixedBuffer(count: self.maximumDelay + 2, repeating: 0)
    }

    /// Silence, as after `init` (on activate).
    @_noAllocation @_noLocks
    public mutating func reset() {
        ring.fill(with: 0)
        writeIndex = 0
    }

    /// The sample `delay` writes back, interpolated linearly between whole frames; the delay
    /// is held between 1 and `maximumDelay` (a NaN reads at 1).
    @_noAllocation @_noLocks @inlinable
    public func read(delay: Double) -> Float {
        let (index, fraction) = position(delay: delay, atLeast: 1)
        let older = ring[index], newer = ring[index + 1 == ring.count ? 0 : index + 1]
        return older + (newer - older) * fraction
    }

    /// The sample `delay` writes back, interpolated between whole frames by a cubic through
    /// the four nearest samples (Catmull-Rom): at 10 kHz and 48 kHz, half way between frames,
    /// 0.5 dB down where the linear read is 2 dB down. Exact at whole frames; the delay is held
    /// between 2 (the cubic needs a sample on each side) and `maximumDelay` (a NaN reads at 2).
    @_noAllocation @_noLocks @inlinable
    public func readCubic(delay: Double) -> Float {
        let (index, t) = position(delay: delay, atLeast: 2)
        let count = ring.count
        let before = ring[index == 0 ? count - 1 : index - 1], at = ring[index]
        let after = ring[index + 1 == count ? 0 : index + 1], afterNext = ring[index + 2 >= count ? index + 2 - count : index + 2]
        let slope = 0.5 * (after - before)
        let curve = before - 2.5 * at + 2 * after - 0.5 * afterNext
        let cubic = 0.5 * (afterNext - before) + 1.5 * (at - after)
        return ((cubic * t + curve) * t + slope) * t + at
    }

    /// Where a read at `delay` lands in the ring: the whole frame before it and the fraction
    /// past that frame; the delay is held between `minimum` and `maximumDelay` (a NaN reads at `minimum`).
    @_noAllocation @_noLocks @inlinable
    func position(delay: Double, atLeast minimum: Double) -> (index: Int, fraction: Float) {
        let delay = delay >= minimum ? min(delay, Double(maximumDelay)) : minimum
        var position = Double(writeIndex) - delay
        if position < 0 { position += Double(ring.count) }
        let index = Int(position)
        return (index, Float(position - Double(index)))
    }

    /// Appends one sample (the newest; what `read` measures its delay from).
    @_noAllocation @_noLocks @inlinable
    public mutating func write(_ sample: Float) {
        ring[writeIndex] = sample
        writeIndex = writeIndex + 1 == ring.count ? 0 : writeIndex + 1
    }
}
