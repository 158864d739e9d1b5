import AudioFileReading
import CSndFile
import Foundation
import TestSupport
import XCTest

/// `SoundFileReader` against libsndfile: every WAV and AIFF format libsndfile and sox write reads
/// back the same floats, bit for bit; every malformed file is refused with its own error, never a crash.
final class SoundFileReaderTests: XCTestCase {
    private let folder = TemporaryFolder("sound-file-reader")

    /// A signal that reaches both ends of full scale, a little beyond them (which integer
    /// formats clip), and values no short integer holds exactly.
    private static func signal(frames: Int, channels: Int) -> [Float] {
        var generator = SystemRandomNumberGenerator()
        var samples = (0..<(frames * channels)).map { _ in Float.random(in: -1.2...1.2, using: &generator) }
        samples[0] = 1
        samples[1] = -1
        samples[2] = 0
        return samples
    }

    func testReadsEveryFormatLibsndfileWritesAsLibsndfileReadsIt() throws {
        let wav = Int32(SF_FORMAT_WAV), wavex = Int32(SF_FORMAT_WAVEX), rf64 = Int32(SF_FORMAT_RF64)
        let subtypes: [(String, Int32)] = [("u8", Int32(SF_FORMAT_PCM_U8)), ("16", Int32(SF_FORMAT_PCM_16)),
                                           ("24", Int32(SF_FORMAT_PCM_24)), ("32", Int32(SF_FORMAT_PCM_32)),
                                           ("float", Int32(SF_FORMAT_FLOAT)), ("double", Int32(SF_FORMAT_DOUBLE))]
        var checked = 0
        for (container, major) in [("wav", wav), ("wavex", wavex), ("rf64", rf64)] {
            for (name, subtype) in subtypes {
                if major == wavex && subtype == Int32(SF_FORMAT_PCM_U8) { continue }  // libsndfile writes no 8-bit WAVEX
                for (channels, rate) in [(1, 44100), (2, 96000), (3, 22050)] {
                    let path = folder.path("\(container)-\(name)-\(channels).wav")
                    try writeWithLibsndfile(path, format: major | subtype, channels: channels, rate: rate,
                                            samples: Self.signal(frames: 1001, channels: channels))
                    try assertReadsAsLibsndfile(path, channels: channels, rate: Double(rate), frames: 1001)
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 51)
    }

    /// AIFF (big-endian integers, signed even at 8 bits) and AIFC (floats; little-endian integers:
    /// `sowt`, `42n1`, `23ni`), as libsndfile writes them. (libsndfile counts the pad byte after an
    /// odd number of 8-bit samples as a frame, in the header it writes and when it reads; so does
    /// the reader.)
    func testReadsEveryAIFFFormatLibsndfileWritesAsLibsndfileReadsIt() throws {
        let aiff = Int32(SF_FORMAT_AIFF)
        let formats: [(String, Int32)] = [("s8", aiff | Int32(SF_FORMAT_PCM_S8)), ("16", aiff | Int32(SF_FORMAT_PCM_16)),
                                          ("24", aiff | Int32(SF_FORMAT_PCM_24)), ("32", aiff | Int32(SF_FORMAT_PCM_32)),
                                          ("float", aiff | Int32(SF_FORMAT_FLOAT)), ("double", aiff | Int32(SF_FORMAT_DOUBLE)),
                                          ("sowt16", aiff | Int32(SF_FORMAT_PCM_16) | Int32(SF_ENDIAN_LITTLE)),
                                          ("sowt24", aiff | Int32(SF_FORMAT_PCM_24) | Int32(SF_ENDIAN_LITTLE)),
                                          ("sowt32", aiff | Int32(SF_FORMAT_PCM_32) | Int32(SF_ENDIAN_LITTLE))]
        for (name, format) in formats {
            for (channels, rate) in [(1, 44100), (2, 96000), (3, 22050)] {
                let path = folder.path("aiff-\(name)-\(channels).aiff")
                try writeWithLibsndfile(path, format: format, channels: channels, rate: rate,
                                        samples: Self.signal(frames: 1001, channels: channels))
                try assertReadsAsLibsndfile(path, channels: channels, rate: Double(rate), frames: name == "s8" ? nil : 1001)
            }
        }
        let sowt = try Data(contentsOf: URL(fileURLWithPath: folder.path("aiff-sowt16-1.aiff")))
        XCTAssertNotNil(sowt.range(of: Data("sowt".utf8)), "libsndfile writes AIFC sowt")
    }

    /// sox writes its own headers (WAVE_FORMAT_EXTENSIBLE beyond 16 bits or 2 channels, a `fact`
    /// chunk for floats; AIFF's integers): the same floats as libsndfile reads from them.
    func testReadsWhatSoxWritesAsLibsndfileReadsIt() throws {
        for (encoding, bits) in [("unsigned-integer", 8), ("signed-integer", 16), ("signed-integer", 24),
                                 ("signed-integer", 32), ("floating-point", 32), ("floating-point", 64)] {
            for channels in [1, 2, 6] {
                for type in ["wav", "aiff"] where type == "wav" || encoding == "signed-integer" {
                    let path = folder.path("sox-\(bits)-\(encoding)-\(channels).\(type)")
                    let result = try runCommand("sox", ["-n", "-r", "48000", "-c", String(channels), "-e", encoding, "-b", String(bits),
                                                        path, "synth", "0.05", "sine", "440", "noise", "vol", "0.9"])
                    XCTAssertEqual(result.status, 0, result.standardError)
                    try assertReadsAsLibsndfile(path, channels: channels, rate: 48000, frames: 2400)
                }
            }
        }
    }

    /// A chunk of odd size before the format is followed by a pad byte; the audio after it reads.
    func testSkipsChunksAndTheirPadByte() throws {
        let file = ChunkedFile(chunks: [("LIST", [1, 2, 3]), ChunkedFile.pcm16Format(channels: 1, rate: 8000), ("data", [0x00, 0x40, 0x00, 0xC0])])
        let reader = try SoundFileReader(path: write(file.bytes))
        XCTAssertEqual(reader.frameCount, 2)
        XCTAssertEqual(read(reader), [0.5, -0.5])
    }

    /// A data chunk that claims more than the file holds (a recording cut short, or a stream that
    /// wrote 0xFFFFFFFF) reads the whole frames there are.
    func testReadsTheWholeFramesOfATruncatedDataChunk() throws {
        for claimed in [UInt32(1000), 0xFFFF_FFFF] {
            var file = ChunkedFile(chunks: [ChunkedFile.pcm16Format(channels: 2, rate: 8000), ("data", [0, 0x40, 0, 0xC0, 0xFF, 0x7F])])
            file.setSize(ofChunk: 1, to: claimed)
            let reader = try SoundFileReader(path: write(file.bytes))
            XCTAssertEqual(reader.frameCount, 1, "the half frame at the end is left out")
            XCTAssertEqual(read(reader), [0.5, -0.5])
        }
    }

    /// RF64: the data chunk's size field says 0xFFFFFFFF and the `ds64` chunk has the real size
    /// (here less than the file holds: a chunk follows the audio).
    func testTakesTheSizeOfRF64AudioFromItsDS64Chunk() throws {
        let ds64 = ChunkedFile.le(UInt64(0)) + ChunkedFile.le(UInt64(4)) + ChunkedFile.le(UInt64(2)) + ChunkedFile.le(UInt32(0))
        var file = ChunkedFile(chunks: [("ds64", ds64), ChunkedFile.pcm16Format(channels: 1, rate: 8000),
                                     ("data", [0, 0x40, 0, 0xC0]), ("LIST", [0xFF, 0x7F])], riff: "RF64")
        file.setSize(ofChunk: 2, to: 0xFFFF_FFFF)
        let reader = try SoundFileReader(path: write(file.bytes))
        XCTAssertEqual(reader.frameCount, 2)
        XCTAssertEqual(read(reader), [0.5, -0.5])
        let written = folder.path("rf64.wav")
        try writeWithLibsndfile(written, format: Int32(SF_FORMAT_RF64 | SF_FORMAT_PCM_16), channels: 1, rate: 8000, samples: [0.5])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: written)).prefix(4), Data("RF64".utf8), "libsndfile writes RF64")
    }

    func testRefusesEachMalformedFileWithItsReason() throws {
        let format = ChunkedFile.pcm16Format(channels: 1, rate: 8000)
        let data = ("data", [UInt8](repeating: 0, count: 8))
        func fmt(_ tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 8000, blockAlign: UInt16 = 2, bits: UInt16 = 16,
                 extra: [UInt8] = []) -> (String, [UInt8]) {
            ("fmt ", ChunkedFile.le(tag) + ChunkedFile.le(channels) + ChunkedFile.le(rate) + ChunkedFile.le(rate * UInt32(blockAlign))
                + ChunkedFile.le(blockAlign) + ChunkedFile.le(bits) + extra)
        }
        let extensibleSuffix: [UInt8] = [0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71]
        var wrongGUID = extensibleSuffix
        wrongGUID[13] = 0
        let cases: [(String, [UInt8], SoundFileError)] = [
            ("empty", [], .unknownType),
            ("shorter than a header", Array("RIFF".utf8) + [0, 0], .unknownType),
            ("FLAC", Array("fLaC\0\0\0\u{22}\0\0\0\0".utf8), .unknownType),
            ("RIFF but not WAVE", ChunkedFile(chunks: [format, data], form: "AVI ").bytes, .unknownType),
            ("no format", ChunkedFile(chunks: [data]).bytes, .missingFormat),
            ("audio before the format", ChunkedFile(chunks: [data, format]).bytes, .missingFormat),
            ("format too short", ChunkedFile(chunks: [("fmt ", Array(format.1[0..<14])), data]).bytes, .missingFormat),
            ("file ends in the format", Array(ChunkedFile(chunks: [format]).bytes.dropLast(6)), .missingFormat),
            ("extensible format too short", ChunkedFile(chunks: [fmt(0xFFFE, extra: [0, 0]), data]).bytes, .missingFormat),
            ("no channels", ChunkedFile(chunks: [fmt(channels: 0, blockAlign: 0), data]).bytes, .inconsistentFormat),
            ("no sample rate", ChunkedFile(chunks: [fmt(rate: 0), data]).bytes, .inconsistentFormat),
            ("frame size of another channel count", ChunkedFile(chunks: [fmt(channels: 2, blockAlign: 2), data]).bytes, .inconsistentFormat),
            ("ADPCM", ChunkedFile(chunks: [fmt(2, bits: 4, extra: [2, 0, 0xF4, 0x01]), data]).bytes, .unsupportedEncoding),
            ("48-bit integers", ChunkedFile(chunks: [fmt(blockAlign: 6, bits: 48), data]).bytes, .unsupportedEncoding),
            ("16-bit floats", ChunkedFile(chunks: [fmt(3), data]).bytes, .unsupportedEncoding),
            ("extensible of an unknown GUID",
             ChunkedFile(chunks: [fmt(0xFFFE, extra: [22, 0, 16, 0, 4, 0, 0, 0, 1, 0] + wrongGUID), data]).bytes, .unsupportedEncoding),
            ("no audio chunk", ChunkedFile(chunks: [format]).bytes, .missingData),
            ("a chunk larger than the file before the audio",
             { var file = ChunkedFile(chunks: [("LIST", [0]), format, data]); file.setSize(ofChunk: 0, to: 0xFFFF_FFF0); return file.bytes }(),
             .missingData),
            ("half a frame of audio", ChunkedFile(chunks: [format, ("data", [0])]).bytes, .noAudio),
            ("empty audio", ChunkedFile(chunks: [format, ("data", [])]).bytes, .noAudio),
        ]
        for (name, bytes, expected) in cases {
            XCTAssertThrowsError(try SoundFileReader(path: write(bytes)).frameCount, name) { XCTAssertEqual($0 as? SoundFileError, expected, name) }
        }
        XCTAssertThrowsError(try SoundFileReader(path: folder.path("missing.wav")).frameCount) { XCTAssertEqual($0 as? SoundFileError, .cannotOpen) }
        XCTAssertThrowsError(try SoundFileReader(path: folder.url.path).frameCount, "a folder") { XCTAssertNotNil($0 as? SoundFileError) }
        // The valid extensible header these cases break reads.
        let extensible = ChunkedFile(chunks: [fmt(0xFFFE, extra: [22, 0, 16, 0, 4, 0, 0, 0, 1, 0] + extensibleSuffix), data])
        XCTAssertEqual(try SoundFileReader(path: write(extensible.bytes)).frameCount, 4)
    }

    /// AIFF's chunks come in any order: the audio before the format reads.
    func testReadsAnAIFFWhoseAudioComesBeforeItsFormat() throws {
        let file = ChunkedFile.aiff([ChunkedFile.aiffSound([0x40, 0x00, 0xC0, 0x00]), ("ANNO", [65]),
                                     ChunkedFile.aiffCommon(channels: 1, bits: 16, rate: ChunkedFile.extended(44100))])
        let reader = try SoundFileReader(path: write(file.bytes))
        XCTAssertEqual(reader.format.sampleRate, 44100)
        XCTAssertEqual(reader.format.byteOrder, .big)
        XCTAssertEqual(read(reader), [0.5, -0.5])
    }

    /// AIFC's other names for integers: QuickTime's big-endian `in24`, `in32` and unsigned `raw `.
    func testReadsAIFCsQuickTimeIntegers() throws {
        let cases: [(String, UInt16, [UInt8], [Float])] = [
            ("in24", 24, [0x40, 0, 0, 0xC0, 0, 0], [0.5, -0.5]),
            ("in32", 32, [0x40, 0, 0, 0, 0x80, 0, 0, 0], [0.5, -1]),
            ("raw ", 8, [0xC0, 0x40], [0.5, -0.5]),
        ]
        for (compression, bits, audio, expected) in cases {
            let file = ChunkedFile.aiff([ChunkedFile.aiffCommon(channels: 1, bits: bits, compression: compression),
                                         ChunkedFile.aiffSound(audio)], form: "AIFC")
            XCTAssertEqual(read(try SoundFileReader(path: write(file.bytes))), expected, compression)
        }
    }

    func testRefusesEachMalformedAIFFWithItsReason() throws {
        let sound = ChunkedFile.aiffSound([0, 0, 0, 0])
        let common = ChunkedFile.aiffCommon(channels: 1, bits: 16)
        let cases: [(String, ChunkedFile, SoundFileError)] = [
            ("FORM but neither AIFF nor AIFC", ChunkedFile(chunks: [common, sound], form: "8SVX", riff: "FORM"), .unknownType),
            ("no format", .aiff([sound]), .missingFormat),
            ("AIFC format without its compression", .aiff([common, sound], form: "AIFC"), .missingFormat),
            ("no channels", .aiff([ChunkedFile.aiffCommon(channels: 0, bits: 16), sound]), .inconsistentFormat),
            ("a zero rate", .aiff([ChunkedFile.aiffCommon(channels: 1, bits: 16, rate: [UInt8](repeating: 0, count: 10)), sound]),
             .inconsistentFormat),
            ("a negative rate", .aiff([ChunkedFile.aiffCommon(channels: 1, bits: 16, rate: [0xC0, 0x0B] + ChunkedFile.extended(8000).dropFirst(2)), sound]),
             .inconsistentFormat),
            ("IMA ADPCM", .aiff([ChunkedFile.aiffCommon(channels: 1, bits: 16, compression: "ima4"), sound], form: "AIFC"),
             .unsupportedEncoding),
            ("48-bit integers", .aiff([ChunkedFile.aiffCommon(channels: 1, bits: 48), sound]), .unsupportedEncoding),
            ("no audio chunk", .aiff([common]), .missingData),
            ("a block offset past the audio", .aiff([common, ChunkedFile.aiffSound([0, 0, 0, 0], offset: 8)]), .noAudio),
            ("a sound chunk too short for its offsets", .aiff([common, ("SSND", [0, 0, 0])]), .noAudio),
        ]
        for (name, file, expected) in cases {
            XCTAssertThrowsError(try SoundFileReader(path: write(file.bytes)).frameCount, name) {
                XCTAssertEqual($0 as? SoundFileError, expected, name)
            }
        }
        XCTAssertEqual(try SoundFileReader(path: write(ChunkedFile.aiff([common, sound]).bytes)).frameCount, 2, "the valid file they break")
    }

    /// Thousands of files, each a valid one with bytes changed at random: each is read or
    /// refused, never a crash, never more frames than its bytes hold, never a value past ±1
    /// from an integer format.
    func testSurvivesCorruptedFiles() throws {
        let valid = [
            ChunkedFile(chunks: [("LIST", [1, 2, 3]), ChunkedFile.pcm16Format(channels: 2, rate: 44100),
                                 ("data", (0..<64).map { UInt8($0) })]).bytes,
            ChunkedFile.aiff([ChunkedFile.aiffCommon(channels: 2, bits: 24, compression: "NONE"), ("ANNO", [1, 2, 3]),
                              ChunkedFile.aiffSound((0..<66).map { UInt8($0) })], form: "AIFC").bytes,
        ]
        var generator = SystemRandomNumberGenerator()
        var read = 0, refused = 0
        for attempt in 0..<2000 {
            var bytes = valid[attempt % 2]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if Bool.random(using: &generator) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator)) }
            do {
                let reader = try SoundFileReader(path: write(bytes))
                XCTAssertLessThanOrEqual(reader.frameCount * reader.format.frameSize, bytes.count)
                let samples = self.read(reader)
                if case .float = reader.format.encoding {} else { XCTAssertTrue(samples.allSatisfy { abs($0) <= 1 }) }
                read += 1
            } catch {
                refused += 1
            }
        }
        XCTAssertGreaterThan(read, 0)
        XCTAssertGreaterThan(refused, 0)
    }

    // MARK: Helpers

    /// The file has the format and frames given (libsndfile's, when `frames` is nil) and reads as
    /// libsndfile reads it.
    private func assertReadsAsLibsndfile(_ path: String, channels: Int, rate: Double, frames: Int?,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try readWithLibsndfile(path)
        let reader = try SoundFileReader(path: path)
        XCTAssertEqual(reader.format.channels, channels, path, file: file, line: line)
        XCTAssertEqual(reader.format.sampleRate, rate, path, file: file, line: line)
        XCTAssertEqual(reader.frameCount, frames ?? expected.count / channels, path, file: file, line: line)
        let samples = read(reader)
        XCTAssertEqual(samples.count, expected.count, path, file: file, line: line)
        let different = zip(samples, expected).filter { $0.bitPattern != $1.bitPattern }.count
        XCTAssertEqual(different, 0, "\(path): \(different) samples differ from libsndfile's", file: file, line: line)
    }

    private func read(_ reader: borrowing SoundFileReader) -> [Float] {
        var samples = [Float](repeating: .nan, count: reader.frameCount * reader.format.channels)
        let frames = samples.withUnsafeMutableBufferPointer { reader.read(into: $0.baseAddress!, frames: reader.frameCount) }
        XCTAssertEqual(frames, reader.frameCount)
        return samples
    }

    private func write(_ bytes: [UInt8]) throws -> String {
        let path = folder.path("\(UUID().uuidString).wav")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func writeWithLibsndfile(_ path: String, format: Int32, channels: Int, rate: Int, samples: [Float]) throws {
        var info = SF_INFO(frames: 0, samplerate: Int32(rate), channels: Int32(channels), format: format, sections: 0, seekable: 0)
        let file = try XCTUnwrap(sf_open(path, Int32(SFM_WRITE), &info), "libsndfile cannot write \(path)")
        XCTAssertEqual(sf_writef_float(file, samples, sf_count_t(samples.count / channels)), sf_count_t(samples.count / channels))
        sf_close(file)
    }

    private func readWithLibsndfile(_ path: String) throws -> [Float] {
        var info = SF_INFO()
        let file = try XCTUnwrap(sf_open(path, Int32(SFM_READ), &info), "libsndfile cannot read \(path)")
        defer { sf_close(file) }
        var samples = [Float](repeating: 0, count: Int(info.frames) * Int(info.channels))
        XCTAssertEqual(sf_readf_float(file, &samples, info.frames), info.frames)
        return samples
    }
}

