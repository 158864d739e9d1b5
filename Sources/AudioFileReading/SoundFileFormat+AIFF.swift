extension SoundFileFormat {
    /// The format in an AIFF `COMM` chunk's first bytes (18 of them, 22 in AIFC): big-endian
    /// integers, or in AIFC also little-endian ones (`sowt`, as libsndfile writes 16 bits;
    /// `42n1`, `23ni`: 24 and 32), unsigned bytes (`raw `) and floats (`fl32`, `fl64`).
    init(aiffCommon chunk: UnsafeRawBufferPointer, isAIFC: Bool) throws(SoundFileError) {
        guard chunk.count >= (isAIFC ? 22 : 18) else { throw .missingFormat }
        let channels = Int(ByteOrder.big.uint16(chunk, at: 0))
        let bits = Int(ByteOrder.big.uint16(chunk, at: 6))
        guard channels > 0, let sampleRate = Self.extendedFloat(chunk, at: 8) else { throw .inconsistentFormat }
        let compression = isAIFC ? ByteOrder.big.uint32(chunk, at: 18) : Self.fourCC("NONE")
        let bytes = (bits + 7) / 8
        let encoding: Encoding
        let order: ByteOrder
        switch compression {
        case Self.fourCC("NONE"), Self.fourCC("twos"):
            guard (1...4).contains(bytes) else { throw .unsupportedEncoding }
            (encoding, order) = (.signed(bytes: bytes), .big)
        case Self.fourCC("sowt"):
            guard (2...4).contains(bytes) else { throw .unsupportedEncoding }
            (encoding, order) = (.signed(bytes: bytes), .little)
        // QuickTime's names for 24- and 32-bit integers, and their little-endian mirror images.
        case Self.fourCC("in24"): (encoding, order) = (.signed(bytes: 3), .big)
        case Self.fourCC("in32"): (encoding, order) = (.signed(bytes: 4), .big)
        case Self.fourCC("42n1"): (encoding, order) = (.signed(bytes: 3), .little)
        case Self.fourCC("23ni"): (encoding, order) = (.signed(bytes: 4), .little)
        case Self.fourCC("raw "):
            guard bytes == 1 else { throw .unsupportedEncoding }
            (encoding, order) = (.unsigned8, .big)
        case Self.fourCC("fl32"), Self.fourCC("FL32"): (encoding, order) = (.float(bytes: 4), .big)
        case Self.fourCC("fl64"), Self.fourCC("FL64"): (encoding, order) = (.float(bytes: 8), .big)
        default: throw .unsupportedEncoding
        }
        self.init(channels: channels, sampleRate: sampleRate, encoding: encoding, byteOrder: order)
    }

    /// The sample rate as AIFF stores it, an 80-bit IEEE extended float (sign and 15-bit
    /// exponent, then a 64-bit significand with its integer bit); nil unless 1 Hz to 2^32 Hz.
    private static func extendedFloat(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Double? {
        let signAndExponent = ByteOrder.big.uint16(bytes, at: offset)
        let significand = ByteOrder.big.uint64(bytes, at: offset + 2)
        let exponent = Int(signAndExponent & 0x7FFF) - 16383
        guard signAndExponent & 0x8000 == 0, significand != 0, (0..<32).contains(exponent) else { return nil }
        return Double(sign: .plus, exponent: exponent - 63, significand: Double(significand))
    }

    /// Four ASCII letters as the big-endian number a chunk holds them as.
    private static func fourCC(_ letters: StaticString) -> UInt32 {
        ByteOrder.big.uint32(UnsafeRawBufferPointer(start: letters.utf8Start, count: 4), at: 0)
    }
}
