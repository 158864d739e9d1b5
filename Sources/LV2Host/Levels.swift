import Foundation

/// Peak and RMS level over every sample of every channel, in dB relative to full scale,
/// gathered block by block.
struct Levels {
    private var peak: Float = 0
    private var sumOfSquares = 0.0
    private var sampleCount = 0

    mutating func add(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) {
        for channel in channels {
            for sample in channel[offset..<(offset + frames)] {
                peak = max(peak, abs(sample))
                sumOfSquares += Double(sample) * Double(sample)
            }
        }
        sampleCount += frames * channels.count
    }

    var peakDBFS: Double { Self.decibels(Double(peak)) }
    var rmsDBFS: Double { sampleCount > 0 ? Self.decibels((sumOfSquares / Double(sampleCount)).squareRoot()) : -.infinity }

    /// -infinity for zero.
    static func decibels(_ amplitude: Double) -> Double {
        amplitude > 0 ? 20 * log10(amplitude) : -.infinity
    }
}
