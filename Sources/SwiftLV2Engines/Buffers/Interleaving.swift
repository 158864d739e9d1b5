import DSPKit

extension UnsafeMutablePointer where Pointee == Float {
    /// Writes `frames` stereo frames here, interleaved, from two planar channels, each
    /// sample made safe by `SignalGuard.sanitized`; a nil channel (an unconnected port)
    /// is silence.
    ///
    /// Spelled with the constant stride of two so that LLVM vectorizes the common case
    /// into shuffles (a loop with a variable stride copied one sample at a time). Clean
    /// audio is only checked on the way, a comparison per sample, and the block is
    /// sanitized in a second pass only when something in it needs it. The offsets are
    /// multiplied with `&*`: they address samples that exist, so they cannot overflow,
    /// and the checked `*` would cost a test and branch per sample.
    @inline(__always)
    func interleaveSanitized(left: UnsafePointer<Float>?, right: UnsafePointer<Float>?, frames: Int) {
        guard let left, let right else {
            for frame in 0..<frames {
                self[2 &* frame] = SignalGuard.sanitized(left?[frame] ?? 0)
                self[2 &* frame &+ 1] = SignalGuard.sanitized(right?[frame] ?? 0)
            }
            return
        }
        var needsSanitizing: UInt32 = 0
        for frame in 0..<frames {
            let leftSample = left[frame], rightSample = right[frame]
            needsSanitizing |= SignalGuard.needsSanitizing(leftSample) | SignalGuard.needsSanitizing(rightSample)
            self[2 &* frame] = leftSample
            self[2 &* frame &+ 1] = rightSample
        }
        if needsSanitizing != 0 { SignalGuard.sanitize(self, count: 2 &* frames) }
    }
}

extension UnsafePointer where Pointee == Float {
    /// Splits `frames` interleaved stereo frames from here into two planar channels; a
    /// nil channel (an unconnected port) is skipped. The counterpart of `interleaveSanitized`.
    @inline(__always)
    func deinterleave(intoLeft left: UnsafeMutablePointer<Float>?, right: UnsafeMutablePointer<Float>?, frames: Int) {
        guard let left, let right else {
            for frame in 0..<frames {
                left?[frame] = self[2 &* frame]
                right?[frame] = self[2 &* frame &+ 1]
            }
            return
        }
        for frame in 0..<frames {
            left[frame] = self[2 &* frame]
            right[frame] = self[2 &* frame &+ 1]
        }
    }
}
