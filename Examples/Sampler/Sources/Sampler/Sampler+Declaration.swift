import LV2Kit

/// Everything hosts read about the sampler. lv2-bundle writes it into lv2/sampler.lv2 as Turtle;
/// the parameters' messages, their state and the worker's interface follow from it.
extension Sampler {
    public static let declaration = PluginDeclaration(
        uri: "urn:swiftlv2:examples:sampler",
        name: "SwiftLV2 Example Sampler",
        shortDescription: "One-shot sampler that plays a file",
        comment: "Plays a sound file from its start on every note, louder the harder the key is struck. Choose the file in the host's generic interface; it loads in the background, and the session remembers it.",
        classes: [.instrument],
        version: Version(minor: 2, micro: 0),
        license: "http://opensource.org/licenses/isc",
        requiredFeatures: [.uridMap],
        optionalFeatures: [.hardRTCapable],
        project: Project(uri: "urn:swiftlv2:examples", name: "SwiftLV2 examples",
                         shortDescription: "Example LV2 plugins built with LV2Kit",
                         maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))

    public enum Port: Int, PortList {
        case control, notify, out

        public var declaration: PortDeclaration {
            switch self {
            case .control:
                .eventInput("control", "Control", supports: [URI.midiEvent, URI.patchMessage],
                            comment: "Notes to play, and the file and gain to play them with.",
                            designation: Designation.control)
            case .notify:
                .eventOutput("notify", "Notify", supports: [URI.patchMessage],
                             comment: "The file and gain now in use, for the host's interface.",
                             designation: Designation.control)
            case .out:
                .audioOutput("out", "Out", comment: "The sample, played.")
            }
        }
    }

    public enum Parameter: Int, ParameterList {
        case sample, gain

        public var declaration: ParameterDeclaration {
            switch self {
            case .sample:
                .path("urn:swiftlv2:examples:sampler#sample", "Sample", fileTypes: ["wav", "wave", "bwf", "aif", "aiff", "aifc"],
                      comment: "The WAV or AIFF file a note plays (integers or floats, any rate); several channels are mixed to one.")
            case .gain:
                // -6 dB by default: a full-scale sample struck hard leaves headroom in the mix.
                // The default is the plugin's default state, which hosts load after instantiating it.
                .number("urn:swiftlv2:examples:sampler#gain", "Gain", range: -40...12, default: -6, unit: .decibel,
                        comment: "The level of the sample.")
            }
        }
    }
}