/// A WAV or AIFF file made byte by byte, for the malformed ones no writer makes.
private struct ChunkedFile {
    var chunks: [(id: String, body: [UInt8])]
    var form = "WAVE"
    /// `RIFF`, `RF64` for WAV files over 4 GiB, or `FORM` for AIFF (whose sizes are big-endian).
    var riff = "RIFF"
    /// Sizes that lie about their chunk, by the chunk's index.
    private var sizes: [Int: UInt32] = [:]

    init(chunks: [(String, [UInt8])], form: String = "WAVE", riff: String = "RIFF") {
        self.chunks = chunks.map { (id: $0.0, body: $0.1) }
        self.form = form
        self.riff = riff
    }

    /// An AIFF (or, with `form: "AIFC"`, AIFC) file of these chunks.
    static func aiff(_ chunks: [(String, [UInt8])], form: String = "AIFF") -> ChunkedFile {
        ChunkedFile(chunks: chunks, form: form, riff: "FORM")
    }

    mutating func setSize(ofChunk index: Int, to size: UInt32) { sizes[index] = size }

    var bytes: [UInt8] {
        func size(_ value: UInt32) -> [UInt8] { riff == "FORM" ? Self.be(value) : Self.le(value) }
        var body = Array(form.utf8)
        for (index, chunk) in chunks.enumerated() {
            body += Array(chunk.id.utf8) + size(sizes[index] ?? UInt32(chunk.body.count)) + chunk.body
            if chunk.body.count % 2 == 1 { body.append(0) }
        }
        return Array(riff.utf8) + size(UInt32(body.count)) + body
    }

