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
