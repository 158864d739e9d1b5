/// MIDI events turned into frame positions and handed out block by block.
///
/// An event at t seconds lands on frame round(t × rate), whatever the block
/// partition, so a render is identical however it is cut into `run()` calls.
struct MIDISchedule {
    struct Event {
        let frame: Int
        let bytes: [UInt8]
    }

    /// Sorted by frame; at the same frame note-offs come first, so a note that
    /// ends where the next one starts is not cut short. Otherwise the given order stays.
    let events: [Event]
    private var next = 0

    init(_ timed: [TimedMIDIEvent], sampleRate: Double) {
        let placed = timed.enumerated().compactMap { position, event -> (Event, Int)? in
            let frame = (event.seconds * sampleRate).rounded()
            // Events at absurd times (or NaN) could never be reached; drop them.
            guard frame.isFinite, frame < 1e15, !event.bytes.isEmpty else { return nil }
            return (Event(frame: Int(max(frame, 0)), bytes: event.bytes), position)
        }
        events = placed.sorted { a, b in
            (a.0.frame, Self.isNoteOff(a.0.bytes) ? 0 : 1, a.1) < (b.0.frame, Self.isNoteOff(b.0.bytes) ? 0 : 1, b.1)
        }.map(\.0)
    }

    /// The frame of the last event, or 0 without events.
    var lastFrame: Int { events.last?.frame ?? 0 }

    static func isNoteOff(_ bytes: [UInt8]) -> Bool {
        let kind = bytes[0] & 0xF0
        return kind == 0x80 || (kind == 0x90 && bytes.count > 2 && bytes[2] == 0)
    }

    /// Adds to `instance` every event in [start, start + frames), at its offset in the block.
    mutating func deliver(blockStart start: Int, frames: Int, to instance: PluginInstance) throws {
        while next < events.count, events[next].frame < start + frames {
            let event = events[next]
            guard instance.addMIDIEvent(frame: event.frame - start, bytes: event.bytes) else {
                throw HostError("Too many MIDI events fall in one block for the plugin's \(instance.sequenceSize)-byte event buffer; use smaller blocks.")
            }
            next += 1
        }
    }
}
