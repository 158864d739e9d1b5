import RealTimeMath

/// How many bits a sample keeps, and whether it is dithered first: the word length of an
/// old sampler's converter.
public struct WordLength: Equatable, Sendable {
    public enum Dither: Int, Sendable {
        case none
        /// Triangular noise of ±1 step, added before rounding: it turns the distortion of
        /// a low-level signal into a steady hiss.
        case triangular
    }

    /// 1 to 24; 0 keeps every sample as it is.
    public var bits: Int
    public var dither: Dither

    @_noAllocation @_noLocks
    public init(bits: Int, dither: Dither) {
        self.bits = bits
        self.dither = dither
    }

    /// Every bit kept: nothing to do.
    public static var full: WordLength { WordLength(bits: 0, dither: .none) }
    public var keepsEveryBit: Bool { bits <= 0 }

    /// The grid: full scale 1.0 over 2^(bits-1) steps, as a signed converter of `bits` bits.
    public var step: Float { Float(sign: .plus, exponent: 1 - bits, significand: 1) }
}

/// Rounds samples to a word length's mid-tread grid (exact multiples of the step, 0
/// among them), clipped to ±1, after adding its dither.
///
/// The dither's noise comes from a generator seeded on `reset`, so it is the same for the
/// same samples whatever blocks they came in.
public struct Requantizer {
    private let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func reset() { state = seed }

    /// Requantizes `count` samples in place; with `WordLength.full`, leaves them untouched.
    @_noAllocation @_noLocks
    public mutating func process(_ samples: UnsafeMutablePointer<Float>, count: Int, to wordLength: WordLength) {
        guard !wordLength.keepsEveryBit else { return }
        let bits = min(wordLength.bits, 24)
        let step = WordLength(bits: bits, dither: wordLength.dither).step
        let perStep = 1 / step  // a power of two: exact
        let dithered = wordLength.dither == .triangular
        for index in 0..<count {
            var value = samples[index]
            if dithered { value += (nextUniform() + nextUniform() - 1) * step }
            let rounded = LibM.rint(value * perStep) * step
            samples[index] = min(max(rounded, -1), 1)
        }
    }

    /// A float in [0, 1) from SplitMix64.
    @_noAllocation @_noLocks
    private mutating func nextUniform() -> Float {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Float(mixed >> 40) * 0x1p-24
    }
}
