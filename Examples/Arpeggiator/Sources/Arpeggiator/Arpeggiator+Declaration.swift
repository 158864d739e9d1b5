import LV2Kit

/// Everything hosts read about the arpeggiator. lv2-bundle writes it into lv2/arpeggiator.lv2 as
/// Turtle, and the controls take their ranges and defaults from it.
extension Arpeggiator {
    public static let declaration = PluginDeclaration(
        uri: "urn:swiftlv2:examples:arpeggiator",
        name: "SwiftLV2 Example Arpeggiator",
        shortDescription: "Arpeggiator with a sound of its own",
        comment: "Plays the keys you hold one after another, in time with the tempo: up, down or up and down, over one to three octaves. It sounds them with a soft sine and sends them as MIDI, so that it can drive another instrument. With latch on, the chord plays on after you let go, and is saved with the session.",
        classes: [.instrument],
        version: Version(minor: 2, micro: 0),
        license: "http://opensource.org/licenses/isc",
        requiredFeatures: [.uridMap],
        optionalFeatures: [.hardRTCapable, .isLive],
        extensionData: [.state],
        mainOutput: Group.sound,
        project: Project(uri: "urn:swiftlv2:examples", name: "SwiftLV2 examples",
                         shortDescription: "Example LV2 plugins built with LV2Kit",
                         maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))

    enum Group {
        static let notes = PortGroup("notes", "Notes")
        static let rhythm = PortGroup("rhythm", "Rhythm")
        static let pattern = PortGroup("pattern", "Pattern")
        static let sound = PortGroup("sound", "Sound", types: [PortGroup.outputGroup, PortGroup.monoGroup])
    }

    public enum Port: Int, PortList {
        case midiIn, midiOut, out, bpm, division, gate, pattern, octaves, latch, level

        public var declaration: PortDeclaration {
            switch self {
            case .midiIn:
                .eventInput("midi_in", "MIDI In", comment: "The keys to arpeggiate; all notes off (CC123) stops.",
                            designation: Designation.control, group: Group.notes)
            case .midiOut:
                .eventOutput("midi_out", "MIDI Out", comment: "The arpeggio as notes, for another instrument.",
                             group: Group.notes)
            case .out:
                .audioOutput("out", "Out", comment: "The arpeggio's own sound.", designation: Designation.center,
                             group: Group.sound)
            case .bpm:
                .control("bpm", "Tempo", range: 20...300, default: 120, unit: .beatsPerMinute,
                         comment: "Beats per minute; hosts that share their tempo set it.",
                         designation: Designation.beatsPerMinute, group: Group.rhythm)
            case .division:
                .choice("division", "Division", labels: ["Quarter notes", "Eighth notes", "Sixteenth notes"], default: 1,
                        unit: .custom(label: "note value", symbol: "", render: "%.0f"),
                        comment: "How many notes to a beat: one, two or four.", group: Group.rhythm)
            case .gate:
                .control("gate", "Gate", range: 0.1...1, default: 0.5, unit: .coefficient,
                         comment: "How much of each step a note lasts; 1 plays legato.", group: Group.rhythm)
            case .pattern:
                .choice("pattern", "Pattern", labels: ["Up", "Down", "Up and down"], default: 0,
                        unit: .custom(label: "pattern", symbol: "", render: "%.0f"),
                        comment: "The order the held keys play in, lowest first for up.", group: Group.pattern)
            case .octaves:
                .control("octaves", "Octaves", range: 1...3, default: 1,
                         unit: .custom(label: "octave", symbol: "oct", render: "%.0f oct"), properties: [.integer],
                         comment: "How many octaves the pattern climbs before it starts again.", group: Group.pattern)
            case .latch:
                .toggle("latch", "Latch", default: false, unit: .custom(label: "switch", symbol: "", render: "%.0f"),
                        comment: "On: the chord plays on after the keys are let go, until the next one.",
                        group: Group.pattern)
            case .level:
                .control("level", "Level", range: -60...0, default: -12, unit: .decibel,
                         comment: "The level of the arpeggio's own sound.", group: Group.sound)
            }
        }
    }

    public static var presets: [Preset<Port>] {
        [
            Preset("sixteenths", label: "Running sixteenths",
                   comment: "Short sixteenth notes up and down over two octaves.",
                   values: [(.division, 2), (.gate, 0.3), (.pattern, 2), (.octaves, 2)]),
        ]
    }
}
