import RealTimeMath
/// One sounding note: a sine, its envelope, and its pitch, which may be gliding.
///
/// Pitch is in MIDI note numbers (fractional while gliding). A glide moves at a
/// constant number of semitones per sample, which is exponential in frequency, the way
/// a portamento should sound; per sample it only multiplies the phase increment by a
/// constant ratio instead of calling `exp2`.
public struct SynthVoice {
    public private(set) var envelope = Envelope()
    public private(set) var pitch = 69.0
    private var oscillator = SineOscillator()
    private var amplitude = 0.0
    private var bendFactor = 1.0
    private var increment = 0.0           // cycles per sample at `pitch`, before bend
    private var glideRatio = 1.0          // per-sample factor on `increment` while gliding
    private var glideStep = 0.0           // semitones per sample while gliding
    private var glideRemaining = 0
    private var targetPitch = 69.0
    private var pendingNote: PendingNote? = nil

    /// A note waiting for this voice's previous note to fade out (voice stealing).
    private struct PendingNote {
        let pitch: Double
        let startPitch: Double
        let amplitude: Double
        let glideSamples: Int
        let bendSemitones: Double
    }

    public init() {}

    public var isSounding: Bool { envelope.isActive || pendingNote != nil }

    /// Starts a note: the envelope rises from its current level, so a retriggered voice
    /// does not click, and a new velocity rescales that level so the sound carries on
    /// from where it was. The pitch glides from `startPitch` over `glideSamples`.
    /// On a voice still fading out for a steal, the new note simply takes the waiting
    /// note's place: the fade completes first.
    public mutating func start(pitch: Double, from startPitch: Double, glideSamples: Int,
                               amplitude: Double, bendSemitones: Double, tuning: Tuning) {
        if pendingNote != nil {
            steal(pitch: pitch, from: startPitch, glideSamples: glideSamples, amplitude: amplitude,
                  bendSemitones: bendSemitones)
            return
        }
        if envelope.isActive {
            envelope.scaleLevel(by: self.amplitude / amplitude)
        } else {
            oscillator.reset()
        }
        self.amplitude = amplitude
        setBend(semitones: bendSemitones)
        glide(to: pitch, from: startPitch, samples: glideSamples, tuning: tuning)
        envelope.noteOn()
    }

    /// Fades the current note out over about a millisecond, then starts the new one
    /// (with its channel's bend, which the fading note keeps out of).
    public mutating func steal(pitch: Double, from startPitch: Double, glideSamples: Int, amplitude: Double,
                               bendSemitones: Double) {
        pendingNote = PendingNote(pitch: pitch, startPitch: startPitch, amplitude: amplitude,
                                  glideSamples: glideSamples, bendSemitones: bendSemitones)
        envelope.fadeOut()
    }

    /// Moves to a new pitch without restarting the envelope (monophonic legato).
    public mutating func glide(to pitch: Double, from startPitch: Double, samples: Int, tuning: Tuning) {
        targetPitch = pitch
        self.pitch = startPitch
        glideRemaining = startPitch == pitch ? 0 : max(samples, 0)
        if glideRemaining == 0 { self.pitch = pitch }
        glideStep = glideRemaining > 0 ? (pitch - startPitch) / Double(glideRemaining) : 0
        glideRatio = LibM.exp2(glideStep / 12)
        retune(tuning)
    }

    /// Recomputes the phase increment after the tuning reference changed.
    public mutating func retune(_ tuning: Tuning) {
        increment = tuning.increment(pitch: pitch)
        updateOscillator()
    }

    public mutating func setBend(semitones: Double) {
        bendFactor = LibM.exp2(semitones / 12)
        updateOscillator()
    }

    /// Lets the note go. A note still waiting for a steal's fade was let go before it
    /// began: it is dropped, and the fade ends in silence.
    public mutating func release() {
        pendingNote = nil
        envelope.noteOff()
    }
    public mutating func fadeOut() {
        pendingNote = nil
        envelope.fadeOut()
    }
    public mutating func setShape(attack: Double, decay: Double, sustain: Double, release: Double) {
        envelope.setShape(attack: attack, decay: decay, sustain: sustain, release: release)
    }
    public mutating func setFadeTime(samples: Double) { envelope.setFadeTime(samples: samples) }

    public mutating func reset() {
        envelope.reset()
        pendingNote = nil
        glideRemaining = 0
    }

