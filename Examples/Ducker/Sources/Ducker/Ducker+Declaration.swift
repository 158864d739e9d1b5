import LV2Kit

/// Everything hosts read about the ducker. lv2-bundle writes it into lv2/ducker.lv2 as Turtle,
/// and the controls take their ranges and defaults from it.
extension Ducker {
    public static let declaration = PluginDeclaration(
        uri: "urn:swiftlv2:examples:ducker",
        name: "SwiftLV2 Example Ducker",
        shortDescription: "Turns music down while a voice speaks",
        comment: "A side-chain compressor: while the side-chain (a voice, a kick) is louder than the threshold, the stereo input is turned down by the ratio, never by more than the depth, and comes back at the release's pace. A meter shows how far it is turned down.",
        classes: [.dynamics, .compressor],
        version: Version(minor: 2, micro: 0),
        license: "http://opensource.org/licenses/isc",
        optionalFeatures: [.hardRTCapable],
        mainInput: Group.input,
        mainOutput: Group.output,
        project: Project(uri: "urn:swiftlv2:examples", name: "SwiftLV2 examples",
                         shortDescription: "Example LV2 plugins built with LV2Kit",
                         maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))

    enum Group {
        static let input = PortGroup("in", "Input", types: [PortGroup.inputGroup, PortGroup.stereoGroup])
        static let output = PortGroup("out", "Output", types: [PortGroup.outputGroup, PortGroup.stereoGroup], source: "in")
        /// The side-chain: a group of its own, `pg:sideChainOf` the input.
        static let key = PortGroup.sideChain("key", "Side-chain", of: input)
    }

    public enum Port: Int, PortList {
        case inLeft, inRight, key, outLeft, outRight, threshold, ratio, depth, attack, release, reduction

        public var declaration: PortDeclaration {
            switch self {
            case .inLeft:
                .audioInput("in_l", "In Left", comment: "The left channel of what is turned down.", designation: Designation.left,
                            group: Group.input)
            case .inRight:
                .audioInput("in_r", "In Right", comment: "The right channel of what is turned down.", designation: Designation.right,
                            group: Group.input)
            case .key:
                .sideChainInput("key", "Side-chain", comment: "What turns the input down: a voice, a kick. It is not heard.",
                                group: Group.key)
            case .outLeft:
                .audioOutput("out_l", "Out Left", comment: "The left channel, turned down.", designation: Designation.left,
                             group: Group.output)
            case .outRight:
                .audioOutput("out_r", "Out Right", comment: "The right channel, turned down.", designation: Designation.right,
                             group: Group.output)
            case .threshold:
                .control("threshold", "Threshold", range: -60...0, default: -30, unit: .decibel,
                         comment: "The side-chain's level above which the input is turned down.")
            case .ratio:
                .control("ratio", "Ratio", range: 1...20, default: 4, unit: .custom(label: "ratio", symbol: ":1", render: "%.1f:1"),
                         comment: "How much: each decibel the side-chain goes over the threshold turns the input down by 1 − 1/ratio decibels.")
            case .depth:
                .control("depth", "Depth", range: 0...40, default: 12, unit: .decibel,
                         comment: "The most the input is turned down.")
            case .attack:
                .control("attack", "Attack", range: 0.1...200, default: 5, unit: .milliseconds, properties: [.logarithmic],
                         comment: "How fast the side-chain's level is followed when it rises.")
            case .release:
                .control("release", "Release", range: 10...2000, default: 100, unit: .milliseconds, properties: [.logarithmic],
                         comment: "How fast the input comes back once the side-chain falls.")
            case .reduction:
                .controlOutput("reduction", "Gain reduction", range: 0...40, unit: .decibel,
                               comment: "How far the input was turned down: the most in the last block.")
            }
        }
    }

    public static var presets: [Preset<Port>] {
        [
            Preset("voice_over", label: "Voice over music", comment: "Music steps back while someone speaks, and returns between sentences.",
                   values: [(.threshold, -35), (.ratio, 8), (.depth, 15), (.attack, 10), (.release, 600)]),
            Preset("kick_pump", label: "Kick pump", comment: "A bass or pad that breathes with the kick drum.",
                   values: [(.threshold, -24), (.ratio, 20), (.depth, 24), (.attack, 0.5), (.release, 120)]),
            Preset("gentle", label: "Gentle", comment: "A light dip under the side-chain, hardly noticed.",
                   values: [(.threshold, -30), (.ratio, 2), (.depth, 6), (.attack, 20), (.release, 400)]),
        ]
    }
}
