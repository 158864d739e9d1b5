import CSndFile

/// An audio file (any format libsndfile reads: WAV, FLAC, AIFF, …) read block by block.
///
/// The length in the header is not trusted: reading goes on until libsndfile has no
/// more frames, so a FLAC streamed without its length (`total_samples` 0, which
/// libsndfile reports as `INT64_MAX` frames) and a header that claims far more frames
/// than the file holds both read as what is really there.
public final class AudioFileReader: AudioSource {
    public let path: String
    public let sampleRate: Double
    public let channelCount: Int
    /// The length the header declares, when it declares one.
    public let expectedFrames: Int?
    private let file: OpaquePointer
    /// Frames read ahead from the file, interleaved: libsndfile makes one `read` system
    /// call per call, so a render in blocks of 1 frame spent most of its time in the
    /// kernel (BENCHMARKS.md, lv2render at `--block 1`) until it read in chunks.
    private var interleaved: [Float] = []
    private var bufferedFrames = 0
    private var nextFrame = 0
    static let chunkFrames = 4096

    public init(path: String) throws {
        try AudioFile.checkReadable(path, what: "audio file")
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw HostError("The file \(path) is not audio that libsndfile can read (\(sndfileError())).", kind: .file)
        }
        guard info.channels > 0, info.channels <= Self.mostChannels, info.samplerate > 0 else {
            sf_close(file)
            throw HostError("The audio file \(path) declares \(info.channels) channels at \(info.samplerate) Hz, which lv2render cannot read.")
        }
        self.path = path
        self.file = file
        sampleRate = Double(info.samplerate)
        channelCount = Int(info.channels)
        expectedFrames = info.frames >= 0 && info.frames < Int64.max ? Int(info.frames) : nil
    }

    deinit {
        sf_close(file)
    }

    /// libsndfile's own limit (`SF_MAX_CHANNELS`).
    static let mostChannels: Int32 = 1024

    public func read(into channels: [UnsafeMutableBufferPointer<Float>], frames: Int) throws -> Int {
        var done = 0
        while done < frames {
            if nextFrame == bufferedFrames, try !refill() { break }
            let count = min(frames - done, bufferedFrames - nextFrame)
            interleaved.withUnsafeBufferPointer {
                deinterleave($0.baseAddress! + nextFrame * channelCount, frames: count, into: channels, offset: done)
            }
            nextFrame += count
            done += count
        }
        return done
    }

    /// Reads the next chunk; false at the end of the file.
    private func refill() throws -> Bool {
        if interleaved.isEmpty { interleaved = [Float](repeating: 0, count: Self.chunkFrames * channelCount) }
        let count = interleaved.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, sf_count_t(Self.chunkFrames)) }
        guard count >= 0, sf_error(file) == 0 || count > 0 else {
            throw HostError("The audio file \(path) could not be read to its end (\(sndfileError(file))).", kind: .file)
        }
        bufferedFrames = Int(count)
        nextFrame = 0
        return count > 0
    }
}

/// libsndfile's last error (for `file`, or the last failed open), without its trailing
/// full stop (the message adds its own).
func sndfileError(_ file: OpaquePointer? = nil) -> String {
    var message = String(cString: sf_strerror(file))
    while message.hasSuffix(".") { message.removeLast() }
    return message
}
