import DSPKit

/// How far to turn the input down, from the side-chain, a sample at a time, knowing nothing
/// of LV2: a peak follower (fast attack, slow release) and a threshold, ratio and depth in
/// decibels.
///
/// With the side-chain silent the gain is exactly 1, so the input passes bit for bit.
struct GainComputer {
    private let sampleRate: Double
    private var level = 0.0
    private var attackCoefficient = 0.0
    private var releaseCoefficient = 0.0
    private var threshold = -30.0
    private var slope = 0.75
    private var depth = 12.0

    init(sampleRate: Double) {
        self.sampleRate = sampleRate
    }

    /// Takes the controls of this block (decibels, milliseconds).
    @_noAllocation @_noLocks
    mutating func set(threshold: Float, ratio: Float, depth: Float, attack: Float, release: Float) {
        self.threshold = Double(threshold)
        slope = 1 - 1 / Double(ratio)
        self.depth = Double(depth)
        attackCoefficient = coefficient(milliseconds: attack)
        releaseCoefficient = coefficient(milliseconds: release)
    }

    /// Silence: the follower at rest (on activate).
    mutating func reset() { level = 0 }

    /// Follows one side-chain sample (finite) and returns the reduction in decibels (0 or more).
    @_noAllocation @_noLocks
    mutating func reduction(key: Float) -> Double {
        let magnitude = Double(key.magnitude)
        let coefficient = magnitude > level ? attackCoefficient : releaseCoefficient
        level = SignalGuard.flushDenormal(magnitude + coefficient * (level - magnitude))
        guard level > 0 else { return 0 }
        let over = Self.decibelsPerNeper * LibM.log(level) - threshold
        return over > 0 ? min(over * slope, depth) : 0
    }

    /// 20 / ln 10: decibels from a natural logarithm (a literal: a computed `static let` read in
    /// `run` would be initialized lazily, behind a lock).
    private static let decibelsPerNeper = 8.685_889_638_065_037

    /// The gain a reduction of `decibels` is (1 for none).
    @_noAllocation @_noLocks
    static func gain(reduction decibels: Double) -> Float {
        decibels > 0 ? Float(LibM.pow(10, -decibels / 20)) : 1
    }

    /// A one-pole follower's coefficient for a time constant of `milliseconds`.
    @_noAllocation @_noLocks
    private func coefficient(milliseconds: Float) -> Double {
        LibM.exp(-1 / (Double(milliseconds) / 1000 * sampleRate))
    }
}
