import Foundation

/// Builds Standard MIDI File bytes, so tests make their MIDI fixtures instead of committing binaries.
///
///     let file = MIDIFileWriter(tracks: [[
///         .init(0, .tempo(microsecondsPerQuarter: 400_000)),
///         .noteOn(0, note: 69, velocity: 100),
///         .noteOff(480, note: 69),
///     ]])
///     let bytes = file.bytes()
///
/// Every track gets an End of Track after its events unless it already ends with one.
public struct MIDIFileWriter {
    public enum Division {
        case ticksPerQuarter(Int)
        /// `framesPerSecond` is 24, 25, 29 (29.97) or 30.
        case smpte(framesPerSecond: Int, ticksPerFrame: Int)
    }

    public enum Message {
        /// A channel message, status byte first.
        case channel([UInt8])
        case tempo(microsecondsPerQuarter: Int)
        case meta(type: UInt8, data: [UInt8])
        /// A system exclusive message; `data` follows the 0xF0 and includes the closing 0xF7.
        case sysex(data: [UInt8])
        /// An 0xF7 "escape" event: `data` is sent as it is.
        case sysexEscape(data: [UInt8])
        case endOfTrack
    }

    public struct Event {
        /// Ticks since the track's previous event.
        public var delta: Int
        public var message: Message

        public init(_ delta: Int, _ message: Message) {
            self.delta = delta
            self.message = message
        }

        public static func noteOn(_ delta: Int, channel: UInt8 = 0, note: UInt8, velocity: UInt8) -> Event {
            Event(delta, .channel([0x90 | channel, note, velocity]))
        }

        public static func noteOff(_ delta: Int, channel: UInt8 = 0, note: UInt8, velocity: UInt8 = 0) -> Event {
            Event(delta, .channel([0x80 | channel, note, velocity]))
        }
    }

    /// 0, 1 or 2; the writer does not check that the tracks suit the format.
    public var format: Int
    public var division: Division
    public var tracks: [[Event]]
    /// Leave out a channel message's status byte when it repeats the previous one, as the
    /// standard allows; meta and sysex events cancel running status, so the next one has it.
    public var usesRunningStatus: Bool

    public init(format: Int = 1, division: Division = .ticksPerQuarter(480), tracks: [[Event]],
                usesRunningStatus: Bool = false) {
        self.format = format
        self.division = division
        self.tracks = tracks
        self.usesRunningStatus = usesRunningStatus
    }

    public func bytes() -> [UInt8] {
        var file = Array("MThd".utf8) + Self.bigEndian(6, byteCount: 4)
        file += Self.bigEndian(format, byteCount: 2) + Self.bigEndian(tracks.count, byteCount: 2)
        switch division {
        case .ticksPerQuarter(let ticks):
            file += Self.bigEndian(ticks, byteCount: 2)
        case .smpte(let framesPerSecond, let ticksPerFrame):
            file += [UInt8(bitPattern: Int8(-framesPerSecond)), UInt8(ticksPerFrame)]
        }
        for track in tracks {
            let body = trackBody(track)
            file += Array("MTrk".utf8) + Self.bigEndian(body.count, byteCount: 4) + body
        }
        return file
    }

    public func write(to url: URL) throws {
        try Data(bytes()).write(to: url)
    }

    /// A MIDI variable-length quantity: 7 bits a byte, most significant first, high bit set on all but the last.
    public static func variableLength(_ value: Int) -> [UInt8] {
        var encoded = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            encoded.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return encoded
    }

    public static func bigEndian(_ value: Int, byteCount: Int) -> [UInt8] {
        (0..<byteCount).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private func trackBody(_ events: [Event]) -> [UInt8] {
        var body: [UInt8] = []
        var runningStatus: UInt8?
        for event in events {
            body += Self.variableLength(event.delta)
            let message = Self.encoded(event.message)
            let status = message.first
            let isChannelMessage = (0x80..<0xF0).contains(status ?? 0)
            body += usesRunningStatus && isChannelMessage && status == runningStatus ? message.dropFirst() : message[...]
            runningStatus = isChannelMessage ? status : nil
        }
        if let last = events.last, case .endOfTrack = last.message {
            return body
        }
        return body + [0x00] + Self.encoded(.endOfTrack)
    }

    private static func encoded(_ message: Message) -> [UInt8] {
        switch message {
        case .channel(let bytes):
            return bytes
        case .tempo(let microsecondsPerQuarter):
            return encoded(.meta(type: 0x51, data: bigEndian(microsecondsPerQuarter, byteCount: 3)))
        case .meta(let type, let data):
            return [0xFF, type] + variableLength(data.count) + data
        case .sysex(let data):
            return [0xF0] + variableLength(data.count) + data
        case .sysexEscape(let data):
            return [0xF7] + variableLength(data.count) + data
        case .endOfTrack:
            return encoded(.meta(type: 0x2F, data: []))
        }
    }
}
