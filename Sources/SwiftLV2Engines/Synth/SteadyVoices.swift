/// Four (or two) voices side by side, one per lane, for as long as each one's arithmetic
/// stays the same from sample to sample: no note waiting, the envelope inside one stage,
/// a glide short of its last step.
///
/// This is where the synth spends its time. Lanes of SIMD4<Double> let the compiler run
/// four voices' phases, sines and envelopes together (two SSE2 registers each, on any
/// x86-64), and keep each voice's dependency chain out of the others' way; SIMD2<Double>
/// runs a group whose upper two voices are silent at half the cost. Each lane does exactly
/// what `SynthVoice.nextLevel` and one sample of `SynthEngine.renderExactSample` do for its
/// voice, so the output is the same whichever of the two renders a sample.
struct SteadyVoices<Lanes: DoubleLanes> {
    /// The bytes from one frame of the engine's mix to the next (four lanes a frame).
    static var mixStride: Int { MemoryLayout<SineOscillator.Lanes>.stride }

    private(set) var phase = Lanes()
    private var increment = Lanes()
    // SynthVoice's glide: per sample, the increment before the bend times `glideRatio`,
    // the pitch plus `glideStep`, and the increment the bent one, at most the highest.
    private var unbentIncrement = Lanes()
    private var bendFactor = Lanes()
    private var pitch = Lanes()
    private var glideStep = Lanes()
    private var glideRatio = Lanes()
    /// Whether a lane glides; how many more samples the loop may take before a glide's
    /// last step (`Int.max` when none glides); how many it took since `gather`.
    private var isGliding = false
    private var glideFrames = Int.max
    private var glideFramesDone = 0
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

    /// Takes the voices from `voices` on, one per lane; false when one of them is not steady.
    mutating func gather(_ voices: UnsafePointer<SynthVoice>) -> Bool {
        isGliding = false
        glideFrames = Int.max
        glideFramesDone = 0
        for lane in 0..<Lanes.scalarCount {
            guard let steady = voices[lane].steadyLane else { return false }
            phase[lane] = steady.phase
            increment[lane] = steady.increment
            unbentIncrement[lane] = steady.unbentIncrement
            bendFactor[lane] = steady.bendFactor
            pitch[lane] = steady.pitch
            glideStep[lane] = steady.glideStep
            glideRatio[lane] = steady.glideRatio
            if steady.glideRemaining > 0 {
                isGliding = true
                glideFrames = min(glideFrames, steady.glideRemaining - 1)
            }
            direction[lane] = steady.step.direction
            signedLevel[lane] = steady.level * steady.step.direction
            signedAmplitude[lane] = steady.amplitude * steady.step.direction
            signedOffset[lane] = steady.step.offset * steady.step.direction
            multiplier[lane] = steady.step.multiplier
            bound[lane] = steady.step.bound
        }
        return true
    }

    /// Adds up to `count` samples into the first lanes of `mix`'s frames; stops before a
    /// sample at which an envelope reaches its stage's bound or a glide its last step
    /// (those are `SynthEngine.renderExactSample`'s), and returns how many it added.
    mutating func render(into mix: UnsafeMutableRawPointer, count: Int) -> Int {
        guard isGliding else { return run(into: mix, count: count, gliding: false) }
        let done = run(into: mix, count: min(count, glideFrames), gliding: true)
        glideFrames -= done
        glideFramesDone += done
        return done
    }

    /// The loop, compiled twice: without the glide's three vector steps and with them.
    @inline(__always)
    private mutating func run(into mix: UnsafeMutableRawPointer, count: Int, gliding: Bool) -> Int {
        var phase = self.phase, level = signedLevel, increment = self.increment
        var unbentIncrement = self.unbentIncrement, pitch = self.pitch
        defer {
            self.phase = phase
            signedLevel = level
            if gliding {
                self.increment = increment
                self.unbentIncrement = unbentIncrement
                self.pitch = pitch
            }
        }
        for frame in 0..<count {
            let next = level * multiplier + signedOffset
            if Lanes.anySet(next .>= bound) { return frame }
            if gliding {
                pitch += glideStep
                unbentIncrement *= glideRatio
                let bent = unbentIncrement * bendFactor
                increment = bent.replacing(with: Tuning.highestIncrement, where: bent .> Tuning.highestIncrement)
            }
            let offset = frame * Self.mixStride
            let sum = mix.load(fromByteOffset: offset, as: Lanes.self) + next * signedAmplitude * SineOscillator.value(phase: phase)
            mix.storeBytes(of: sum, toByteOffset: offset, as: Lanes.self)
            phase = SineOscillator.advance(phase: phase, by: increment)
            level = next
        }
        return count
    }

    /// Gives the voices the phases, envelope levels and glides reached.
    func scatter(into voices: UnsafeMutablePointer<SynthVoice>) {
        let level = self.level
        for lane in 0..<Lanes.scalarCount {
            voices[lane].advance(phase: phase[lane], level: level[lane])
            if glideFramesDone > 0 {
                voices[lane].advanceGlide(frames: glideFramesDone, pitch: pitch[lane], increment: unbentIncrement[lane])
            }
        }
    }
}

extension SteadyVoices where Lanes == SIMD4<Double> {
    /// `render` for the lower two lanes only, at half the cost (the upper two are silent).
    mutating func renderLowerHalf(into mix: UnsafeMutableRawPointer, count: Int) -> Int {
        var half = SteadyVoices<SIMD2<Double>>()
        half.phase = phase.lowHalf
        half.increment = increment.lowHalf
        half.unbentIncrement = unbentIncrement.lowHalf
        half.bendFactor = bendFactor.lowHalf
        half.pitch = pitch.lowHalf
        half.glideStep = glideStep.lowHalf
        half.glideRatio = glideRatio.lowHalf
        half.isGliding = isGliding
        half.glideFrames = glideFrames
        half.glideFramesDone = glideFramesDone
        half.signedLevel = signedLevel.lowHalf
        half.signedAmplitude = signedAmplitude.lowHalf
        half.signedOffset = signedOffset.lowHalf
        half.multiplier = multiplier.lowHalf
        half.direction = direction.lowHalf
        half.bound = bound.lowHalf
        let done = half.render(into: mix, count: count)
        phase.lowHalf = half.phase
        signedLevel.lowHalf = half.signedLevel
        increment.lowHalf = half.increment
        unbentIncrement.lowHalf = half.unbentIncrement
        pitch.lowHalf = half.pitch
        glideFrames = half.glideFrames
        glideFramesDone = half.glideFramesDone
        return done
    }
}
