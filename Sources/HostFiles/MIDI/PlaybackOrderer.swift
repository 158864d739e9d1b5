extension Array where Element == TimedMIDIEvent {
    /// The events sorted by time for playback (see `PlaybackOrderer` for the order at one instant).
    package func sortedForPlayback() -> [TimedMIDIEvent] {
        let byTime = enumerated()
            .sorted { ($0.element.seconds, $0.offset) < ($1.element.seconds, $1.offset) }
            .map(\.element)
        var orderer = PlaybackOrderer()
        var sorted: [TimedMIDIEvent] = []
        sorted.reserveCapacity(count)
        for event in byTime {
            sorted += orderer.add(event)
        }
        return sorted + orderer.finish()
    }
}

/// Puts events that arrive in time order into playback order, one instant at a time.
///
/// Events due at the same instant keep their given order (a MIDI file's track order, then
/// event order), with one exception: a note-off that ends a note begun at an earlier instant
/// moves ahead of the note-ons just before it, so a note struck again at the moment it ends
/// is not cut off at once. It moves past nothing else, so a sustain pedal pressed just
/// before the note-off still holds the note; and a note that starts and ends at the same
/// instant keeps its note-on first instead of being left sounding.
package struct PlaybackOrderer {
    private var keys = [KeyState](repeating: KeyState(), count: 16 * 128)
    /// The events of the latest instant, in playback order so far.
    private var instant: [TimedMIDIEvent] = []

    package init() {}

    /// Takes the next event (no earlier than the last one); returns the events of the
    /// instant before, once `event` shows that instant is complete.
    package mutating func add(_ event: TimedMIDIEvent) -> [TimedMIDIEvent] {
        var finished: [TimedMIDIEvent] = []
        if let last = instant.last, last.seconds != event.seconds {
            finished = instant
            instant.removeAll(keepingCapacity: true)
        }
        instant.append(event)
        if let key = event.noteKey {
            if event.isNoteOn {
                keys[key].noteBegins(at: event.seconds)
            } else if keys[key].noteEnds(at: event.seconds) == .begunEarlier {
                moveNoteOffAheadOfNoteOns(from: instant.count - 1)
            }
        }
        return finished
    }

    /// The events of the last instant.
    package mutating func finish() -> [TimedMIDIEvent] {
        defer { instant.removeAll() }
        return instant
    }

    /// Moves the note-off at `index` back past the note-ons directly before it at its instant.
    private mutating func moveNoteOffAheadOfNoteOns(from index: Int) {
        var index = index
        while index > 0, instant[index - 1].isNoteOn {
            instant.swapAt(index, index - 1)
            index -= 1
        }
    }
}

/// The notes sounding on one key of one channel, and how many of them began at the latest start.
private struct KeyState {
    enum EndedNote { case begunEarlier, begunAtThisInstant, none }

    private var sounding = 0
    private var latestStart = -Double.infinity
    private var begunAtLatestStart = 0

    mutating func noteBegins(at seconds: Double) {
        if latestStart != seconds {
            latestStart = seconds
            begunAtLatestStart = 0
        }
        sounding += 1
        begunAtLatestStart += 1
    }

    /// Ends a note begun before `seconds` if there is one, else one begun at `seconds`.
    mutating func noteEnds(at seconds: Double) -> EndedNote {
        let begunNow = latestStart == seconds ? begunAtLatestStart : 0
        if sounding > begunNow {
            sounding -= 1
            return .begunEarlier
        }
        if begunNow > 0 {
            sounding -= 1
            begunAtLatestStart -= 1
            return .begunAtThisInstant
        }
        return .none
    }
}
