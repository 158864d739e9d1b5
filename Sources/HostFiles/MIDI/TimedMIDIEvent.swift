/// One MIDI channel message and the time it is due, in seconds from the start of the render.
public struct TimedMIDIEvent: Equatable {
    public var seconds: Double
    /// The whole message, status byte first (running status already expanded).
    public var bytes: [UInt8]

    public init(seconds: Double, bytes: [UInt8]) {
        self.seconds = seconds
        self.bytes = bytes
    }

    /// Nothing is played after this (24 hours): MIDI files and `--notes` that reach further
    /// are refused, so a frame number stays far inside `Int` at any sample rate a host accepts.
    public static let latestSeconds: Double = 24 * 60 * 60

    /// The frame this event lands on: the nearest one, which is the contract the renderer keeps.
    public func frame(atSampleRate rate: Double) -> Int {
        Int((seconds * rate).rounded())
    }

    /// A note-on with a velocity above 0.
    public var isNoteOn: Bool {
        bytes.count >= 3 && bytes[0] & 0xF0 == 0x90 && bytes[2] > 0
    }

    /// A note-off, or a note-on with velocity 0, which MIDI defines as a note-off.
    public var isNoteOff: Bool {
        bytes.count >= 3 && (bytes[0] & 0xF0 == 0x80 || (bytes[0] & 0xF0 == 0x90 && bytes[2] == 0))
    }

    /// Channel and note number in one index (0..<2048), for note-ons and note-offs.
    var noteKey: Int? {
        isNoteOn || isNoteOff ? Int(bytes[0] & 0x0F) * 128 + Int(bytes[1]) : nil
    }
}
