import Foundation

/// Test input signals, generated rather than stored.
public enum TestSignals {
    public static func sine(frequency: Double, sampleRate: Double, seconds: Double, amplitude: Float = 0.5) -> [Float] {
        let count = Int((seconds * sampleRate).rounded())
        return (0..<count).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / sampleRate)) }
    }

    /// Uniform noise in ±amplitude from a fixed seed, so every run gets the same samples.
    public static func noise(count: Int, amplitude: Float = 0.5, seed: UInt64 = 1) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            // A 64-bit linear congruential generator (Knuth's MMIX constants); the top 24 bits.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return amplitude * (Float(state >> 40) / Float(1 << 23) - 1)
        }
    }
}
