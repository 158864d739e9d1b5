import CStdIO

extension SoundFileReader {
    /// AIFF's chunks after the FORM header, each padded to an even size, big-endian sizes:
    /// `COMM` and `SSND` in either order.
    static func findAIFFAudio(in file: UnsafeMutablePointer<FILE>, fileSize: Int64, isAIFC: Bool,
                              header: borrowing ChunkBytes) throws(SoundFileError) -> Audio {
        var format: SoundFileFormat?
        // Where SSND's audio starts, and how long it says it is.
        var sound: (offset: Int64, size: Int64)?
        while format == nil || sound == nil, header.read(8, from: file) {
            let size = Int64(ByteOrder.big.uint32(header.prefix(8), at: 4))
            let start = Int64(ftello(file))
            if header.is("COMM", at: 0) {
                guard header.read(Int(min(size, 22)), from: file) else { throw .missingFormat }
                format = try SoundFileFormat(aiffCommon: header.prefix(Int(min(size, 22))), isAIFC: isAIFC)
            } else if header.is("SSND", at: 0) {
                // Its audio starts after a block offset, itself after the offset and block size.
                guard size >= 8, header.read(8, from: file) else { throw .noAudio }
                let offset = Int64(ByteOrder.big.uint32(header.prefix(8), at: 0))
                sound = (start + 8 + offset, max(0, size - 8 - offset))
            }
            guard fseeko(file, off_t(start + size + (size & 1)), SEEK_SET) == 0 else { break }
        }
        guard let format else { throw .missingFormat }
        guard let sound else { throw .missingData }
        return try Audio(format: format, offset: sound.offset, size: UInt64(sound.size), fileSize: fileSize)
    }
}
