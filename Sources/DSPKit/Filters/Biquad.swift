/// A second-order filter with the responses of Robert Bristow-Johnson's Audio EQ Cookbook:
/// low-pass, high-pass, band-pass, notch, peaking and shelves.
///
/// Transposed direct form II, with its coefficients and state in Double (a Float state
/// loses the low end of a low cutoff to rounding). `set` computes new coefficients and keeps
/// the state, so a cutoff may move in `run`, every block or every sample (it costs a sine
/// and a cosine). Parameters are held to what the formulas can take: the frequency between
/// 1/100 000 of the sample rate and just below Nyquist, Q between 0.01 and 1000.
///
///     var tone = Biquad(.lowPass, frequency: 1000, sampleRate: sampleRate)   // in init
///     tone.set(.lowPass, frequency: cutoff)                                  // in run, when it moved
///     output[frame] = tone.process(input[frame])
///
/// NaN, infinities and absurd levels in the input are silenced (`SignalGuard.sanitized`) and
/// the state is kept clear of denormals, so it recovers from any input.
public struct Biquad: Sendable {
    /// The shape of the filter. Gains are in decibels; Q sets the width (for the shelves, the
    /// steepness of the slope: `butterworthQ` is the cookbook's slope of 1).
    public enum Response: Sendable, Equatable {
        /// Passes below the frequency (−3 dB there with `butterworthQ`), then 12 dB less per octave.
        case lowPass
        /// Passes above the frequency, 12 dB less per octave below it.
        case highPass
        /// Passes a band around the frequency at 0 dB, its width set by Q.
        case bandPass
        /// Removes a band around the frequency, its width set by Q.
        case notch
        /// Raises (or lowers, with a negative gain) a band around the frequency by `decibels`.
        case peaking(decibels: Double)
        /// Raises (or lowers) everything below the frequency by `decibels`.
        case lowShelf(decibels: Double)
        /// Raises (or lowers) everything above the frequency by `decibels`.
        case highShelf(decibels: Double)
    }

    /// 1/√2: the flattest pass band for the low- and high-pass (Butterworth).
    public static let butterworthQ = 0.707_106_781_186_547_6  // a literal: a computed static would be initialized lazily, behind a lock

    /// The shape of the current coefficients.
    public private(set) var response: Response
    /// The frequency of the current coefficients, in Hz, as held.
    public private(set) var frequency: Double
    /// The Q of the current coefficients, as held.
    public private(set) var q: Double
    /// Samples per second (48 000 when the one given was not a positive number).
    public let sampleRate: Double

    // The coefficients, normalized by a0.
    @usableFromInline var b0 = 1.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0
    // The transposed direct form II's two state values.
    @usableFromInline var s1 = 0.0, s2 = 0.0

    /// A filter of the given shape at `frequency` Hz, silent until fed.
    @_noAllocation @_noLocks
    public init(_ response: Response, frequency: Double, q: Double = Biquad.butterworthQ, sampleRate: Double) {
        self.sampleRate = sampleRate.isFinite && sampleRate > 0 ? sampleRate : 48000
        self.response = response
        self.frequency = frequency
        self.q = q
        set(response, frequency: frequency, q: q)
    }

