extension Int {
    /// `self % length`, for a ring index known to lie in `0 ..< 2 * length`.
    ///
    /// One comparison instead of an integer division: a division costs tens of cycles,
    /// and the rings were stepped several times per quantum.
    @_noAllocation @_noLocks @inlinable @inline(__always)
    public func wrapped(_ length: Int) -> Int { self >= length ? self &- length : self }
}
