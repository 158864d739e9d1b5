import CMath

/// The libm functions real-time code calls (Embedded Swift cannot import Glibc).
///
/// They never allocate or lock, but the compiler's performance checker cannot look
/// inside C, so it would reject every `@_noAllocation @_noLocks` function that calls
/// them. These wrappers vouch for them, once, here.
public enum LibM {
    @_semantics("no_performance_analysis")
    public static func sin(_ x: Double) -> Double { CMath.sin(x) }

    @_semantics("no_performance_analysis")
    public static func exp2(_ x: Double) -> Double { CMath.exp2(x) }

    @_semantics("no_performance_analysis")
    public static func floor(_ x: Double) -> Double { CMath.floor(x) }

    @_semantics("no_performance_analysis")
    public static func ceil(_ x: Double) -> Double { CMath.ceil(x) }

    @_semantics("no_performance_analysis")
    public static func log2(_ x: Double) -> Double { CMath.log2(x) }

    @_semantics("no_performance_analysis")
    public static func exp(_ x: Double) -> Double { CMath.exp(x) }

    @_semantics("no_performance_analysis")
    public static func log(_ x: Double) -> Double { CMath.log(x) }

    /// Round to nearest, ties to even.
    @_semantics("no_performance_analysis")
    public static func rint(_ x: Float) -> Float { CMath.rintf(x) }

    @_semantics("no_performance_analysis")
    public static func pow(_ x: Double, _ y: Double) -> Double { CMath.pow(x, y) }
}
