import LV2Kit

/// Everything hosts read about the delay. lv2-bundle writes it into lv2/delay.lv2 as Turtle, and
/// the controls take their ranges and defaults from it.
extension Delay {
    public static let declaration = PluginDeclaration(
        uri: "urn:swiftlv2:examples:delay",
        name: "SwiftLV2 Example Delay",
        shortDescription: "Stereo echo in time with the song",
        comment: "Repeats the sound a quarter, an eighth, a dotted eighth or a sixteenth note later, at the host's tempo, each repeat quieter by the feedback. When the tempo changes the echo glides to its new time instead of clicking.",
        classes: [.delay],
        version: Version(minor: 2, micro: 0),
        license: "http://opensource.org/licenses/isc",
        optionalFeatures: [.hardRTCapable, .uridMap],
        mainInput: Group.input,
        mainOutput: Group.output,
        project: Project(uri: "urn:swiftlv2:examples", name: "SwiftLV2 examples",
                         shortDescription: "Example LV2 plugins built with LV2Kit",
                         maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))

    enum Group {
        static let input = PortGroup("in", "Input", types: [PortGroup.inputGroup, PortGroup.stereoGroup])
        static let output = PortGroup("out", "Output", types: [PortGroup.outputGroup, PortGroup.stereoGroup], source: "in")
    }

    /// The echo's time, as a note value: the options of the division control, in the order hosts list them.
    public enum NoteValue: Int, ChoiceList {
        case quarter, eighth, dottedEighth, sixteenth

        public var label: StaticString {
            switch self {
            case .quarter: "Quarter note"
            case .eighth: "Eighth note"
            case .dottedEighth: "Dotted eighth note"
            case .sixteenth: "Sixteenth note"
            }
        }

        /// How many beats (quarter notes) it lasts.
        var beats: Double {
            @_noAllocation @_noLocks get {
                switch self {
                case .quarter: 1
                case .eighth: 0.5
                case .dottedEighth: 0.75
                case .sixteenth: 0.25
                }
            }
        }
    }

    public enum Port: Int, PortList {
        case control, inLeft, inRight, outLeft, outRight, division, feedback, mix

        public var declaration: PortDeclaration {
            switch self {
            case .control:
                .eventInput("control", "Control", supports: [URI.timePosition],
                            comment: "The host's transport, whose tempo sets the echo's time (120 beats per minute until it says).",
                            designation: Designation.control)
            case .inLeft:
                .audioInput("in_l", "In Left", comment: "The left channel.", designation: Designation.left, group: Group.input)
            case .inRight:
                .audioInput("in_r", "In Right", comment: "The right channel.", designation: Designation.right, group: Group.input)
            case .outLeft:
                .audioOutput("out_l", "Out Left", comment: "The left channel and its echoes.", designation: Designation.left,
                             group: Group.output)
            case .outRight:
                .audioOutput("out_r", "Out Right", comment: "The right channel and its echoes.", designation: Designation.right,
                             group: Group.output)
            case .division:
                .choice("division", "Time", default: NoteValue.eighth,
                        comment: "How long after the sound its echo comes, as a note value at the host's tempo.")
            case .feedback:
                .control("feedback", "Feedback", range: 0...0.95, default: 0.4, unit: .coefficient, smoothing: 0.02,
                         comment: "How much of each echo comes back as the next one.")
            case .mix:
                .control("mix", "Mix", range: 0...1, default: 0.3, unit: .coefficient, smoothing: 0.02,
                         comment: "The echoes' share of the output: 0 is the dry sound alone, 1 the echoes alone.")
            }
        }
    }
}
