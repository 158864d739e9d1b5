/// A fixed number of samples, allocated once and zeroed, freed with its owner.
///
/// The real-time types keep their memory in these so that nothing is allocated
/// after `init`; being non-copyable, a buffer has exactly one owner.
public typealias SampleBuffer = FixedBuffer<Float>

extension FixedBuffer where Element == Float {
    /// `count` samples of silence.
    public init(count: Int) { self.init(count: count, repeating: 0) }

    /// Sets every sample to silence.
    @_noAllocation @_noLocks @inlinable
    public func zero() { start.silence(count: count) }
}
