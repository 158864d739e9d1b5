import CSampleRate

/// The libsamplerate calls the real-time code makes.
///
/// `src_process`, `src_set_ratio` and `src_reset` only compute on the converter's own
/// memory, allocated by `src_new` (libsamplerate imports no lock at all); the compiler's
/// performance checker cannot look inside C, so these wrappers vouch for them, as
/// `LibM` does for libm. The plugin tests count allocations and locks around `run()` to
/// hold them to it.
enum LibSampleRate {
    @_semantics("no_performance_analysis")
    static func reset(_ state: OpaquePointer) { src_reset(state) }

    @_semantics("no_performance_analysis")
    static func setRatio(_ state: OpaquePointer, _ ratio: Double) { src_set_ratio(state, ratio) }

    /// libsamplerate's error code: 0 on success.
    @_semantics("no_performance_analysis")
    static func process(_ state: OpaquePointer, _ data: inout SRC_DATA) -> Int32 { src_process(state, &data) }
}
