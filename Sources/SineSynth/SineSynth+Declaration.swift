import SwiftLV2Engines
import LV2Kit
import SwiftLV2Version

/// Everything hosts read about the synth: `make` writes it into plugin.lv2 as Turtle, and
/// the controls take their ranges and defaults from it.
extension SineSynth {
    public static let declaration = PluginDeclaration(
        uri: "urn:swiftlv2:sine-synth",
        name: "SwiftLV2 Sine Synth",
        shortDescription: "Polyphonic sine synthesizer",
        comment: "A polyphonic sine synthesizer with ADSR envelopes, portamento, pitch bend and sustain pedal; every MIDI event acts at its exact frame.",
        classes: [.instrument],
        version: Version(minor: ProjectVersion.minor, micro: ProjectVersion.micro),
        license: "http://opensource.org/licenses/isc",
        requiredFeatures: [.uridMap],
        optionalFeatures: [.hardRTCapable, .isLive, .options, .log],
        sampleRates: 1000...1_500_000,
        mainOutput: Group.output)

    enum Group {
        static let notes = PortGroup("notes", "Notes", types: [PortGroup.inputGroup])
        static let output = PortGroup("out", "Audio out", types: [PortGroup.outputGroup, PortGroup.monoGroup])
        static let envelope = PortGroup("envelope", "Envelope")
        static let pitch = PortGroup("pitch", "Pitch")
        static let level = PortGroup("level", "Level and voices")
    }

    public enum Port: Int, PortList {
        case midiIn, out, gain, attack, decay, sustain, release, glide, bendRange, tuning, voices

        public var declaration: PortDeclaration {
            switch self {
            case .midiIn:
                .eventInput("midi_in", "MIDI In",
                            comment: "Notes on every channel, pitch bend, sustain pedal (CC64), all sound off (CC120), reset controllers (CC121) and all notes off (CC123).",
                            designation: Designation.control, group: Group.notes)
            case .out:
                .audioOutput("out", "Out", comment: "The mono mix of all voices.", designation: Designation.center,
                             group: Group.output)
            case .gain:
                .control("gain", "Gain", range: -60...6, default: -12, unit: .decibel,
                         comment: "Output level, smoothed so that moving it never clicks.", group: Group.level)
            case .attack:
                .control("attack", "Attack", range: 0.5...2000, default: 5, unit: .milliseconds, properties: [.logarithmic],
                         comment: "Time for a note to rise from silence to full level.", group: Group.envelope)
            case .decay:
                .control("decay", "Decay", range: 1...5000, default: 200, unit: .milliseconds, properties: [.logarithmic],
                         comment: "Time to fall from full level to the sustain level.", group: Group.envelope)
            case .sustain:
                .control("sustain", "Sustain", range: 0...1, default: 0.8, unit: .coefficient,
                         comment: "Level held while the key is down, as a fraction of full level.", group: Group.envelope)
            case .release:
                .control("release", "Release", range: 1...5000, default: 150, unit: .milliseconds, properties: [.logarithmic],
                         comment: "Time for a released note to fade to silence.", group: Group.envelope)
            case .glide:
                .control("glide", "Glide", range: 0...2000, default: 0, unit: .milliseconds,
                         comment: "Portamento time: each new note slides from the previous note's pitch, evenly in semitones; 0 turns it off.",
                         group: Group.pitch)
            case .bendRange:
                .control("bend_range", "Bend Range", range: 0...24, default: 2, unit: .semitones, properties: [.integer],
                         comment: "How far the pitch wheel bends, up and down.", group: Group.pitch)
            case .tuning:
                .control("tuning", "Tuning", range: 400...480, default: 440, unit: .hertz,
                         comment: "Frequency of A4, the reference the whole keyboard is tuned from.", group: Group.pitch)
            case .voices:
                .control("voices", "Voices", range: 1...Float(VoiceAllocator.capacity), default: 8,
                         unit: .custom(label: "voice", symbol: "voices", render: "%.0f voices"), properties: [.integer],
                         comment: "Notes that can sound at once; 1 plays monophonic legato (overlapping notes glide without retriggering).",
                         group: Group.level)
            }
        }
    }

    /// Each sets the whole sound (gain, envelope, glide, bend range, voices) but not
    /// `tuning`, which belongs to the session, not the patch.
    public static var presets: [Preset<Port>] {
        [
            Preset("slow-pad", label: "Slow pad",
                   comment: "Chords that swell in over most of a second and fade out slowly after the keys are released.",
                   values: [(.gain, -18), (.attack, 800), (.decay, 1500), (.sustain, 0.7), (.release, 1500), (.glide, 0),
                            (.bendRange, 2), (.voices, 16)]),
            Preset("mono-lead", label: "Mono lead",
                   comment: "One voice, legato: overlapping notes glide into each other in 80 ms without a new attack; the pitch wheel bends a whole octave.",
                   values: [(.gain, -12), (.attack, 5), (.decay, 300), (.sustain, 0.9), (.release, 120), (.glide, 80),
                            (.bendRange, 12), (.voices, 1)]),
            Preset("organ", label: "Organ",
                   comment: "Like an organ pipe: full level within 3 ms of the key, held without decay as long as the key is down, gone 15 ms after it is released.",
                   values: [(.gain, -15), (.attack, 3), (.decay, 1), (.sustain, 1), (.release, 15), (.glide, 0),
                            (.bendRange, 2), (.voices, 16)]),
            Preset("pluck", label: "Pluck",
                   comment: "A struck note that dies away on its own in about 600 ms, even while the key is held, like a plucked string.",
                   values: [(.gain, -9), (.attack, 1), (.decay, 600), (.sustain, 0), (.release, 300), (.glide, 0),
                            (.bendRange, 2), (.voices, 8)]),
        ]
    }
}