    /// New coefficients; the state stays, so the sound goes on (usable in `run`).
    @_noAllocation @_noLocks
    public mutating func set(_ response: Response, frequency: Double, q: Double = Biquad.butterworthQ) {
        let frequency = Self.held(frequency, 1e-5 * sampleRate, 0.4999 * sampleRate, default: 1000)
        let q = Self.held(q, 0.01, 1000, default: Self.butterworthQ)
        self.response = response
        self.frequency = frequency
        self.q = q
        let w0 = 2 * Double.pi * frequency / sampleRate
        let cosine = LibM.cos(w0), alpha = LibM.sin(w0) / (2 * q)
        let (n0, n1, n2, d0, d1, d2): (Double, Double, Double, Double, Double, Double)
        switch response {
        case .lowPass:
            (n0, n1, n2) = ((1 - cosine) / 2, 1 - cosine, (1 - cosine) / 2)
            (d0, d1, d2) = (1 + alpha, -2 * cosine, 1 - alpha)
        case .highPass:
            (n0, n1, n2) = ((1 + cosine) / 2, -(1 + cosine), (1 + cosine) / 2)
            (d0, d1, d2) = (1 + alpha, -2 * cosine, 1 - alpha)
        case .bandPass:
            (n0, n1, n2) = (alpha, 0, -alpha)
            (d0, d1, d2) = (1 + alpha, -2 * cosine, 1 - alpha)
        case .notch:
            (n0, n1, n2) = (1, -2 * cosine, 1)
            (d0, d1, d2) = (1 + alpha, -2 * cosine, 1 - alpha)
        case .peaking(let decibels):
            let a = Self.amplitude(decibels)
            (n0, n1, n2) = (1 + alpha * a, -2 * cosine, 1 - alpha * a)
            (d0, d1, d2) = (1 + alpha / a, -2 * cosine, 1 - alpha / a)
        case .lowShelf(let decibels):
            let a = Self.amplitude(decibels), shelf = 2 * LibM.sqrt(a) * alpha
            n0 = a * ((a + 1) - (a - 1) * cosine + shelf)
            n1 = 2 * a * ((a - 1) - (a + 1) * cosine)
            n2 = a * ((a + 1) - (a - 1) * cosine - shelf)
            d0 = (a + 1) + (a - 1) * cosine + shelf
            d1 = -2 * ((a - 1) + (a + 1) * cosine)
            d2 = (a + 1) + (a - 1) * cosine - shelf
        case .highShelf(let decibels):
            let a = Self.amplitude(decibels), shelf = 2 * LibM.sqrt(a) * alpha
            n0 = a * ((a + 1) + (a - 1) * cosine + shelf)
            n1 = -2 * a * ((a - 1) + (a + 1) * cosine)
            n2 = a * ((a + 1) + (a - 1) * cosine - shelf)
            d0 = (a + 1) - (a - 1) * cosine + shelf
            d1 = 2 * ((a - 1) - (a + 1) * cosine)
            d2 = (a + 1) - (a - 1) * cosine - shelf
        }
        (b0, b1, b2, a1, a2) = (n0 / d0, n1 / d0, n2 / d0, d1 / d0, d2 / d0)
    }

    /// The cookbook's A: the square root of the gain as a ratio (gains held to ±120 dB).
    private static func amplitude(_ decibels: Double) -> Double {
        LibM.pow(10, held(decibels, -120, 120, default: 0) / 40)
    }

    private static func held(_ value: Double, _ lowest: Double, _ highest: Double, default fallback: Double) -> Double {
        min(max(value.isNaN ? fallback : value, lowest), highest)
    }

    /// Silence: forgets the signal so far (on activate).
    @_noAllocation @_noLocks @inlinable
    public mutating func reset() {
        s1 = 0
        s2 = 0
    }

    /// Filters one sample.
    @_noAllocation @_noLocks @inlinable
    public mutating func process(_ input: Float) -> Float {
        let x = Double(SignalGuard.sanitized(input))
        let y = b0 * x + s1
        let next1 = b1 * x - a1 * y + s2, next2 = b2 * x - a2 * y
        // Flushed together: zeroing one state value alone would feed the other a step, and
        // a resonant filter then rings on around the threshold instead of falling silent.
        if SignalGuard.flushDenormal(next1) == 0 && SignalGuard.flushDenormal(next2) == 0 {
            (s1, s2) = (0, 0)
        } else {
            (s1, s2) = (next1, next2)
        }
        // A ringing tail crosses zero: a sample there may be denormal while the state is not.
        return SignalGuard.flushDenormal(Float(y))
    }

    /// Filters `count` samples in place.
    @_noAllocation @_noLocks @inlinable
    public mutating func process(_ samples: UnsafeMutablePointer<Float>, count: Int) {
        for index in 0..<count { samples[index] = process(samples[index]) }
    }

    /// The filter's gain at `frequency` Hz, in decibels, computed from its coefficients (what
    /// a steady sine at that frequency comes out at, for a response curve in a UI).
    @_noAllocation @_noLocks
    public func decibels(at frequency: Double) -> Double {
        let w = 2 * Double.pi * frequency / sampleRate
        let (c1, s1) = (LibM.cos(w), LibM.sin(w))
        let (c2, s2) = (LibM.cos(2 * w), LibM.sin(2 * w))
        // H(e^jw) = (b0 + b1 e^-jw + b2 e^-2jw) / (1 + a1 e^-jw + a2 e^-2jw)
        let numeratorReal = b0 + b1 * c1 + b2 * c2, numeratorImaginary = -(b1 * s1 + b2 * s2)
        let denominatorReal = 1 + a1 * c1 + a2 * c2, denominatorImaginary = -(a1 * s1 + a2 * s2)
        let numerator = numeratorReal * numeratorReal + numeratorImaginary * numeratorImaginary
        let denominator = denominatorReal * denominatorReal + denominatorImaginary * denominatorImaginary
        return 10 * LibM.log10(numerator / denominator)
    }
}
