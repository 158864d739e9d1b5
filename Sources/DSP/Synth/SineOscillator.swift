/// A sine oscillator: a phase accumulator in double precision and a polynomial sine.
///
/// The phase counts cycles in `-0.5..<0.5`, so it never grows and never loses precision,
/// and it carries on unbroken when the frequency changes (no clicks on glides or bends).
/// The sound is cos(2π·phase); a note starts at phase −¼, where that is sin(0), rising.
///
/// The oscillator holds one voice's state; `SynthEngine` renders four voices at a time
/// with the lane functions below, so the same arithmetic serves every voice.
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
    /// table, branch or libm call. `Tests/DSPTests/SineOscillatorTests` measures it.
    @inline(__always)
    public static func value(phase: Lanes) -> Lanes {
        let s = 0.25 - magnitude(phase)
        let z = s * s
        var p = Lanes(repeating: c9)
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
    public static func advance(phase: Lanes, by increment: Lanes) -> Lanes {
        let moved = phase + increment
        return moved - Lanes(repeating: 0).replacing(with: 1, where: moved .>= 0.5)
    }

    /// |x| by clearing the sign bits: one instruction (`pointwiseMax(x, -x)` stayed a call).
    @inline(__always)
    static func magnitude(_ x: Lanes) -> Lanes {
        let bits = unsafeBitCast(x, to: SIMD4<UInt64>.self) & (UInt64.max >> 1)
        return unsafeBitCast(bits, to: Lanes.self)
    }

    // sin(2πs) ≈ c1·s + c3·s³ + c5·s⁵ + c7·s⁷ + c9·s⁹ on −¼…¼ (Remez, absolute error 3.34e-9).
    // Benchmarks/reference/reference_synth.c has the same digits, which must stay identical.
    @usableFromInline static let c1 = 6.283185160089722
    @usableFromInline static let c3 = -41.34165503147942
    @usableFromInline static let c5 = 81.60100407735655
    @usableFromInline static let c7 = -76.54978238761346
    @usableFromInline static let c9 = 39.53670676201484
}
