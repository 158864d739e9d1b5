/// What a Standard MIDI File holds, found by reading it once: where each track is, its tempo
/// changes and its extent. The channel messages themselves are read again, one at a time,
/// when the file is played (`MIDIFileEvents`).
struct StandardMIDIFileContents {
    /// One track chunk; ticks count from the start of the file.
    struct Track {
        /// Where the chunk's events lie in the file.
        var range: Range<Int>
        var tempoChanges: [(tick: Int, microsecondsPerQuarter: Int)] = []
        /// The tick of End of Track, or of the last event when the chunk ends without one.
        var endTick = 0
        /// The tick of the last channel message, if there is one.
        var lastMessageTick: Int?
        var hasNoteOn = false
    }

    var division: TimeDivision
    var tracks: [Track]
}

/// Reads the chunks and events of a Standard MIDI File (type 0 or 1), checking every event,
/// so that a file that parses here plays without an error.
///
/// A huge declared length is refused without allocating anything for it.
struct StandardMIDIFileParser {
    private var reader: MIDIByteReader
    private var name: String { reader.name }

    init(bytes: [UInt8], name: String) {
        reader = MIDIByteReader(bytes: bytes, name: name)
    }

    mutating func parse() throws -> StandardMIDIFileContents {
        let bytes = reader.bytes
        guard bytes.starts(with: Array("MThd".utf8)) else {
            throw HostError("\(name) is not a Standard MIDI File.")
        }
        reader.position = 4
        let headerLength = try reader.readInteger(byteCount: 4, before: bytes.count)
        guard headerLength >= 6 else {
            throw HostError("\(name) has a header of \(headerLength) bytes, shorter than the 6 a MIDI file needs.")
        }
        let headerEnd = try reader.chunkEnd(length: headerLength)
        let format = try reader.readInteger(byteCount: 2, before: headerEnd)
        let trackCount = try reader.readInteger(byteCount: 2, before: headerEnd)
        let divisionWord = try reader.readInteger(byteCount: 2, before: headerEnd)
        let division = try timeDivision(divisionWord)
        switch format {
        case 0, 1:
            break
        case 2:
            throw HostError("\(name) is a type-2 MIDI file (independent patterns), which lv2render does not play; save it as type 0 or 1.")
        default:
            throw HostError("\(name) declares MIDI file type \(format), which does not exist.")
        }
        reader.position = headerEnd

        var tracks: [StandardMIDIFileContents.Track] = []
        while tracks.count < trackCount {
            guard reader.position < bytes.count else {
                throw HostError("\(name) is a truncated MIDI file: it declares \(trackCount) tracks but holds \(tracks.count).")
            }
            let isTrack = bytes[reader.position...].starts(with: Array("MTrk".utf8))
            reader.position += 4
            let length = try reader.readInteger(byteCount: 4, before: bytes.count)
            let end = try reader.chunkEnd(length: length)
            // Chunks of other types are for other programs; the standard says to skip them.
            if isTrack {
                tracks.append(try summarizeTrack(reader.position..<end))
            }
            reader.position = end
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

    /// Reads the whole track once, keeping only its tempo changes and extent.
    private func summarizeTrack(_ range: Range<Int>) throws -> StandardMIDIFileContents.Track {
        var track = StandardMIDIFileContents.Track(range: range)
        var events = MIDITrackReader(bytes: reader.bytes, name: name, range: range)
        while true {
            switch try events.next() {
            case .channelMessage(let tick, let bytes):
                track.lastMessageTick = tick
                if TimedMIDIEvent(seconds: 0, bytes: bytes).isNoteOn { track.hasNoteOn = true }
            case .tempo(let tick, let microsecondsPerQuarter):
                track.tempoChanges.append((tick, microsecondsPerQuarter))
            case .end(let tick):
                track.endTick = tick
                return track
            }
        }
    }
}
