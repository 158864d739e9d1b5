/// Four voices side by side, one per lane, for as long as each one's arithmetic stays the
/// same from sample to sample: no glide, no note waiting, the envelope inside one stage.
///
/// This is where the synth spends its time. Lanes of SIMD4<Double> let the compiler run
/// four voices' phases, sines and envelopes together (two SSE2 registers each, on any
/// x86-64), and keep each voice's dependency chain out of the others' way. Each lane does
/// exactly what `SynthVoice.nextLevel` and one sample of `SynthEngine.renderExactSample`
/// do for its voice, so the output is the same whichever of the two renders a sample.
struct SteadyVoices {
    typealias Lanes = SineOscillator.Lanes
    static let width = 4

    private(set) var phase = Lanes()
    private var increment = Lanes()
    // The envelope's level, its step's offset and the amplitude are kept times the stage's
    // direction (±1, exact): then the step is still the envelope's to the bit, the
    // product level × amplitude is unchanged, and the end of a stage is `signedLevel ≥ bound`.
    private var signedLevel = Lanes()
    private var signedAmplitude = Lanes()
    private var signedOffset = Lanes()
    private var multiplier = Lanes()
    private var direction = Lanes()
    private var bound = Lanes()

    /// The envelopes' levels reached.
    var level: Lanes { signedLevel * direction }

    /// Takes the four voices from `voices` on; false when one of them is not steady.
    mutating func gather(_ voices: UnsafePointer<SynthVoice>) -> Bool {
        for lane in 0..<Self.width {
            guard let steady = voices[lane].steadyLane else { return false }
            phase[lane] = steady.phase
            increment[lane] = steady.increment
            direction[lane] = steady.step.direction
            signedLevel[lane] = steady.level * steady.step.direction
            signedAmplitude[lane] = steady.amplitude * steady.step.direction
            signedOffset[lane] = steady.step.offset * steady.step.direction
            multiplier[lane] = steady.step.multiplier
            bound[lane] = steady.step.bound
        }
        return true
    }

    /// Adds up to `count` samples into `mix`; stops before a sample at which an envelope
    /// reaches its stage's bound (that one is `SynthEngine.renderExactSample`'s), and
    /// returns how many it added.
    mutating func render(into mix: UnsafeMutablePointer<Lanes>, count: Int) -> Int {
        var phase = self.phase, level = signedLevel
        defer {
            self.phase = phase
            signedLevel = level
        }
        for frame in 0..<count {
            let next = level * multiplier + signedOffset
            if Self.any(next .>= bound) { return frame }
            mix[frame] += next * signedAmplitude * SineOscillator.value(phase: phase)
            phase = SineOscillator.advance(phase: phase, by: increment)
            level = next
        }
        return count
    }

    /// Whether a lane is set: the two halves OR-ed first, which LLVM turned into fewer
    /// instructions than the standard library's `any` (four lanes moved out one by one).
    @inline(__always)
    private static func any(_ mask: SIMDMask<SIMD4<Int64>>) -> Bool {
        let bits = unsafeBitCast(mask, to: SIMD4<Int64>.self)
        let folded = bits.lowHalf | bits.highHalf
        return folded[0] | folded[1] != 0
    }
}
