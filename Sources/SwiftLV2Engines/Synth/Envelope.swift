import RealTimeMath
/// An ADSR envelope that always starts from and returns to exactly zero.
///
/// The attack is a straight line, so a note begins without a click. Decay and release
/// are exponential curves aimed a little past their goal (the "target ratio" trick), so
/// they sound natural yet arrive in exactly the set time and then stop: the release
/// lands on zero rather than crawling through denormal numbers. Every segment starts
/// from wherever the level is, so a retriggered or released note never jumps.
public struct Envelope {
    public enum Stage { case idle, attack, decay, sustain, release, fade }

    public private(set) var stage: Stage = .idle
    public private(set) var level: Double = 0

    private var attackStep = 1.0
    private var decayCoefficient = 0.0
    private var decayOffset = 0.0
    private var sustainLevel = 1.0
    private var releaseCoefficient = 0.0
    private var releaseOffset = 0.0
    private var fadeStep = 1.0
    private var sustainFollow = 1.0

    /// How far past the goal the exponential segments aim: the curve covers
    /// 1 − 1/(1 + 1/ratio) of the distance, about 60 dB, in the set time.
    private static let targetRatio = 0.001

    public init() {}

    /// Sets the times in samples and the sustain level (0…1).
    public mutating func setShape(attack: Double, decay: Double, sustain: Double, release: Double) {
        let ratio = Self.targetRatio
        attackStep = 1 / max(attack, 1)
        sustainLevel = sustain
        decayCoefficient = Self.coefficient(samples: decay)
        decayOffset = (sustain - ratio * (1 - sustain)) * (1 - decayCoefficient)
        releaseCoefficient = Self.coefficient(samples: release)
        releaseOffset = -ratio * (1 - releaseCoefficient)
    }

    /// Sets how fast `fadeOut()` silences a note (for stolen voices and all-sound-off),
    /// and how fast the held level follows a change of the sustain control.
    public mutating func setFadeTime(samples: Double) {
        fadeStep = 1 / max(samples, 1)
        sustainFollow = fadeStep
    }

    private static func coefficient(samples: Double) -> Double {
        LibM.exp(-LibM.log((1 + targetRatio) / targetRatio) / max(samples, 1))
    }

    public var isActive: Bool { stage != .idle }

    /// Rises from the current level; a level already at or above full (after a
    /// retrigger rescaled it) heads straight for the sustain level instead.
    public mutating func noteOn() { stage = level >= 1 ? .decay : .attack }

    /// Multiplies the current level, so that level × amplitude stays continuous when
    /// a retriggered note changes its amplitude.
    public mutating func scaleLevel(by factor: Double) {
        if stage != .idle { level *= factor }
    }

    public mutating func noteOff() {
        if stage != .idle && stage != .fade { stage = .release }
    }

    /// A short linear fade to silence, about a millisecond.
    public mutating func fadeOut() {
        if stage != .idle { stage = .fade }
    }

    public mutating func reset() {
        stage = .idle
        level = 0
    }

    /// A stretch of a stage as one step per sample, `level * multiplier + offset`, which
    /// is bit for bit what `next()` computes there (x·1 is x, and x + (−y) is x − y).
    /// The stage goes on while `level * direction < bound`; a step that reaches the bound
    /// is where `next()` may change stage, so it must be taken by `next()` itself.
    public struct LinearStep {
        public let multiplier: Double
        public let offset: Double
        /// +1 for a rising stage, −1 for a falling one.
        public let direction: Double
        /// The stage's end, times `direction`.
        public let bound: Double
    }

    /// This stage as a linear step, or nil while the held level moves towards a changed
    /// sustain level (which `next()` alone does).
    public var linearStep: LinearStep? {
        switch stage {
        case .idle: return LinearStep(multiplier: 0, offset: 0, direction: 1, bound: .infinity)
        case .attack: return LinearStep(multiplier: 1, offset: attackStep, direction: 1, bound: 1)
        case .decay: return LinearStep(multiplier: decayCoefficient, offset: decayOffset, direction: -1, bound: -sustainLevel)
        case .sustain:
            guard level == sustainLevel else { return nil }
            return LinearStep(multiplier: 1, offset: 0, direction: 1, bound: .infinity)
        case .release: return LinearStep(multiplier: releaseCoefficient, offset: releaseOffset, direction: -1, bound: 0)
        case .fade: return LinearStep(multiplier: 1, offset: -fadeStep, direction: -1, bound: 0)
        }
    }

    /// Takes the level reached by steps of `linearStep` that stayed short of its bound.
    public mutating func advance(to level: Double) { self.level = level }

    @inline(__always)
    public mutating func next() -> Double {
        switch stage {
        case .idle:
            return 0
        case .attack:
            level += attackStep
            if level >= 1 {
                level = 1
                stage = .decay
            }
        case .decay:
            let previous = level
            level = decayOffset + level * decayCoefficient
            if level <= sustainLevel {
                // Land on the sustain level when decaying onto it; when the sustain control
                // was raised above the level, the sustain stage's ramp moves up to it instead.
                if previous > sustainLevel { level = sustainLevel }
                stage = .sustain
            }
        case .sustain:
            let difference = sustainLevel - level
            if abs(difference) <= sustainFollow { level = sustainLevel } else { level += difference > 0 ? sustainFollow : -sustainFollow }
        case .release:
            level = releaseOffset + level * releaseCoefficient
            if level <= 0 { reset() }
        case .fade:
            level -= fadeStep
            if level <= 0 { reset() }
        }
        return level
    }
}
