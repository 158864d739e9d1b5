/// Audio that arrives a block at a time: an input file, a converter, a buffer in memory.
///
/// The renderer pulls from a source and pushes to a sink block by block, so a render
/// holds a few blocks in memory however long it lasts.
public protocol AudioSource: AnyObject {
    var sampleRate: Double { get }
    var channelCount: Int { get }
    /// Fills the first `frames` samples of each channel buffer (one per channel) and
    /// returns how many frames it filled: fewer than asked only at the end, 0 after it.
    func read(into channels: [UnsafeMutableBufferPointer<Float>], frames: Int) throws -> Int
    /// How many frames the source expects to give, if it can tell: only for progress reports.
    var expectedFrames: Int? { get }
}

/// Where rendered audio goes, block by block. `finish` makes the result final; a sink
/// released without it leaves nothing behind.
public protocol AudioSink: AnyObject {
    /// Takes `frames` samples of each channel, starting at `offset` in each buffer.
    func write(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) throws
    func finish() throws
}

/// Audio held in memory, handed out block by block.
public final class MemorySource: AudioSource {
    public let audio: AudioData
    private var position = 0

    public init(_ audio: AudioData) throws {
        try audio.checkChannelLengths()
        self.audio = audio
    }

    public var sampleRate: Double { audio.sampleRate }
    public var channelCount: Int { audio.channels.count }
    public var expectedFrames: Int? { audio.frameCount }

    public func read(into channels: [UnsafeMutableBufferPointer<Float>], frames: Int) throws -> Int {
        let count = max(0, min(frames, audio.frameCount - position))
        for (source, destination) in zip(audio.channels, channels) {
            source.withUnsafeBufferPointer { samples in
                _ = destination.update(fromContentsOf: samples[position..<(position + count)])
            }
        }
        position += count
        return count
    }
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

extension AudioSource {
    /// Everything left in the source, read into memory.
    public func readAll(blockLength: Int = 65536) throws -> AudioData {
        let buffers = (0..<channelCount).map { _ in UnsafeMutableBufferPointer<Float>.allocate(capacity: blockLength) }
        defer { buffers.forEach { $0.deallocate() } }
        let sink = MemorySink(sampleRate: sampleRate, channelCount: channelCount)
        while case let count = try read(into: buffers, frames: blockLength), count > 0 {
            try sink.write(buffers, offset: 0, frames: count)
        }
        return sink.audio
    }
}

/// Takes the audio and keeps none: for a render wanted only for its MIDI output.
public final class DiscardingSink: AudioSink {
    public init() {}
    public func write(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) throws {}
    public func finish() throws {}
}
