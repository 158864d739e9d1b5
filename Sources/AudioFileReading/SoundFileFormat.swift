/// What a sound file's format chunk says, checked: how many channels, at what rate, each
/// sample stored how.
public struct SoundFileFormat: Equatable, Sendable {
    /// How each sample is stored.
    public enum Encoding: Equatable, Sendable {
        /// Unsigned 8-bit integers, 128 the middle (WAV's 8-bit samples, AIFC's `raw `).
        case unsigned8
        /// Signed integers in 1 (AIFF), 2, 3 or 4 bytes (a 20-bit file is stored in 3).
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
    /// The order of each sample's bytes: WAV's little-endian, AIFF's big-endian (AIFC's `sowt` little).
    public let byteOrder: ByteOrder

    /// The bytes of one frame: a sample of each channel.
    public var frameSize: Int { channels * encoding.bytes }

    init(channels: Int, sampleRate: Double, encoding: Encoding, byteOrder: ByteOrder) {
        self.channels = channels
        self.sampleRate = sampleRate
        self.encoding = encoding
        self.byteOrder = byteOrder
    }

    /// Converts the `count` samples at the start of `bytes` into floats, scaled as libsndfile
    /// scales them: integers divided by 2^(bits−1), so that full scale is ±1 (the negative end
    /// exactly −1). One loop per encoding, since files hold millions of samples.
    func convert(_ bytes: UnsafeRawBufferPointer, count: Int, into output: UnsafeMutablePointer<Float>) {
        let order = byteOrder
        switch encoding {
        case .unsigned8:
            for index in 0..<count { output[index] = Float(Int(bytes[index]) - 128) * (1 / 128) }
        case .signed(bytes: 1):
            for index in 0..<count { output[index] = Float(Int8(bitPattern: bytes[index])) * (1 / 128) }
        case .signed(bytes: 2):
            for index in 0..<count {
                output[index] = Float(Int16(bitPattern: order.uint16(bytes, at: 2 * index))) * (1 / 32768)
            }
        case .signed(bytes: 3):
            for index in 0..<count {
                let offset = 3 * index
                let (low, high) = order == .little ? (bytes[offset], bytes[offset + 2]) : (bytes[offset + 2], bytes[offset])
                let unsigned = UInt32(low) << 8 | UInt32(bytes[offset + 1]) << 16 | UInt32(high) << 24
                output[index] = Float(Int32(bitPattern: unsigned) >> 8) * (1 / 8_388_608)
            }
        case .signed:
            for index in 0..<count {
                output[index] = Float(Int32(bitPattern: order.uint32(bytes, at: 4 * index))) * (1 / 2_147_483_648)
            }
        case .float(bytes: 4):
            for index in 0..<count { output[index] = Float(bitPattern: order.uint32(bytes, at: 4 * index)) }
        case .float:
            for index in 0..<count { output[index] = Float(Double(bitPattern: order.uint64(bytes, at: 8 * index))) }
        }
    }
}

/// The order of a number's bytes in a file; integers read at any offset, whatever the machine's order.
public enum ByteOrder: Equatable, Sendable {
    /// Least significant byte first: WAV, and AIFC's `sowt`.
    case little
    /// Most significant byte first: AIFF.
    case big

    func uint16(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16 {
        let raw = bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
        return self == .little ? UInt16(littleEndian: raw) : UInt16(bigEndian: raw)
    }

    func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        let raw = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        return self == .little ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
    }

    func uint64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        let raw = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        return self == .little ? UInt64(littleEndian: raw) : UInt64(bigEndian: raw)
    }
}
