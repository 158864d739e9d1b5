/// What a Standard MIDI File holds once its meta and sysex events are set aside.
struct StandardMIDIFileContents {
    /// One track chunk; ticks count from the start of the file.
    struct Track {
        var channelMessages: [(tick: Int, bytes: [UInt8])] = []
        var tempoChanges: [(tick: Int, microsecondsPerQuarter: Int)] = []
        /// The tick of End of Track, or of the last event when the chunk ends without one.
        var endTick = 0
    }

    var division: TimeDivision
    var tracks: [Track]
}

/// Reads the chunks and events of a Standard MIDI File (type 0 or 1).
///
/// Every length is checked against the bytes that remain before it is used, so a short,
/// garbled or hostile file throws a `HostError` naming the problem instead of trapping, and a
/// huge declared length is refused without allocating anything for it.
struct StandardMIDIFileParser {
    private let bytes: [UInt8]
    private let name: String
    private var position = 0

    init(bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }

    mutating func parse() throws -> StandardMIDIFileContents {
        guard bytes.starts(with: Array("MThd".utf8)) else {
            throw HostError("\(name) is not a Standard MIDI File.")
        }
        position = 4
        let headerLength = try readInteger(byteCount: 4, before: bytes.count)
        guard headerLength >= 6 else {
            throw HostError("\(name) has a header of \(headerLength) bytes, shorter than the 6 a MIDI file needs.")
        }
        let headerEnd = try chunkEnd(length: headerLength)
        let format = try readInteger(byteCount: 2, before: headerEnd)
        let trackCount = try readInteger(byteCount: 2, before: headerEnd)
        let divisionWord = try readInteger(byteCount: 2, before: headerEnd)
        let division = try timeDivision(divisionWord)
        switch format {
        case 0, 1:
            break
        case 2:
            throw HostError("\(name) is a type-2 MIDI file (independent patterns), which lv2render does not play; save it as type 0 or 1.")
        default:
            throw HostError("\(name) declares MIDI file type \(format), which does not exist.")
        }
        position = headerEnd

        var tracks: [StandardMIDIFileContents.Track] = []
        while tracks.count < trackCount {
            guard position < bytes.count else {
                throw HostError("\(name) is a truncated MIDI file: it declares \(trackCount) tracks but holds \(tracks.count).")
            }
            let isTrack = bytes[position...].starts(with: Array("MTrk".utf8))
            position += 4
            let length = try readInteger(byteCount: 4, before: bytes.count)
            let end = try chunkEnd(length: length)
            // Chunks of other types are for other programs; the standard says to skip them.
            if isTrack {
                tracks.append(try parseTrack(before: end))
            }
            position = end
        }
        return StandardMIDIFileContents(division: division, tracks: tracks)
    }

    private func timeDivision(_ word: Int) throws -> TimeDivision {
        if word & 0x8000 == 0 {
            guard word > 0 else { throw HostError("\(name) has a time division of 0 ticks per quarter note.") }
            return .ticksPerQuarter(word)
        }
        // SMPTE: the high byte is minus the frames per second, the low byte the ticks per frame.
        let framesPerSecond = -Int(Int8(truncatingIfNeeded: word >> 8))
        let ticksPerFrame = word & 0xFF
        guard [24, 25, 29, 30].contains(framesPerSecond), ticksPerFrame > 0 else {
            throw HostError("\(name) has an SMPTE time division of \(framesPerSecond) frames per second and \(ticksPerFrame) ticks per frame, which is not valid.")
        }
        return .smpte(framesPerSecond: framesPerSecond, ticksPerFrame: ticksPerFrame)
    }

    private mutating func parseTrack(before end: Int) throws -> StandardMIDIFileContents.Track {
        var track = StandardMIDIFileContents.Track()
        var tick = 0
        var runningStatus: UInt8?
        while position < end {
            tick += try readVariableLength(before: end)
            let eventStart = position
            let first = try readByte(before: end)
            switch first {
            case 0xFF:
                runningStatus = nil
                let type = try readByte(before: end)
                let data = try readData(before: end)
                if type == 0x2F {  // End of Track: whatever follows in the chunk is not part of it.
                    track.endTick = tick
                    return track
                }
                if type == 0x51 {
                    track.tempoChanges.append((tick, try tempo(data, at: eventStart)))
                }
            case 0xF0, 0xF7:
                runningStatus = nil
                _ = try readData(before: end)
            case 0x80...0xEF:
                runningStatus = first
                track.channelMessages.append((tick, try readChannelMessage(status: first, before: end)))
            case 0x00...0x7F:
                guard let status = runningStatus else {
                    throw HostError("\(name) has a data byte with no status byte before it at byte \(eventStart) (meta and sysex events cancel running status).")
                }
                position = eventStart
                track.channelMessages.append((tick, try readChannelMessage(status: status, before: end)))
            default:
                throw HostError("\(name) has status byte \(hex(first)) at byte \(eventStart), which a MIDI file may not contain.")
            }
        }
        track.endTick = tick
        return track
    }

    /// The status byte and the data bytes after `position`: one for program change and
    /// channel pressure, two for the other channel messages.
    private mutating func readChannelMessage(status: UInt8, before end: Int) throws -> [UInt8] {
        let kind = status & 0xF0
        let dataCount = kind == 0xC0 || kind == 0xD0 ? 1 : 2
        var message = [status]
        for _ in 0..<dataCount {
            let byte = try readByte(before: end)
            guard byte < 0x80 else {
                throw HostError("\(name) has status byte \(hex(byte)) at byte \(position - 1), where a data byte of a \(hex(status)) message belongs.")
            }
            message.append(byte)
        }
        return message
    }

    private func tempo(_ data: ArraySlice<UInt8>, at eventStart: Int) throws -> Int {
        guard data.count == 3 else {
            throw HostError("\(name) has a Set Tempo event of \(data.count) bytes instead of 3 at byte \(eventStart).")
        }
        let microsecondsPerQuarter = data.reduce(0) { $0 << 8 | Int($1) }
        guard microsecondsPerQuarter > 0 else {
            throw HostError("\(name) sets a tempo of 0 microseconds per quarter note at byte \(eventStart).")
        }
        return microsecondsPerQuarter
    }

    // MARK: Bounds-checked reading

    private func truncated() -> HostError {
        HostError("\(name) is a truncated MIDI file.")
    }

    /// Where a chunk of `length` bytes starting at `position` ends, if the file holds it all.
    private func chunkEnd(length: Int) throws -> Int {
        guard length <= bytes.count - position else { throw truncated() }
        return position + length
    }

    private mutating func readByte(before end: Int) throws -> UInt8 {
        guard position < end else { throw truncated() }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func readInteger(byteCount: Int, before end: Int) throws -> Int {
        var value = 0
        for _ in 0..<byteCount {
            value = value << 8 | Int(try readByte(before: end))
        }
        return value
    }

    /// A variable-length quantity: 7 bits a byte, high bit set on all but the last, 4 bytes at most.
    private mutating func readVariableLength(before end: Int) throws -> Int {
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
    private mutating func readData(before end: Int) throws -> ArraySlice<UInt8> {
        let length = try readVariableLength(before: end)
        guard length <= end - position else { throw truncated() }
        defer { position += length }
        return bytes[position..<position + length]
    }

    private func hex(_ byte: UInt8) -> String {
        "0x" + String(byte, radix: 16, uppercase: true)
    }
}
