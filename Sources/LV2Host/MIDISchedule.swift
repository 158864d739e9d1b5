/// MIDI events turned into frame positions and handed out block by block.
///
/// An event at t seconds lands on frame round(t × rate), whatever the block
/// partition, so a render is identical however it is cut into `run()` calls.
struct MIDISchedule {
    struct Event {
        let frame: Int
        let bytes: [UInt8]
    }

    /// In playback order (`sortedForPlayback`) with each frame as one instant: events
    /// a few microseconds apart that share a frame are ordered as if simultaneous,
    /// so a note-off there still comes before the next note-on.
    let events: [Event]
    private var next = 0

    init(_ timed: [TimedMIDIEvent], sampleRate: Double) {
        // Events before the start or at absurd times could never be reached (and would not
        // fit an Int); drop them.
        let playable = timed.filter { (0...TimedMIDIEvent.latestSeconds).contains($0.seconds) && !$0.bytes.isEmpty }
        // Times become frame numbers here (held in `seconds`), so that ordering works per frame.
        let byFrame = playable.map { TimedMIDIEvent(seconds: Double($0.frame(atSampleRate: sampleRate)), bytes: $0.bytes) }
        events = byFrame.sortedForPlayback().map { Event(frame: Int($0.seconds), bytes: $0.bytes) }
    }

    /// The frame of the last event, or 0 without events.
    var lastFrame: Int { events.last?.frame ?? 0 }

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
