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

/// One track chunk of a Standard MIDI File, read one event at a time, so that a file is
/// played without ever holding all its events.
struct MIDITrackReader {
    enum Item {
        /// A channel message, status byte first (running status expanded).
        case channelMessage(tick: Int, bytes: [UInt8])
        case tempo(tick: Int, microsecondsPerQuarter: Int)
        /// End of Track, or the end of the chunk when it has none; returned again on every later call.
        case end(tick: Int)
    }

    private var reader: MIDIByteReader
    private let end: Int
    private var tick = 0
    private var runningStatus: UInt8?
    private var isFinished = false

    /// The track whose events lie in `range` of `bytes`.
    init(bytes: [UInt8], name: String, range: Range<Int>) {
        reader = MIDIByteReader(bytes: bytes, name: name, position: range.lowerBound)
        end = range.upperBound
    }

    /// The next channel message or tempo change; meta and sysex events are skipped.
    mutating func next() throws -> Item {
        guard !isFinished else { return .end(tick: tick) }
        while reader.position < end {
            tick += try reader.readVariableLength(before: end)
            let eventStart = reader.position
            let first = try reader.readByte(before: end)
            switch first {
            case 0xFF:
                runningStatus = nil
                let type = try reader.readByte(before: end)
                let data = try reader.readData(before: end)
                if type == 0x2F {  // End of Track: whatever follows in the chunk is not part of it.
                    isFinished = true
                    return .end(tick: tick)
                }
                if type == 0x51 {
                    return .tempo(tick: tick, microsecondsPerQuarter: try tempo(data, at: eventStart))
                }
            case 0xF0, 0xF7:
                runningStatus = nil
                _ = try reader.readData(before: end)
            case 0x80...0xEF:
                runningStatus = first
                return .channelMessage(tick: tick, bytes: try readChannelMessage(status: first))
            case 0x00...0x7F:
                guard let status = runningStatus else {
                    throw HostError("\(reader.name) has a data byte with no status byte before it at byte \(eventStart) (meta and sysex events cancel running status).")
                }
                reader.position = eventStart
                return .channelMessage(tick: tick, bytes: try readChannelMessage(status: status))
            default:
                throw HostError("\(reader.name) has status byte \(reader.hex(first)) at byte \(eventStart), which a MIDI file may not contain.")
            }
        }
        isFinished = true
        return .end(tick: tick)
    }

    /// The status byte and the data bytes after `position`: one for program change and
    /// channel pressure, two for the other channel messages.
    private mutating func readChannelMessage(status: UInt8) throws -> [UInt8] {
        let kind = status & 0xF0
        let dataCount = kind == 0xC0 || kind == 0xD0 ? 1 : 2
        var message = [status]
        for _ in 0..<dataCount {
            let byte = try reader.readByte(before: end)
            guard byte < 0x80 else {
                throw HostError("\(reader.name) has status byte \(reader.hex(byte)) at byte \(reader.position - 1), where a data byte of a \(reader.hex(status)) message belongs.")
            }
            message.append(byte)
        }
        return message
    }

    private func tempo(_ data: ArraySlice<UInt8>, at eventStart: Int) throws -> Int {
        guard data.count == 3 else {
            throw HostError("\(reader.name) has a Set Tempo event of \(data.count) bytes instead of 3 at byte \(eventStart).")
        }
        let microsecondsPerQuarter = data.reduce(0) { $0 << 8 | Int($1) }
        guard microsecondsPerQuarter > 0 else {
            throw HostError("\(reader.name) sets a tempo of 0 microseconds per quarter note at byte \(eventStart).")
        }
        return microsecondsPerQuarter
    }
}
