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
