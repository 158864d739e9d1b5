import CStdIO

/// Reads a sound file's audio as floats with libc alone. WAV: RIFF and RF64 (files over
/// 4 GiB), `WAVE_FORMAT_PCM`, `WAVE_FORMAT_IEEE_FLOAT` and `WAVE_FORMAT_EXTENSIBLE`. AIFF and
/// AIFC: big-endian integers, `sowt` and floats. 8-, 16-, 24- and 32-bit integers and 32- and
/// 64-bit floats, any number of channels, any sample rate. The values are libsndfile's, bit
/// for bit.
///
/// For plugins, whose binary should link nothing beyond libc and libm (lv2lint warns of any
/// other library: the plugin would load only where that is installed too). It opens,
/// allocates and reads, so it belongs on the worker thread, never in `run`. It trusts nothing
/// in the file: sizes beyond the file's end are cut to it, a file that ends in a frame's
/// middle loses that frame, and whatever makes no sense is a `SoundFileError`.
///
///     let reader = try SoundFileReader(path: path)
///     let samples = UnsafeMutablePointer<Float>.allocate(capacity: reader.frameCount * reader.format.channels)
///     let frames = reader.read(into: samples, frames: reader.frameCount)
public struct SoundFileReader: ~Copyable {
    /// The file's channels, rate and encoding.
    public let format: SoundFileFormat
    /// The whole frames of the audio chunk that are in the file.
    public let frameCount: Int
    private let file: UnsafeMutablePointer<FILE>
    private let dataOffset: Int64

    /// Opens the file and reads its chunks up to the start of its audio.
    public init(path: UnsafePointer<CChar>) throws(SoundFileError) {
        guard let file = fopen(path, "rb") else { throw .cannotOpen }
        do {
            let audio = try Self.findAudio(in: file)
            format = audio.format
            dataOffset = audio.offset
            frameCount = audio.frames
        } catch {
            fclose(file)
            throw error
        }
        self.file = file
    }

    deinit { fclose(file) }

    /// Reads up to `frames` frames from the start of the audio into `destination`, channels
    /// interleaved; returns how many it read (fewer when the file shrank since `init`).
    public func read(into destination: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        guard fseeko(file, off_t(dataOffset), SEEK_SET) == 0 else { return 0 }
        let frameSize = format.frameSize
        let framesPerRead = max(1, 65536 / frameSize)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: framesPerRead * frameSize, alignment: 8)
        defer { buffer.deallocate() }
        var done = 0
        let wanted = min(frames, frameCount)
        while done < wanted {
            let count = fread(buffer.baseAddress, frameSize, min(framesPerRead, wanted - done), file)
            guard count > 0 else { break }
            format.convert(UnsafeRawBufferPointer(buffer), count: count * format.channels, into: destination + done * format.channels)
            done += count
        }
        return done
    }

    /// Where the audio is: its format, its offset in the file, and how many whole frames it holds.
    struct Audio {
        let format: SoundFileFormat
        let offset: Int64
        let frames: Int

        /// The audio of a chunk that starts at `offset` and claims `size` bytes, cut to the file's end.
        init(format: SoundFileFormat, offset: Int64, size: UInt64, fileSize: Int64) throws(SoundFileError) {
            let available = UInt64(max(0, fileSize - offset))
            frames = Int(min(size, available)) / format.frameSize
            guard frames > 0 else { throw .noAudio }
            self.format = format
            self.offset = offset
        }
    }

    /// The file's type from its first 12 bytes, then its chunks (`SoundFileReader+WAV.swift`,
    /// `SoundFileReader+AIFF.swift`).
    private static func findAudio(in file: UnsafeMutablePointer<FILE>) throws(SoundFileError) -> Audio {
        guard fseeko(file, 0, SEEK_END) == 0 else { throw .cannotOpen }
        let fileSize = Int64(ftello(file))
        guard fseeko(file, 0, SEEK_SET) == 0 else { throw .cannotOpen }
        let header = ChunkBytes(count: 40)
        guard header.read(12, from: file) else { throw .unknownType }
        if header.is("WAVE", at: 8), header.is("RIFF", at: 0) || header.is("RF64", at: 0) {
            return try findWAVAudio(in: file, fileSize: fileSize, isRF64: header.is("RF64", at: 0), header: header)
        }
        if header.is("FORM", at: 0), header.is("AIFF", at: 8) || header.is("AIFC", at: 8) {
            return try findAIFFAudio(in: file, fileSize: fileSize, isAIFC: header.is("AIFC", at: 8), header: header)
        }
        throw .unknownType
    }
}

/// A fixed buffer that a chunk's header and fields are read into.
struct ChunkBytes: ~Copyable {
    let bytes: UnsafeMutableRawBufferPointer

    init(count: Int) { bytes = .allocate(byteCount: count, alignment: 8) }
    deinit { bytes.deallocate() }

    /// The first `count` bytes read (no more than it holds).
    func prefix(_ count: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[..<min(count, bytes.count)]) }

    /// Reads `count` bytes (no more than it holds) from the file's current position; false at its end.
    func read(_ count: Int, from file: UnsafeMutablePointer<FILE>) -> Bool {
        count <= bytes.count && fread(bytes.baseAddress, 1, count, file) == count
    }

    /// Whether the four bytes at `offset` are these four ASCII letters.
    func `is`(_ id: StaticString, at offset: Int) -> Bool {
        memcmp(bytes.baseAddress! + offset, id.utf8Start, 4) == 0
    }
}
