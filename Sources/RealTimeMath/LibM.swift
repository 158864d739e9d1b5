import CMath

/// The libm functions real-time code calls (Embedded Swift cannot import Glibc).
///
/// They never allocate or lock, but the compiler's performance checker cannot look
/// inside C, so it would reject every `@_noAllocation @_noLocks` function that calls
/// them. These wrappers vouch for them, once, here.
public enum LibM {
    /// The sine of `x` radians.
    @_semantics("no_performance_analysis")
    public static func sin(_ x: Double) -> Double { CMath.sin(x) }

    /// 2 to the power `x` (a pitch ratio from octaves).
    @_semantics("no_performance_analysis")
    public static func exp2(_ x: Double) -> Double { CMath.exp2(x) }

    /// The largest whole number not above `x`.
    @_semantics("no_performance_analysis")
    public static func floor(_ x: Double) -> Double { CMath.floor(x) }

    /// The smallest whole number not below `x`.
    @_semantics("no_performance_analysis")
    public static func ceil(_ x: Double) -> Double { CMath.ceil(x) }

    /// The base-2 logarithm (octaves from a ratio).
    @_semantics("no_performance_analysis")
    public static func log2(_ x: Double) -> Double { CMath.log2(x) }

    /// e to the power `x`.
    @_semantics("no_performance_analysis")
    public static func exp(_ x: Double) -> Double { CMath.exp(x) }

    /// The natural logarithm.
    @_semantics("no_performance_analysis")
    public static func log(_ x: Double) -> Double { CMath.log(x) }

    /// Round to nearest, ties to even.
    @_semantics("no_performance_analysis")
    public static func rint(_ x: Float) -> Float { CMath.rintf(x) }

    /// `x` to the power `y`.
    @_semantics("no_performance_analysis")
    public static func pow(_ x: Double, _ y: Double) -> Double { CMath.pow(x, y) }

    /// Halves away from zero, as `x.rounded()` (which the checker rejects: "Using type
    /// 'FloatingPointRoundingRule' can cause metadata allocation or locks").
    @_semantics("no_performance_analysis")
    public static func round(_ x: Double) -> Double { CMath.round(x) }

    /// Halves away from zero.
    @_semantics("no_performance_analysis")
    public static func round(_ x: Float) -> Float { CMath.roundf(x) }

    /// Towards zero, as `x.rounded(.towardZero)`.
    @_semantics("no_performance_analysis")
    public static func trunc(_ x: Double) -> Double { CMath.trunc(x) }

    /// Towards zero.
    @_semantics("no_performance_analysis")
    public static func trunc(_ x: Float) -> Float { CMath.truncf(x) }

    /// The hyperbolic tangent: a soft clipper, from -1 to 1.
    @_semantics("no_performance_analysis")
    public static func tanh(_ x: Double) -> Double { CMath.tanh(x) }

    /// The hyperbolic tangent: a soft clipper, from -1 to 1.
    @_semantics("no_performance_analysis")
    public static func tanh(_ x: Float) -> Float { CMath.tanhf(x) }

    /// The cosine of `x` radians.
    @_semantics("no_performance_analysis")
    public static func cos(_ x: Double) -> Double { CMath.cos(x) }

    /// The tangent of `x` radians (a filter's prewarped frequency).
    @_semantics("no_performance_analysis")
    public static func tan(_ x: Double) -> Double { CMath.tan(x) }

    /// The arctangent, in radians.
    @_semantics("no_performance_analysis")
    public static func atan(_ x: Double) -> Double { CMath.atan(x) }

    /// The square root.
    @_semantics("no_performance_analysis")
    public static func sqrt(_ x: Double) -> Double { CMath.sqrt(x) }

    /// The base-10 logarithm (decibels from a level).
    @_semantics("no_performance_analysis")
    public static func log10(_ x: Double) -> Double { CMath.log10(x) }

    /// The remainder of `x / y` with the sign of `x` (C's `fmod`).
    @_semantics("no_performance_analysis")
    public static func fmod(_ x: Double, _ y: Double) -> Double { CMath.fmod(x, y) }

    /// 2 to the power `x`.
    @_semantics("no_performance_analysis")
    public static func exp2(_ x: Float) -> Float { CMath.exp2f(x) }
}