    /// Starts a note waiting for the fade to end, moves a glide on by one sample, and
    /// returns the envelope level times the amplitude for that sample (0 once silent).
    @inline(__always)
    public mutating func nextLevel(_ tuning: Tuning) -> Double {
        if !envelope.isActive {
            guard let note = pendingNote else { return 0 }
            pendingNote = nil
            oscillator.reset()
            amplitude = note.amplitude
            setBend(semitones: note.bendSemitones)
            glide(to: note.pitch, from: note.startPitch, samples: note.glideSamples, tuning: tuning)
            envelope.noteOn()
        }
        if glideRemaining > 0 { advanceGlide(tuning) }
        return envelope.next() * amplitude
    }

    /// What the engine's four-voice loop needs: nil while this voice needs `nextLevel` on
    /// every sample (a note waiting to start, the held level moving to a changed sustain
    /// level); otherwise the sample's arithmetic is the same on every sample until the
    /// envelope reaches its stage's bound or a glide its last step. A silent voice glides
    /// nowhere: its glide is set afresh when a note starts.
    public var steadyLane: SteadyLane? {
        guard envelope.isActive || pendingNote == nil, let step = envelope.linearStep else { return nil }
        let active = envelope.isActive, gliding = active && glideRemaining > 0
        return SteadyLane(phase: oscillator.phase, increment: active ? oscillator.increment : 0,
                          unbentIncrement: active ? increment : 0, bendFactor: bendFactor, pitch: pitch,
                          glideStep: gliding ? glideStep : 0, glideRatio: gliding ? glideRatio : 1,
                          glideRemaining: gliding ? glideRemaining : 0,
                          level: envelope.level, amplitude: amplitude, step: step)
    }

    public struct SteadyLane {
        public let phase: Double
        public let increment: Double
        /// The increment before the bend, the bend, and the pitch, which a glide moves on
        /// every sample by `glideRatio` and `glideStep` (1 and 0 when not gliding).
        public let unbentIncrement: Double
        public let bendFactor: Double
        public let pitch: Double
        public let glideStep: Double
        public let glideRatio: Double
        /// Samples until the glide has arrived, its last one exact (0: not gliding).
        public let glideRemaining: Int
        public let level: Double
        public let amplitude: Double
        public let step: Envelope.LinearStep
    }

    /// Takes the glide's progress the engine's loop made: `frames` regular steps (never the
    /// last, which `nextLevel` takes), arriving at `pitch` and `increment` before the bend.
    public mutating func advanceGlide(frames: Int, pitch: Double, increment: Double) {
        guard envelope.isActive && glideRemaining > 0 else { return }
        glideRemaining -= frames
        self.pitch = pitch
        self.increment = increment
        updateOscillator()
    }

    /// The oscillator's state for the engine's four-voice loop.
    public var phase: Double { oscillator.phase }
    public var phaseIncrement: Double { oscillator.increment }

    /// Takes the phase and envelope level the engine's loop reached.
    public mutating func advance(phase: Double, level: Double) {
        oscillator.phase = phase
        envelope.advance(to: level)
    }

    /// Takes the phase the engine's loop reached after `nextLevel`.
    public mutating func advance(phase: Double) { oscillator.phase = phase }

    @inline(__always)
    private mutating func advanceGlide(_ tuning: Tuning) {
        glideRemaining -= 1
        if glideRemaining == 0 {
            pitch = targetPitch
            increment = tuning.increment(pitch: pitch)
        } else {
            pitch += glideStep
            increment *= glideRatio
        }
        updateOscillator()
    }

    @inline(__always)
    private mutating func updateOscillator() {
        oscillator.increment = min(increment * bendFactor, Tuning.highestIncrement)
    }
}

/// Turns pitches into phase increments for one sample rate and A4 reference.
public struct Tuning: Equatable {
    public let sampleRate: Double
    public let a4: Double

    /// Above 0.45 × the sample rate a sine would alias; notes there are not played,
    /// and bends or glides stop at this increment.
    public static let highestIncrement = 0.45

    public init(sampleRate: Double, a4: Double) {
        self.sampleRate = sampleRate
        self.a4 = a4
    }

    public func frequency(pitch: Double) -> Double { a4 * LibM.exp2((pitch - 69) / 12) }

    public func increment(pitch: Double) -> Double { frequency(pitch: pitch) / sampleRate }

    public func isPlayable(pitch: Double) -> Bool { increment(pitch: pitch) < Self.highestIncrement }
}
