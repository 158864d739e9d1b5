/// A fixed number of values, allocated once (in `init` of the plugin that owns it), freed
/// with its owner, and read and written in `run` under `@_noAllocation @_noLocks`.
///
/// What `run` cannot use instead: a `[Float]` retains and releases its storage on each
/// access ("this code performs reference counting operations which can cause locking"),
/// and so does its `withUnsafeMutableBufferPointer`. Being non-copyable, a buffer has
/// exactly one owner and is never copied or reference counted.
///
///     struct Delay: ~Copyable {
///         var line: FixedBuffer<Float>
///         init(seconds: Double, sampleRate: Double) { line = FixedBuffer(count: Int(seconds * sampleRate), repeating: 0) }
///     }
public struct FixedBuffer<Element: BitwiseCopyable>: ~Copyable {
    /// At least 1, so that an index modulo `count` is always valid.
    public let count: Int
    /// The first value; the buffer owns the memory, so never free it.
    public let start: UnsafeMutablePointer<Element>

    /// Allocates `count` values (at least 1), each `value`: call it in `init`, never in `run`.
    public init(count: Int, repeating value: Element) {
        self.count = Swift.max(count, 1)
        start = .allocate(capacity: self.count)
        start.initialize(repeating: value, count: self.count)
    }

    deinit { start.deallocate() }

    /// The value at `index`, from 0 to `count - 1`, unchecked.
    @inlinable
    public subscript(index: Int) -> Element {
        get { start[index] }
        nonmutating set { start[index] = newValue }
    }

    /// Sets every value (`fill(with: 0)` on `activate`).
    @inlinable
    public func fill(with value: Element) {
        start.update(repeating: value, count: count)
    }

    /// The values as a buffer pointer, valid while the buffer lives.
    @inlinable
    public var values: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: start, count: count) }
}
