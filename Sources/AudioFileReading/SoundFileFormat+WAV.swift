extension SoundFileFormat {
    /// The format in a WAV `fmt ` chunk's first bytes (16, 18 or 40 of them): `WAVE_FORMAT_PCM`,
    /// `WAVE_FORMAT_IEEE_FLOAT`, or `WAVE_FORMAT_EXTENSIBLE` holding either.
    init(wavFormat chunk: UnsafeRawBufferPointer) throws(SoundFileError) {
        guard chunk.count >= 16 else { throw .missingFormat }
        let order = ByteOrder.little
        var tag = order.uint16(chunk, at: 0)
        let channels = Int(order.uint16(chunk, at: 2))
        let sampleRate = order.uint32(chunk, at: 4)
        let blockAlign = Int(order.uint16(chunk, at: 12))
        let bits = Int(order.uint16(chunk, at: 14))
        if tag == 0xFFFE {
            // WAVE_FORMAT_EXTENSIBLE: the real tag opens the sub-format GUID, whose other 14
            // bytes are KSDATAFORMAT_SUBTYPE's fixed suffix.
            guard chunk.count >= 40 else { throw .missingFormat }
            let suffix: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71]
            for (offset, byte) in suffix.enumerated() where chunk[26 + offset] != byte { throw .unsupportedEncoding }
            tag = order.uint16(chunk, at: 24)
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
        self.init(channels: channels, sampleRate: Double(sampleRate), encoding: encoding, byteOrder: order)
    }
}
