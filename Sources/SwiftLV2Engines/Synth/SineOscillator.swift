/// A sine oscillator: a phase accumulator in double precision and a polynomial sine.
///
/// The phase counts cycles in `-0.5..<0.5`, so it never grows and never loses precision,
/// and it carries on unbroken when the frequency changes (no clicks on glides or bends).
/// The sound is cos(2π·phase); a note starts at phase −¼, where that is sin(0), rising.
///
/// The oscillator holds one voice's state; `SynthEngine` renders two or four voices at a
/// time with the lane functions below, so the same arithmetic serves every voice.
public struct SineOscillator {
    public typealias Lanes = SIMD4<Double>

    /// Where a note starts: cos(2π·(−¼)) = sin(0).
    public static let startPhase = -0.25

    /// The position in the current cycle, `-0.5..<0.5`.
    public internal(set) var phase: Double = startPhase
    /// Cycles per sample: frequency divided by sample rate.
    public var increment: Double = 0

    public init() {}

    public mutating func reset() { phase = Self.startPhase }

    /// cos(2π·phase) in each lane, for phases in `-0.5...0.5`.
    ///
    /// cos(2πθ) = sin(2πs) with s = ¼ − |θ| in `-¼...¼`, where an odd minimax polynomial
    /// of degree 9 is within 3.4e-9 of the sine (−169 dB): every error component lies far
    /// below the −120 dB the synth promises, for ten multiplications and additions and no
    /// table, branch or libm call. `Tests/SwiftLV2EnginesTests/SineOscillatorTests` measures it.
    @inline(__always)
    public static func value<L: DoubleLanes>(phase: L) -> L {
        let s = 0.25 - L.magnitude(phase)
        let z = s * s
        var p = L(repeating: c9)
        p = p * z + c7
        p = p * z + c5
        p = p * z + c3
        p = p * z + c1
        return p * s
    }

    /// The phase one sample on, wrapped back into `-0.5..<0.5`.
    ///
    /// The wrap subtracts 1 or 0 rather than choosing between two values: with only SSE2
    /// (no blend instruction) that is three instructions instead of five.
    @inline(__always)
    public static func advance<L: DoubleLanes>(phase: L, by increment: L) -> L {
        let moved = phase + increment
        return moved - L(repeating: 0).replacing(with: 1, where: moved .>= 0.5)
    }

    // sin(2πs) ≈ c1·s + c3·s³ + c5·s⁵ + c7·s⁷ + c9·s⁹ on −¼…¼ (Remez, absolute error 3.34e-9).
    // Benchmarks/reference/reference_synth.c has the same digits, which must stay identical.
    @usableFromInline static let c1 = 6.283185160089722
    @usableFromInline static let c3 = -41.34165503147942
    @usableFromInline static let c5 = 81.60100407735655
    @usableFromInline static let c7 = -76.54978238761346
    @usableFromInline static let c9 = 39.53670676201484
}

/// SIMD vectors of doubles the synth runs its voices in, with the two operations that
/// LLVM compiled poorly from the standard library's generic forms.
public protocol DoubleLanes: SIMD where Scalar == Double, MaskStorage.Scalar == Int64 {
    /// Whether any lane is set: `any` moved the lanes out one by one; this ORs the halves
    /// and takes the sign bits with one `movmskps`.
    static func anySet(_ mask: SIMDMask<MaskStorage>) -> Bool
}

extension DoubleLanes {
    /// |x| by clearing the sign bits: one instruction (`pointwiseMax(x, -x)` stayed a call).
    @inline(__always)
    public static func magnitude(_ x: Self) -> Self {
        unsafeBitCast(unsafeBitCast(x, to: MaskStorage.self) & MaskStorage(repeating: .max), to: Self.self)
    }
}

extension SIMD2: DoubleLanes where Scalar == Double {
    @inline(__always)
    public static func anySet(_ mask: SIMDMask<MaskStorage>) -> Bool {
        let bits = unsafeBitCast(mask, to: SIMD2<Int64>.self)
        return bits[0] | bits[1] != 0
    }
}

extension SIMD4: DoubleLanes where Scalar == Double {
    @inline(__always)
    public static func anySet(_ mask: SIMDMask<MaskStorage>) -> Bool {
        let bits = unsafeBitCast(mask, to: SIMD4<Int64>.self)
        return SIMD2.anySet(unsafeBitCast(bits.lowHalf | bits.highHalf, to: SIMDMask<SIMD2<Int64>>.self))
    }
}
