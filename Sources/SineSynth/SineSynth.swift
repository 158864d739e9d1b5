import DSP
import LV2Kit

/// `urn:swiftlv2:sine-synth`: a polyphonic sine synthesizer (see sine-synth.ttl).
///
/// This file only binds ports to `SynthEngine`: it reads the controls once per block,
/// turns MIDI events into engine calls, and renders the stretches between them, so
/// every event acts at its exact frame.
public struct SineSynth: LV2Plugin, ~Copyable {
    public static let uri: StaticString = "urn:swiftlv2:sine-synth"

    /// Port indices as declared in sine-synth.ttl.
    private enum Port: UInt32 {
        case midiIn, out, gain, attack, decay, sustain, release, glide, bendRange, tuning, voices
    }

    private var midiIn = AtomSequenceInput()
    private var out = AudioOutput()
    private var gain = ControlInput(-60...6, default: -12)
    private var attack = ControlInput(0.5...2000, default: 5)
    private var decay = ControlInput(1...5000, default: 200)
    private var sustain = ControlInput(0...1, default: 0.8)
    private var release = ControlInput(1...5000, default: 150)
    private var glide = ControlInput(0...2000, default: 0)
    private var bendRange = ControlInput(0...24, default: 2, integer: true)
    private var tuning = ControlInput(400...480, default: 440)
    private var voices = ControlInput(1...32, default: 8, integer: true)

    private let urids: SequenceURIDs
    private let sequenceCapacity: Int?
    private var engine: SynthEngine

    public init?(sampleRate: Double, features: HostFeatures) {
        let urids = SequenceURIDs(features)
        // urid:map is a required feature. A map that answers 0 ("cannot map") for these
        // leaves no way to tell MIDI from anything else: silence would hide the fault,
        // refusing shows it.
        guard features.uridMap != nil, urids.sequence != 0, urids.midiEvent != 0 else { return nil }
        self.urids = urids
        sequenceCapacity = features.sequenceSize
        engine = SynthEngine(sampleRate: sampleRate)
    }

    public mutating func connect(port: UInt32, to data: UnsafeMutableRawPointer?) {
        switch Port(rawValue: port) {
        case .midiIn: midiIn.connect(data)
        case .out: out.connect(data)
        case .gain: gain.connect(data)
        case .attack: attack.connect(data)
        case .decay: decay.connect(data)
        case .sustain: sustain.connect(data)
        case .release: release.connect(data)
        case .glide: glide.connect(data)
        case .bendRange: bendRange.connect(data)
        case .tuning: tuning.connect(data)
        case .voices: voices.connect(data)
        case nil: break
        }
    }

    public mutating func activate() {
        engine.configure(settings)
        engine.reset()
    }

    @_noAllocation @_noLocks
    public mutating func run(frames: Int) {
        engine.configure(settings)
        var rendered = 0
        let events = AtomEvents(midiIn.sequence, capacity: sequenceCapacity, ids: urids, blockLength: frames)
        for event in events where event.type == urids.midiEvent {
            guard let message = MIDIMessage(event.body) else { continue }
            render(from: rendered, to: event.frame)
            rendered = event.frame
            apply(message)
        }
        render(from: rendered, to: frames)
    }

    // Inlined: called as a getter on the non-copyable plugin, Embedded Swift 6.3 copied
    // the whole plugin (10 kB) onto the stack on every run() to read the controls.
    @inline(__always)
    private var settings: SynthSettings {
        var settings = SynthSettings()
        settings.gainDecibels = Double(gain.value)
        settings.attackMilliseconds = Double(attack.value)
        settings.decayMilliseconds = Double(decay.value)
        settings.sustainLevel = Double(sustain.value)
        settings.releaseMilliseconds = Double(release.value)
        settings.glideMilliseconds = Double(glide.value)
        settings.bendRangeSemitones = Double(bendRange.value)
        settings.tuningA4 = Double(tuning.value)
        settings.voiceCount = voices.integerValue
        return settings
    }

    private mutating func render(from start: Int, to end: Int) {
        guard end > start else { return }
        engine.render(into: out.buffer.map { $0 + start }, count: end - start)
    }

    private mutating func apply(_ message: MIDIMessage) {
        switch message {
        case let .noteOn(channel, note, velocity):
            engine.noteOn(channel: channel, note: note, velocity: velocity)
        case let .noteOff(channel, note):
            engine.noteOff(channel: channel, note: note)
        case let .pitchBend(channel, value):
            engine.pitchBend(channel: channel, value: value)
        case let .controlChange(channel, controller, value):
            switch controller {
            case 64: engine.sustainPedal(channel: channel, down: value >= 64)
            case 120: engine.allSoundOff(channel: channel)
            case 121: engine.resetControllers(channel: channel)
            case 123: engine.allNotesOff(channel: channel)
            default: break
            }
        }
    }
}
