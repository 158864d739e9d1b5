/// Bounds-checked reading of a Standard MIDI File's bytes: every length is checked against
/// the bytes that remain before it is used, so a short, garbled or hostile file throws a
/// `HostError` naming the problem instead of trapping.
struct MIDIByteReader {
    let bytes: [UInt8]
    let name: String
    var position = 0

    func truncated() -> HostError {
        HostError("\(name) is a truncated MIDI file.")
    }

    /// Where a chunk of `length` bytes starting at `position` ends, if the file holds it all.
    func chunkEnd(length: Int) throws -> Int {
        guard length <= bytes.count - position else { throw truncated() }
        return position + length
    }

    mutating func readByte(before end: Int) throws -> UInt8 {
        guard position < end else { throw truncated() }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func readInteger(byteCount: Int, before end: Int) throws -> Int {
        var value = 0
        for _ in 0..<byteCount {
            value = value << 8 | Int(try readByte(before: end))
        }
        return value
    }

    /// A variable-length quantity: 7 bits a byte, high bit set on all but the last, 4 bytes at most.
    mutating func readVariableLength(before end: Int) throws -> Int {
        let start = position
        var value = 0
        for _ in 0..<4 {
            let byte = try readByte(before: end)
            value = value << 7 | Int(byte & 0x7F)
            if byte < 0x80 { return value }
        }
        throw HostError("\(name) has a variable-length number longer than 4 bytes at byte \(start).")
    }

    /// A variable-length size, then that many bytes (meta and sysex events).
    mutating func readData(before end: Int) throws -> ArraySlice<UInt8> {
        let length = try readVariableLength(before: end)
        guard length <= end - position else { throw truncated() }
        defer { position += length }
        return bytes[position..<position + length]
    }

    func hex(_ byte: UInt8) -> String {
        "0x" + String(byte, radix: 16, uppercase: true)
    }
}
