import LV2Kit

/// `urn:swiftlv2:examples:arpeggiator`: plays the keys you hold one after another, in
/// time with the host's tempo, with a sound of its own and as MIDI for other instruments.
///
/// The declaration (ports, presets) is in Arpeggiator+Declaration.swift; this file binds
/// the ports to `Arpeggio` and `Voice`. With latch on, the chord is saved with the session.
public struct Arpeggiator: LV2Plugin, ~Copyable {
    private let sampleRate: Double
    /// The state key the latched chord is saved under.
    private let chordKey: LV2_URID
    private var arpeggio = Arpeggio()
    private var voice: Voice

    public init?(sampleRate: Double, host: borrowing HostFeatures) {
        self.sampleRate = sampleRate
        chordKey = host.urid("urn:swiftlv2:examples:arpeggiator#chord")
        voice = Voice(sampleRate: sampleRate)
    }

    public mutating func activate(_ ports: borrowing Ports<Port>) {
        _ = arpeggio.clear()
        voice = Voice(sampleRate: sampleRate)
    }

    @_noAllocation @_noLocks
    public mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {
        let settings = Arpeggio.Settings(ports)
        let level = LibM.pow(10, Double(ports.control(.level)) / 20)
        let output = ports.output(.out)
        var midiOut = ports.eventOutput(.midiOut)
        var events = ports.events(.midiIn, frames: frames)
        var next = events.next()
        for frame in 0..<frames {
            // The clock moves into this frame, then the keys pressed on it act, then it sounds.
            apply(arpeggio.advance(settings, sampleRate: sampleRate), at: frame, to: &midiOut)
            while let event = next, event.frame <= frame {
                react(to: event, at: frame, settings: settings, ports: ports, midiOut: &midiOut)
                next = events.next()
            }
            apply(arpeggio.settle(settings), at: frame, to: &midiOut)
            output?[frame] = Float(voice.next() * level)
        }
        // Events stamped at the block's very end act from the next block's first frame.
        while let event = next, frames > 0 {
            react(to: event, at: frames - 1, settings: settings, ports: ports, midiOut: &midiOut)
            next = events.next()
        }
    }

    private mutating func react(to event: AtomEvent, at frame: Int, settings: Arpeggio.Settings,
                                ports: borrowing Ports<Port>, midiOut: inout AtomSequenceWriter) {
        guard event.type == ports.urids.midiEvent, let message = MIDIMessage(event.body) else { return }
        apply(arpeggio.react(to: message, settings: settings), at: frame, to: &midiOut)
    }

    /// Sends what changed at `frame` to the voice and to the MIDI output.
    private mutating func apply(_ changes: Arpeggio.Changes, at frame: Int, to midiOut: inout AtomSequenceWriter) {
        if let note = changes.stopped {
            voice.stop()
            midiOut.appendMIDI(frame: frame, 0x80, note, 0)
        }
        if let note = changes.started {
            voice.start(note: note, velocity: changes.velocity)
            midiOut.appendMIDI(frame: frame, 0x90, note, changes.velocity)
        }
    }

    /// No chord is no property: lilv reads an empty chunk back as none, so hosts lose it anyway.
    public func save(_ state: StateWriter) -> LV2_State_Status {
        let count = arpeggio.count
        guard count > 0 else { return LV2_STATE_SUCCESS }
        let saved = withUnsafeBytes(of: arpeggio.notes) { state.store(chordKey, chunk: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        return saved ? LV2_STATE_SUCCESS : LV2_STATE_ERR_UNKNOWN
    }

    public mutating func restore(_ state: StateReader) -> LV2_State_Status {
        if let chord = state.chunk(chordKey) { arpeggio.restore(chord) }
        return LV2_STATE_SUCCESS
    }
}

extension Arpeggio {
    /// What a MIDI message does to the arpeggio.
    mutating func react(to message: MIDIMessage, settings: Settings) -> Changes {
        switch message {
        case let .noteOn(_, note, velocity): press(note, velocity: velocity, settings: settings)
        case let .noteOff(_, note): release(note, settings: settings)
        case let .controlChange(_, controller, _) where controller == 120 || controller == 123: clear()
        default: Changes()
        }
    }
}

extension Arpeggio.Settings {
    /// The settings the controls give.
    init(_ ports: borrowing Ports<Arpeggiator.Port>) {
        let stepsPerBeat = Double(1 << ports.integer(.division))  // quarters, eighths, sixteenths
        self.init(stepsPerSecond: Double(ports.control(.bpm)) / 60 * stepsPerBeat, gate: Double(ports.control(.gate)),
                  pattern: Arpeggio.Pattern(choosing: ports.integer(.pattern)),
                  octaves: ports.integer(.octaves), latch: ports.isOn(.latch))
    }
}
