/// A one-pole filter: the gentlest low-pass (6 dB per octave) and its complement, the
/// high-pass. Smooths a control or an envelope, darkens a feedback path, blocks DC.
///
/// The low-pass follows `y += a × (x − y)`; the high-pass gives `x − low-pass`, so the two
/// sum to the input exactly. The coefficient comes from a cutoff or from a time constant:
/// after a step, the low-pass has covered 63 % (1 − 1/e) of it in one time constant.
///
///     var dcBlocker = OnePole(.highPass, cutoff: 10, sampleRate: sampleRate)  // in init
///     output[frame] = dcBlocker.process(input[frame])                         // in run
///
/// NaN, infinities and absurd levels in the input are silenced (`SignalGuard.sanitized`) and
/// the state is kept clear of denormals, so it recovers from any input.
public struct OnePole: Sendable {
    /// Which side of the cutoff passes.
    public enum Response: Sendable {
        /// Below the cutoff passes; above, 6 dB less per octave.
        case lowPass
        /// Above the cutoff passes (the input minus the low-pass).
        case highPass
    }

    /// Which side of the cutoff passes.
    public var response: Response
    /// The low-pass's share of each step towards the input, between 0 (frozen) and 1 (no filtering).
    public private(set) var coefficient: Double
    /// The low-pass's output so far.
    @usableFromInline var state = 0.0

    /// A filter whose −3 dB point is near `cutoff` Hz (exactly the analog one-pole's for
    /// cutoffs well below Nyquist).
    @_noAllocation @_noLocks
    public init(_ response: Response, cutoff: Double, sampleRate: Double) {
        self.response = response
        coefficient = Self.coefficient(cutoff: cutoff, sampleRate: sampleRate)
    }

    /// A filter whose low-pass covers 63 % of a step in `timeConstant` seconds.
    @_noAllocation @_noLocks
    public init(_ response: Response, timeConstant: Double, sampleRate: Double) {
        self.response = response
        coefficient = Self.coefficient(timeConstant: timeConstant, sampleRate: sampleRate)
    }

    /// The coefficient for a cutoff in Hz: `1 − e^(−2π·cutoff/sampleRate)`, held to 0…1
    /// (a cutoff at 0 or below freezes the filter; NaN gives 1, no filtering).
    @_noAllocation @_noLocks
    public static func coefficient(cutoff: Double, sampleRate: Double) -> Double {
        clamped(1 - LibM.exp(-2 * Double.pi * cutoff / sampleRate))
    }

    /// The coefficient for a time constant in seconds: `1 − e^(−1/(timeConstant·sampleRate))`;
    /// a time constant of 0 (or less) is no filtering.
    @_noAllocation @_noLocks
    public static func coefficient(timeConstant: Double, sampleRate: Double) -> Double {
        clamped(1 - LibM.exp(-1 / (timeConstant * sampleRate)))
    }

    private static func clamped(_ coefficient: Double) -> Double {
        coefficient.isNaN ? 1 : min(max(coefficient, 0), 1)
    }

    /// Moves the cutoff, keeping the state (safe in `run`: no click beyond the change itself).
    @_noAllocation @_noLocks
    public mutating func setCutoff(_ cutoff: Double, sampleRate: Double) {
        coefficient = Self.coefficient(cutoff: cutoff, sampleRate: sampleRate)
    }

    /// Sets the time constant, keeping the state.
    @_noAllocation @_noLocks
    public mutating func setTimeConstant(_ timeConstant: Double, sampleRate: Double) {
        coefficient = Self.coefficient(timeConstant: timeConstant, sampleRate: sampleRate)
    }

    /// Starts the low-pass at `value` (silence by default), as if it had been fed it for ever.
    @_noAllocation @_noLocks @inlinable
    public mutating func reset(to value: Float = 0) {
        state = Double(SignalGuard.sanitized(value))
    }

    /// Filters one sample.
    @_noAllocation @_noLocks @inlinable
    public mutating func process(_ input: Float) -> Float {
        let x = Double(SignalGuard.sanitized(input))
        state = SignalGuard.flushDenormal(state + coefficient * (x - state))
        switch response {
        case .lowPass: return SignalGuard.flushDenormal(Float(state))
        case .highPass: return SignalGuard.flushDenormal(Float(x - state))
        }
    }

    /// Filters `count` samples in place.
    @_noAllocation @_noLocks @inlinable
    public mutating func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        for index in 0..<count { samples[index] = process(samples[index]) }
    }
}
