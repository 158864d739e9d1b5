import HostFiles

/// MIDI events turned into frame positions and handed out block by block.
///
/// An event at t seconds lands on frame round(t × rate), whatever the block
/// partition, so a render is identical however it is cut into `run()` calls.
/// Events are in playback order (`PlaybackOrderer`) with each frame as one instant:
/// events a few microseconds apart that share a frame are ordered as if simultaneous,
/// so a note-off there still comes before the next note-on. A MIDI file is read as it
/// plays, so its size does not matter.
struct MIDISchedule {
    struct Event {
        let frame: Int
        let bytes: [UInt8]
    }

    /// The frame of the last event, or 0 without events.
    let lastFrame: Int
    let isEmpty: Bool
    /// The events in time order, each timed by its frame number (held in `seconds`).
    private var source: AnyIterator<TimedMIDIEvent>
    private var orderer = PlaybackOrderer()
    private var ready: [TimedMIDIEvent] = []
    private var readyIndex = 0
    private var isDrained = false

    /// Events in any order. Events before the start or at absurd times could never be
    /// reached (and would not fit an Int); they are dropped.
    init(_ timed: [TimedMIDIEvent], sampleRate: Double) {
        let byFrame = timed.filter(Self.isPlayable)
            .map { Self.timedByFrame($0, sampleRate: sampleRate) }
            .enumerated().sorted { ($0.element.seconds, $0.offset) < ($1.element.seconds, $1.offset) }
            .map(\.element)
        lastFrame = Int(byFrame.last?.seconds ?? 0)
        isEmpty = byFrame.isEmpty
        source = AnyIterator(byFrame.makeIterator())
    }

    /// A MIDI file's events, read as they are due.
    init(file: MIDIFile, sampleRate: Double) {
        lastFrame = file.lastEventSeconds.map { TimedMIDIEvent(seconds: $0, bytes: []).frame(atSampleRate: sampleRate) } ?? 0
        isEmpty = file.lastEventSeconds == nil
        var events = file.eventStream()
        source = AnyIterator {
            while let event = events.next() {
                if Self.isPlayable(event) { return Self.timedByFrame(event, sampleRate: sampleRate) }
            }
            return nil
        }
    }

    private static func isPlayable(_ event: TimedMIDIEvent) -> Bool {
        (0...TimedMIDIEvent.latestSeconds).contains(event.seconds) && !event.bytes.isEmpty
    }

    /// Times become frame numbers here, so that ordering works per frame.
    private static func timedByFrame(_ event: TimedMIDIEvent, sampleRate: Double) -> TimedMIDIEvent {
        TimedMIDIEvent(seconds: Double(event.frame(atSampleRate: sampleRate)), bytes: event.bytes)
    }

    /// The next event in playback order, without taking it.
    private mutating func peek() -> Event? {
        while readyIndex == ready.count {
            guard !isDrained else { return nil }
            readyIndex = 0
            if let event = source.next() {
                ready = orderer.add(event)
            } else {
                ready = orderer.finish()
                isDrained = true
            }
        }
        let event = ready[readyIndex]
        return Event(frame: Int(event.seconds), bytes: event.bytes)
    }

    /// Takes the next event in playback order.
    mutating func next() -> Event? {
        defer { if readyIndex < ready.count { readyIndex += 1 } }
        return peek()
    }

    /// Adds to `instance` every event in [start, start + frames), at its offset in the block.
    mutating func deliver(blockStart start: Int, frames: Int, to instance: PluginInstance) throws {
        while let event = peek(), event.frame < start + frames {
            guard instance.addMIDIEvent(frame: event.frame - start, bytes: event.bytes) else {
                throw HostError("Too many MIDI events fall in one block for the plugin's \(instance.sequenceSize)-byte event buffer; use smaller blocks.")
            }
            _ = next()
        }
    }
}
