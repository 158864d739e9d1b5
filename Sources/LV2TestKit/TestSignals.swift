import Foundation

/// Test input signals, generated rather than stored.
public enum TestSignals {
    /// A sine from phase 0, `seconds` long.
    public static func sine(frequency: Double, sampleRate: Double, seconds: Double, amplitude: Float = 0.5) -> [Float] {
        sine(frequency: frequency, sampleRate: sampleRate, frames: Int((seconds * sampleRate).rounded()), amplitude: amplitude)
    }

    /// A sine from phase 0, `frames` long.
    public static func sine(frequency: Double, sampleRate: Double, frames: Int, amplitude: Float = 0.5) -> [Float] {
        (0..<frames).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / sampleRate)) }
    }

    /// The sharpest bend (largest second difference) of a sine from `sine`; a click bends more sharply.
    public static func curvature(ofSine frequency: Double, sampleRate: Double, amplitude: Double = 0.5) -> Double {
        let step = 2 * Double.pi * frequency / sampleRate
        return amplitude * step * step
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

    /// Different noise on each of two channels: one sequence from `seed`, cut in two.
    public static func stereoNoise(frames: Int, seed: UInt64) -> [[Float]] {
        let samples = noise(count: 2 * frames, seed: seed)
        return [Array(samples[..<frames]), Array(samples[frames...])]
    }

    /// The same samples on two channels.
    public static func stereo(_ samples: [Float]) -> [[Float]] {
        [samples, samples]
    }

    /// Silence with a single 1 at `frame`.
    public static func impulse(at frame: Int, frames: Int) -> [Float] {
        var samples = [Float](repeating: 0, count: frames)
        samples[frame] = 1
        return samples
    }

    /// `signal` delayed by `frames`, silence first, at the same length.
    public static func delayed(_ signal: [Float], by frames: Int) -> [Float] {
        [Float](repeating: 0, count: frames) + signal.dropLast(frames)
    }
}
