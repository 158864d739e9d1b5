/// What a WAV file's `fmt ` chunk says, checked: how many channels, at what rate, each
/// sample stored how.
public struct WAVFormat: Equatable, Sendable {
    /// How each sample is stored, little-endian.
    public enum Encoding: Equatable, Sendable {
        /// Unsigned 8-bit integers, 128 the middle (the only unsigned size WAV has).
        case unsigned8
        /// Signed integers in 2, 3 or 4 bytes (a 20-bit file is stored in 3).
        case signed(bytes: Int)
        /// IEEE floats in 4 or 8 bytes.
        case float(bytes: Int)

        var bytes: Int {
            switch self {
            case .unsigned8: 1
            case let .signed(bytes), let .float(bytes): bytes
            }
        }
    }

    /// How many channels each frame holds (1 or more), interleaved.
    public let channels: Int
    /// Frames per second, as the file says (any rate above zero).
    public let sampleRate: Double
    /// How each sample is stored.
    public let encoding: Encoding

    /// The bytes of one frame: a sample of each channel.
    public var frameSize: Int { channels * encoding.bytes }

    /// The format in a `fmt ` chunk's first bytes (16, 18 or 40 of them): `WAVE_FORMAT_PCM`,
    /// `WAVE_FORMAT_IEEE_FLOAT`, or `WAVE_FORMAT_EXTENSIBLE` holding either.
    init(chunk: UnsafeRawBufferPointer) throws(WAVError) {
        guard chunk.count >= 16 else { throw .missingFormat }
        var tag = LittleEndian.uint16(chunk, at: 0)
        let channels = Int(LittleEndian.uint16(chunk, at: 2))
        let sampleRate = LittleEndian.uint32(chunk, at: 4)
        let blockAlign = Int(LittleEndian.uint16(chunk, at: 12))
        let bits = Int(LittleEndian.uint16(chunk, at: 14))
        if tag == 0xFFFE {
            // WAVE_FORMAT_EXTENSIBLE: the real tag opens the sub-format GUID, whose other 14
            // bytes are KSDATAFORMAT_SUBTYPE's fixed suffix.
            guard chunk.count >= 40 else { throw .missingFormat }
            let suffix: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
            for (offset, byte) in suffix.enumerated() where chunk[26 + offset] != byte { throw .unsupportedEncoding }
            tag = LittleEndian.uint16(chunk, at: 24)
        }
        guard channels > 0, sampleRate > 0 else { throw .inconsistentFormat }
        // A sample's container is whole bytes; fewer valid bits (12, 20) sit at its top.
        let bytes = (bits + 7) / 8
        let encoding: Encoding
        switch (tag, bytes) {
        case (1, 1): encoding = .unsigned8
        case (1, 2...4): encoding = .signed(bytes: bytes)
        case (3, 4), (3, 8): encoding = .float(bytes: bytes)
        default: throw .unsupportedEncoding
        }
        guard blockAlign == channels * bytes else { throw .inconsistentFormat }
        self.channels = channels
        self.sampleRate = Double(sampleRate)
        self.encoding = encoding
    }

    /// Converts the `count` samples at the start of `bytes` into floats, scaled as libsndfile
    /// scales them: integers divided by 2^(bits−1), so that full scale is ±1 (the negative end
    /// exactly −1). One loop per encoding, since files hold millions of samples.
    func convert(_ bytes: UnsafeRawBufferPointer, count: Int, into output: UnsafeMutablePointer<Float>) {
        switch encoding {
        case .unsigned8:
            for index in 0..<count { output[index] = Float(Int(bytes[index]) - 128) * (1 / 128) }
        case .signed(bytes: 2):
            for index in 0..<count {
                output[index] = Float(Int16(bitPattern: LittleEndian.uint16(bytes, at: 2 * index))) * (1 / 32768)
            }
        case .signed(bytes: 3):
            for index in 0..<count {
                let offset = 3 * index
                let unsigned = UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 24
                output[index] = Float(Int32(bitPattern: unsigned) >> 8) * (1 / 8_388_608)
            }
        case .signed:
            for index in 0..<count {
                output[index] = Float(Int32(bitPattern: LittleEndian.uint32(bytes, at: 4 * index))) * (1 / 2_147_483_648)
            }
        case .float(bytes: 4):
            for index in 0..<count { output[index] = Float(bitPattern: LittleEndian.uint32(bytes, at: 4 * index)) }
        case .float:
            for index in 0..<count { output[index] = Float(Double(bitPattern: LittleEndian.uint64(bytes, at: 8 * index))) }
        }
    }
}

/// Little-endian integers read from bytes at any offset, whatever the machine's order.
enum LittleEndian {
    static func uint16(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16 {
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    static func uint64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