    static func pcm16Format(channels: UInt16, rate: UInt32) -> (String, [UInt8]) {
        ("fmt ", le(UInt16(1)) + le(channels) + le(rate) + le(rate * UInt32(channels) * 2) + le(channels * 2) + le(UInt16(16)))
    }

    /// An AIFF `COMM` chunk; `compression` makes it AIFC's.
    static func aiffCommon(channels: UInt16, bits: UInt16, rate: [UInt8] = extended(8000),
                           compression: String? = nil) -> (String, [UInt8]) {
        ("COMM", be(channels) + be(UInt32(0)) + be(bits) + rate + (compression.map { Array($0.utf8) + [0, 0] } ?? []))
    }

    /// A whole number as an 80-bit IEEE extended float, as AIFF stores its sample rate.
    static func extended(_ value: UInt32) -> [UInt8] {
        let exponent = 31 - value.leadingZeroBitCount
        return be(UInt16(16383 + exponent)) + be(UInt64(value) << (63 - exponent))
    }

    /// An AIFF `SSND` chunk: no block offset, then the audio.
    static func aiffSound(_ audio: [UInt8], offset: UInt32 = 0) -> (String, [UInt8]) {
        ("SSND", be(offset) + be(UInt32(0)) + audio)
    }

    static func le<Integer: FixedWidthInteger>(_ value: Integer) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    static func be<Integer: FixedWidthInteger>(_ value: Integer) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }
}
