extension UnsafeMutablePointer where Pointee == Float {
    /// Copies `count` samples from `source` (the two may overlap) with one `memmove`.
    ///
    /// Embedded Swift 6.3 compiles `update(from:count:)` into a function call per
    /// sample, which made these copies cost as much as everything else the rate
    /// adapter adds to libsamplerate.
    @inline(__always)
    public func copySamples(from source: UnsafePointer<Float>, count: Int) {
        guard count > 0 else { return }
        UnsafeMutableRawPointer(self).copyMemory(from: source, byteCount: count * MemoryLayout<Float>.stride)
    }

    /// Sets `count` samples to silence, in a loop the compiler vectorizes.
    @inline(__always)
    public func silence(count: Int) {
        for index in 0..<count { self[index] = 0 }
    }

    /// Copies `count` samples, read every `sourceStride` samples from `source` and
    /// written every `stride` samples here: how channels are interleaved and taken apart.
    /// Silence when `source` is nil (an unconnected port).
    ///
    /// The offsets are multiplied with `&*`: they address samples that exist, so they
    /// cannot overflow, and the checked `*` would cost a test and branch per sample.
    @inline(__always)
    public func copySamples(from source: UnsafePointer<Float>?, sourceStride: Int, stride: Int, count: Int) {
        guard let source else {
            for index in 0..<count { self[index &* stride] = 0 }
            return
        }
        for index in 0..<count { self[index &* stride] = source[index &* sourceStride] }
    }
}
