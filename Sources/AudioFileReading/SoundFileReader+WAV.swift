import CStdIO

extension SoundFileReader {
    /// WAV's chunks after the RIFF header, each padded to an even size, until `data`, after `fmt `.
    static func findWAVAudio(in file: UnsafeMutablePointer<FILE>, fileSize: Int64, isRF64: Bool,
                             header: borrowing ChunkBytes) throws(SoundFileError) -> Audio {
        var format: SoundFileFormat?
        // RF64: the data chunk's real size, from the `ds64` chunk.
        var largeDataSize: UInt64?
        while header.read(8, from: file) {
            let size = Int64(ByteOrder.little.uint32(header.prefix(8), at: 4))
            let start = Int64(ftello(file))
            if header.is("fmt ", at: 0) {
                guard header.read(Int(min(size, 40)), from: file) else { throw .missingFormat }
                format = try SoundFileFormat(wavFormat: header.prefix(Int(min(size, 40))))
            } else if header.is("ds64", at: 0), isRF64, size >= 24 {
                guard header.read(24, from: file) else { throw .missingData }
                largeDataSize = ByteOrder.little.uint64(header.prefix(24), at: 8)
            } else if header.is("data", at: 0) {
                guard let format else { throw .missingFormat }
                // 0xFFFFFFFF: RF64's size is in `ds64`, or a stream never said (cut to the file's end).
                let claimed = isRF64 && size == 0xFFFF_FFFF ? largeDataSize ?? UInt64(size) : UInt64(size)
                return try Audio(format: format, offset: start, size: claimed, fileSize: fileSize)
            }
            guard fseeko(file, off_t(start + size + (size & 1)), SEEK_SET) == 0 else { break }
        }
        throw .missingData
    }
}
