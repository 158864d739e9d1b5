/// A fixed number of samples, allocated once and zeroed, freed with its owner.
///
/// The real-time types keep their memory in these so that nothing is allocated
/// after `init`; being non-copyable, a buffer has exactly one owner.
public struct SampleBuffer: ~Copyable {
    public let count: Int
    public let start: UnsafeMutablePointer<Float>

    public init(count: Int) {
        self.count = max(count, 1)
        start = .allocate(capacity: self.count)
        start.initialize(repeating: 0, count: self.count)
    }

    deinit { start.deallocate() }

    public func zero() { start.silence(count: count) }
}
