/// Where rendered audio goes, block by block. `finish` makes the result final; a sink
/// released without it leaves nothing behind.
public protocol AudioSink: AnyObject {
    /// Takes `frames` samples of each channel, starting at `offset` in each buffer.
    func write(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) throws
    func finish() throws
}

/// Collects everything written into an `AudioData`.
public final class MemorySink: AudioSink {
    public private(set) var audio: AudioData

    public init(sampleRate: Double, channelCount: Int) {
        audio = AudioData(sampleRate: sampleRate, channels: Array(repeating: [], count: channelCount))
    }

    public func write(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) throws {
        for (index, samples) in channels.enumerated() {
            audio.channels[index].append(contentsOf: samples[offset..<(offset + frames)])
        }
    }

    public func finish() throws {}
}

/// Takes the audio and keeps none: for a render wanted only for its MIDI output.
public final class DiscardingSink: AudioSink {
    public init() {}
    public func write(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) throws {}
    public func finish() throws {}
}
