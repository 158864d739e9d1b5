import SwiftLV2Engines
import LV2Kit

/// `urn:swiftlv2:sine-synth`: a polyphonic sine synthesizer (its declaration, ports and
/// presets are in SineSynth+Declaration.swift).
///
/// This file only binds ports to `SynthEngine`: it reads the controls once per block,
/// turns MIDI events into engine calls, and renders the stretches between them, so
/// every event acts at its exact frame.
public struct SineSynth: LV2Plugin, ~Copyable {
    private var engine: SynthEngine

    public init?(sampleRate: Double, host: borrowing HostFeatures) {
        // A map that answers 0 ("cannot map") for MIDI leaves no way to tell MIDI from
        // anything else: silence would hide the fault, refusing shows it.
        let urids = SequenceURIDs(host)
        guard urids.midiEvent != 0, urids.sequence != 0 else {
            host.log.error("refused: the host's urid:map gives no URID for MIDI events")
            return nil
        }
        engine = SynthEngine(sampleRate: sampleRate, settings: .defaults)
    }

    public mutating func activate(_ ports: borrowing Ports<Port>) {
        engine.configure(SynthSettings(ports))
        engine.reset()
    }

    @_noAllocation @_noLocks
    public mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {
        engine.configure(SynthSettings(ports))
        let output = ports.output(.out)
        let midiEvent = ports.urids.midiEvent
        var rendered = 0
        for event in ports.events(.midiIn, frames: frames) where event.type == midiEvent {
            guard let message = MIDIMessage(event.body), message.concernsTheSynth else { continue }
            render(into: output, from: rendered, to: event.frame)
            rendered = event.frame
            apply(message)
        }
        render(into: output, from: rendered, to: frames)
    }

    private mutating func render(into output: UnsafeMutablePointer<Float>?, from start: Int, to end: Int) {
        guard end > start else { return }
        engine.render(into: output.map { $0 + start }, count: end - start)
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
        case .keyPressure, .programChange, .channelPressure:
            break
        }
    }
}

extension MIDIMessage {
    /// Aftertouch and program changes leave the synth as it is.
    fileprivate var concernsTheSynth: Bool {
        switch self {
        case .keyPressure, .programChange, .channelPressure: false
        default: true
        }
    }
}

extension SynthSettings {
    /// The settings the controls give.
    @inline(__always)
    public init(_ ports: borrowing Ports<SineSynth.Port>) {
        self.init(gainDecibels: Double(ports.control(.gain)), attackMilliseconds: Double(ports.control(.attack)),
                  decayMilliseconds: Double(ports.control(.decay)), sustainLevel: Double(ports.control(.sustain)),
                  releaseMilliseconds: Double(ports.control(.release)), glideMilliseconds: Double(ports.control(.glide)),
                  bendRangeSemitones: Double(ports.control(.bendRange)), tuningA4: Double(ports.control(.tuning)),
                  voiceCount: ports.integer(.voices))
    }

    /// The settings the controls' defaults give: the synth as a host first loads it.
    public static var defaults: SynthSettings { SynthSettings(Ports<SineSynth.Port>()) }
}
