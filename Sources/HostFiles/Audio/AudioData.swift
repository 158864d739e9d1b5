/// Audio in memory: one array of samples per channel, all the same length.
public struct AudioData {
    public var sampleRate: Double
    public var channels: [[Float]]

    public init(sampleRate: Double, channels: [[Float]]) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    public var frameCount: Int { channels.first?.count ?? 0 }
    public var duration: Double { Double(frameCount) / sampleRate }

    /// Throws unless every channel has the same number of frames, as a file or a render needs.
    public func checkChannelLengths() throws {
        let lengths = channels.map(\.count)
        guard let shortest = lengths.min(), let longest = lengths.max(), shortest != longest else { return }
        throw HostError("The audio's channels differ in length (\(shortest) to \(longest) frames); every channel needs as many frames.")
    }

    /// The channels interleaved frame by frame, as libsndfile and libsamplerate want them.
    func interleaved() throws -> [Float] {
        try checkChannelLengths()
        let channelCount = channels.count
        var samples = [Float](repeating: 0, count: frameCount * channelCount)
        for (c, channel) in channels.enumerated() {
            for (frame, sample) in channel.enumerated() {
                samples[frame * channelCount + c] = sample
            }
        }
        return samples
    }

    /// Splits interleaved samples back into channels.
    init(sampleRate: Double, interleaved samples: ArraySlice<Float>, channelCount: Int) {
        let frames = samples.count / channelCount
        let start = samples.startIndex
        let channels = (0..<channelCount).map { c in
            (0..<frames).map { frame in samples[start + frame * channelCount + c] }
        }
        self.init(sampleRate: sampleRate, channels: channels)
    }
}

// Pointer loops for the streams' hot path: an hour of audio goes through them, and
// the tests run a debug build, where slices and enumerated arrays cost far more.

/// Writes `frames` frames of `channels`, from `offset`, interleaved into `destination`.
func interleave(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int,
                into destination: UnsafeMutablePointer<Float>) {
    let channelCount = channels.count
    for c in 0..<channelCount {
        let source = channels[c].baseAddress! + offset
        var target = destination + c
        for frame in 0..<frames {
            target.pointee = source[frame]
            target += channelCount
        }
    }
}

/// Splits `frames` interleaved frames from `source` into `channels`, from `offset`.
func deinterleave(_ source: UnsafePointer<Float>, frames: Int, into channels: [UnsafeMutableBufferPointer<Float>], offset: Int = 0) {
    let channelCount = channels.count
    for c in 0..<channelCount {
        let target = channels[c].baseAddress! + offset
        var sample = source + c
        for frame in 0..<frames {
            target[frame] = sample.pointee
            sample += channelCount
        }
    }
}
