import Foundation

/// Peak and RMS level over every sample of every channel, in dB relative to full scale,
/// gathered block by block, with the samples beyond full scale and those that are not
/// numbers at all (NaN, infinity), which are set to 0 on the way: no file gets them.
struct Levels {
    private var peak: Float = 0
    private var sumOfSquares = 0.0
    private var sampleCount = 0
    /// Samples whose magnitude is above 1: an integer format cuts them off.
    private(set) var overFullScale = 0
    /// NaN and infinite samples, replaced by 0.
    private(set) var nonFinite = 0

    /// Pointer loops, because an hour of audio goes through here and the tests run a debug build.
    mutating func add(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) {
        for channel in channels {
            guard let samples = channel.baseAddress.map({ $0 + offset }) else { continue }
            var blockPeak: Float = 0, blockSum = 0.0, blockOver = 0
            for i in 0..<frames {
                if !samples[i].isFinite {
                    samples[i] = 0
                    nonFinite += 1
                }
                let sample = samples[i], magnitude = sample < 0 ? -sample : sample
                if magnitude > blockPeak { blockPeak = magnitude }
                if magnitude > 1 { blockOver += 1 }
                blockSum += Double(sample) * Double(sample)
            }
            peak = max(peak, blockPeak)
            sumOfSquares += blockSum
            overFullScale += blockOver
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
