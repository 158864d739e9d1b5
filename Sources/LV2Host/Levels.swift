import Foundation

/// Peak and RMS level over every sample of every channel, in dB relative to full scale.
struct Levels {
    let peakDBFS: Double
    let rmsDBFS: Double

    init(_ audio: AudioData) {
        var peak: Float = 0
        var sumOfSquares = 0.0
        for channel in audio.channels {
            for sample in channel {
                peak = max(peak, abs(sample))
                sumOfSquares += Double(sample) * Double(sample)
            }
        }
        let sampleCount = audio.frameCount * audio.channels.count
        peakDBFS = Self.decibels(Double(peak))
        rmsDBFS = sampleCount > 0 ? Self.decibels((sumOfSquares / Double(sampleCount)).squareRoot()) : -.infinity
    }

    /// -infinity for zero.
    static func decibels(_ amplitude: Double) -> Double {
        amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }
}
