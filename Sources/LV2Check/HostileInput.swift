import LV2Host

/// What a careless host sends: the signals and control values no microphone or knob
/// makes. The plugin tests feed our plugins the same values.
public enum HostileInput {
    /// Quiet and signalling NaNs of both signs, infinities, the extremes of Float, the
    /// smallest denormal, negative zero.
    public static let controlValues: [Float] = [
        .nan, -.nan, .signalingNaN, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e30, -1e30, .leastNonzeroMagnitude, -0.0,
    ]

    /// Named signals of `frames` samples; whether each holds values that are not finite.
    public static func signals(frames: Int, sampleRate: Double, noise: [Float]) -> [(name: String, samples: [Float], isFinite: Bool)] {
        var nanBurst = noise
        nanBurst.replaceSubrange((frames / 4)..<(frames / 4 + min(100, frames / 4)), with: repeatElement(.nan, count: min(100, frames / 4)))
        let extremes: [Float] = [.infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]
        func square(period: Int) -> [Float] { (0..<frames).map { $0 % period < period / 2 ? 1 : -1 } }
        return [
            ("a burst of NaN", nanBurst, false),
            ("infinities and the largest floats", (0..<frames).map { extremes[$0 % 4] }, false),
            ("denormals", noise.map { $0 * .leastNormalMagnitude }, true),
            ("a full-scale square at 100 Hz", square(period: Int(sampleRate / 100)), true),
            ("full scale at the Nyquist frequency", square(period: 2), true),
            ("DC at full scale", [Float](repeating: 1, count: frames), true),
            ("DC at minus full scale", [Float](repeating: -1, count: frames), true),
        ]
    }
}
