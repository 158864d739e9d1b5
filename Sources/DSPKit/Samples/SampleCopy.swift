extension UnsafeMutablePointer where Pointee == Float {
    /// Copies `count` samples from `source` (the two may overlap) with one `memmove`.
    ///
    /// Embedded Swift 6.3 compiles `update(from:count:)` into a function call per
    /// sample, which made these copies cost as much as everything else the rate
    /// adapter adds to libsamplerate.
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public func copySamples(from source: UnsafePointer<Float>, count: Int) {
        guard count > 0 else { return }
        UnsafeMutableRawPointer(self).copyMemory(from: source, byteCount: count * MemoryLayout<Float>.stride)
    }

    /// Sets `count` samples to silence, in a loop the compiler vectorizes.
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public func silence(count: Int) {
        for index in 0..<count { self[index] = 0 }
    }
}
