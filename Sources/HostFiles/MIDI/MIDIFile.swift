import Foundation

/// The channel messages of a Standard MIDI File (type 0 or 1), timed in seconds.
///
/// Tracks are merged and a Set Tempo in any track applies to all of them. Meta and sysex
/// events are skipped. A note-on with velocity 0 is kept as it is in the file: MIDI defines
/// it as a note-off, and plugins treat it so.
public struct MIDIFile {
    /// The time of the file's last event, End of Track included.
    public let duration: Double
    /// The time of the last channel message, nil when there is none.
    public let lastEventSeconds: Double?
    /// Whether any note-on (with a velocity above 0) is in the file.
    public let hasNoteOn: Bool
    /// The tempo from each Set Tempo on, in time order (none for an SMPTE-timed file, whose
    /// ticks are absolute time).
    public let tempoChanges: [(seconds: Double, beatsPerMinute: Double)]
    private let bytes: [UInt8]
    private let name: String
    private let contents: StandardMIDIFileContents
    private let tempoMap: TempoMap

    /// Larger files are refused before they are read; real MIDI files are far smaller.
    public static let largestFileSize = 64 << 20

    public init(path: String) throws {
        try self.init(bytes: try Self.readFile(path), name: path)
    }

    /// `name` stands for the data in error messages. The whole file is checked here; its
    /// events are read again, one at a time, as they are played.
    public init(bytes: [UInt8], name: String = "The MIDI data") throws {
        var parser = StandardMIDIFileParser(bytes: bytes, name: name)
        let contents = try parser.parse()
        let tempoMap = TempoMap(division: contents.division,
                                tempoChanges: contents.tracks.flatMap(\.tempoChanges))
        duration = contents.tracks.map { tempoMap.seconds(atTick: $0.endTick) }.max() ?? 0
        // Every event of a track comes at or before its end, so this bounds them all.
        guard duration <= TimedMIDIEvent.latestSeconds else {
            throw HostError("\(name) lasts more than 24 hours, longer than lv2render plays.")
        }
        lastEventSeconds = contents.tracks.compactMap(\.lastMessageTick).max().map { tempoMap.seconds(atTick: $0) }
        hasNoteOn = contents.tracks.contains(where: \.hasNoteOn)
        if case .ticksPerQuarter = contents.division {
            tempoChanges = contents.tracks.flatMap(\.tempoChanges)
                .map { (tempoMap.seconds(atTick: $0.tick), 60_000_000 / Double(max($0.microsecondsPerQuarter, 1))) }
                .enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        } else {
            tempoChanges = []
        }
        self.bytes = bytes
        self.name = name
        self.contents = contents
        self.tempoMap = tempoMap
    }

    /// Note-on/off, control change, program change, key and channel pressure, pitch bend,
    /// all tracks merged, in playback order, read as they are asked for. At one instant they
    /// keep the file's order (track, then event), except that a note-off ending an earlier
    /// note comes before the note-ons just ahead of it (see `PlaybackOrderer` for why).
    public func eventStream() -> MIDIFileEvents {
        MIDIFileEvents(bytes: bytes, name: name, contents: contents, tempoMap: tempoMap)
    }

    /// Every event of `eventStream()`, in memory.
    public var events: [TimedMIDIEvent] {
        Array(IteratorSequence(eventStream()))
    }

    private static func readFile(_ path: String) throws -> [UInt8] {
        func failure() -> HostError {
            HostError("Cannot read MIDI file \(path): \(String(cString: strerror(errno))).", kind: .file)
        }
        // Not blocking, should the path have become a FIFO since it was checked.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure() }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw HostError("Cannot read MIDI file \(path): it is not a regular file.", kind: .file)
        }
        guard status.st_size <= largestFileSize else {
            throw HostError("\(path) is \(status.st_size) bytes, too large to be a MIDI file.")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            // Through the whole array: a slice's withUnsafeMutableBytes copies the file first.
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw count < 0 ? failure() : HostError("\(path) changed while it was read.", kind: .file) }
            filled += count
        }
        return bytes
    }
}
