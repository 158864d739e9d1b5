import CMath

/// The libm functions the real-time code calls.
///
/// They never allocate or lock, but the compiler's performance checker cannot look
/// inside C, so it would reject every `@_noAllocation @_noLocks` function that calls
/// them. These wrappers vouch for them, once, here.
enum LibM {
    @_semantics("no_performance_analysis")
    static func exp2(_ x: Double) -> Double { CMath.exp2(x) }

    @_semantics("no_performance_analysis")
    static func floor(_ x: Double) -> Double { CMath.floor(x) }

    @_semantics("no_performance_analysis")
    static func ceil(_ x: Double) -> Double { CMath.ceil(x) }

    @_semantics("no_performance_analysis")
    static func log2(_ x: Double) -> Double { CMath.log2(x) }

    @_semantics("no_performance_analysis")
    static func exp(_ x: Double) -> Double { CMath.exp(x) }

    @_semantics("no_performance_analysis")
    static func log(_ x: Double) -> Double { CMath.log(x) }

    @_semantics("no_performance_analysis")
    static func pow(_ x: Double, _ y: Double) -> Double { CMath.pow(x, y) }
}
