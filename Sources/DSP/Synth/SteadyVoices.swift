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
    private(set) var level = Lanes()
    private var increment = Lanes()
    private var amplitude = Lanes()
    private var multiplier = Lanes()
    private var offset = Lanes()
    private var direction = Lanes()
    private var bound = Lanes()

    /// Takes the four voices from `voices` on; false when one of them is not steady.
    mutating func gather(_ voices: UnsafePointer<SynthVoice>) -> Bool {
        for lane in 0..<Self.width {
            guard let steady = voices[lane].steadyLane else { return false }
            phase[lane] = steady.phase
            increment[lane] = steady.increment
            level[lane] = steady.level
            amplitude[lane] = steady.amplitude
            multiplier[lane] = steady.step.multiplier
            offset[lane] = steady.step.offset
            direction[lane] = steady.step.direction
            bound[lane] = steady.step.bound
        }
        return true
    }

    /// Adds up to `count` samples into `mix`; stops before a sample at which an envelope
    /// reaches its stage's bound (that one is `SynthEngine.renderExactSample`'s), and
    /// returns how many it added.
    mutating func render(into mix: UnsafeMutablePointer<Lanes>, count: Int) -> Int {
        var phase = self.phase, level = self.level
        defer {
            self.phase = phase
            self.level = level
        }
        for frame in 0..<count {
            let next = level * multiplier + offset
            if any(next * direction .>= bound) { return frame }
            mix[frame] += next * amplitude * SineOscillator.value(phase: phase)
            phase = SineOscillator.advance(phase: phase, by: increment)
            level = next
        }
        return count
    }
}
