import CStdIO

/// Reads a WAV file's audio as floats with libc alone: RIFF and RF64 (files over 4 GiB),
/// `WAVE_FORMAT_PCM`, `WAVE_FORMAT_IEEE_FLOAT` and `WAVE_FORMAT_EXTENSIBLE`, 8-, 16-, 24- and
/// 32-bit integers and 32- and 64-bit floats, any number of channels, any sample rate. The
/// values are libsndfile's, bit for bit.
///
/// For plugins, whose binary should link nothing beyond libc and libm (lv2lint warns of any
/// other library: the plugin would load only where that is installed too). It opens,
/// allocates and reads, so it belongs on the worker thread, never in `run`. It trusts nothing
/// in the file: sizes beyond the file's end are cut to it, a file that ends in a frame's
/// middle loses that frame, and whatever makes no sense is a `WAVError`.
///
///     let reader = try WAVReader(path: path)
///     let samples = UnsafeMutablePointer<Float>.allocate(capacity: reader.frameCount * reader.format.channels)
///     let frames = reader.read(into: samples, frames: reader.frameCount)
public struct WAVReader: ~Copyable {
    /// The file's channels, rate and encoding.
    public let format: WAVFormat
    /// The whole frames of the `data` chunk that are in the file.
    public let frameCount: Int
    private let file: UnsafeMutablePointer<FILE>
    private let dataOffset: Int64

    /// Opens the file and reads its chunks up to the start of its audio.
    public init(path: UnsafePointer<CChar>) throws(WAVError) {
        guard let file = fopen(path, "rb") else { throw .cannotOpen }
        do {
            (format, frameCount, dataOffset) = try Self.findAudio(in: file)
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

    /// The format, the whole frames present and where they start: the RIFF header, then
    /// chunk after chunk (each padded to an even size) until `data`, after `fmt `.
    private static func findAudio(in file: UnsafeMutablePointer<FILE>) throws(WAVError) -> (WAVFormat, Int, Int64) {
        guard fseeko(file, 0, SEEK_END) == 0 else { throw .cannotOpen }
        let fileSize = Int64(ftello(file))
        guard fseeko(file, 0, SEEK_SET) == 0 else { throw .cannotOpen }
        let header = Bytes(count: 40)
        guard header.read(12, from: file), header.is("WAVE", at: 8) else { throw .notWAV }
        let isRF64 = header.is("RF64", at: 0)
        guard isRF64 || header.is("RIFF", at: 0) else { throw .notWAV }
        var format: WAVFormat?
        // RF64: the data chunk's real size, from the `ds64` chunk.
        var largeDataSize: UInt64?
        while header.read(8, from: file) {
            let size = Int64(LittleEndian.uint32(UnsafeRawBufferPointer(header.bytes), at: 4))
            let start = Int64(ftello(file))
            if header.is("fmt ", at: 0) {
                guard header.read(Int(min(size, 40)), from: file) else { throw .missingFormat }
                format = try WAVFormat(chunk: UnsafeRawBufferPointer(rebasing: header.bytes[..<Int(min(size, 40))]))
            } else if header.is("ds64", at: 0), isRF64, size >= 24 {
                guard header.read(24, from: file) else { throw .missingData }
                largeDataSize = LittleEndian.uint64(UnsafeRawBufferPointer(header.bytes), at: 8)
            } else if header.is("data", at: 0) {
                guard let format else { throw .missingFormat }
                // The size a header claims is cut to the file's end (0xFFFFFFFF: a stream that never said).
                let claimed = isRF64 && size == 0xFFFF_FFFF ? largeDataSize ?? UInt64(size) : UInt64(size)
                let available = UInt64(max(0, fileSize - start))
                let frames = Int(min(claimed, available)) / format.frameSize
                guard frames > 0 else { throw .noAudio }
                return (format, frames, start)
            }
            guard fseeko(file, off_t(start + size + (size & 1)), SEEK_SET) == 0 else { break }
        }
        throw .missingData
    }
}

/// A fixed buffer that a header's fields are read into.
private struct Bytes: ~Copyable {
    let bytes: UnsafeMutableRawBufferPointer

    init(count: Int) { bytes = .allocate(byteCount: count, alignment: 8) }
    deinit { bytes.deallocate() }

    /// Reads `count` bytes (no more than it holds) from the file's current position; false at its end.
    func read(_ count: Int, from file: UnsafeMutablePointer<FILE>) -> Bool {
        count <= bytes.count && fread(bytes.baseAddress, 1, count, file) == count
    }

    /// Whether the four bytes at `offset` are these four ASCII letters.
    func `is`(_ id: StaticString, at offset: Int) -> Bool {
        memcmp(bytes.baseAddress! + offset, id.utf8Start, 4) == 0
    }
}
