import HostFiles

/// What lilv says about one plugin: identity, files, ports, features and presets.
public struct PluginInfo {
    /// The plugin's URI and its `doap:name`.
    public let uri: String, name: String
    /// What the plugin does, in the words of its description (`rdfs:comment`).
    public let comment: String?
    /// The shared object that holds the plugin's `lv2_descriptor`.
    public let libraryPath: String
    /// The bundle directory, with a trailing slash, as `instantiate` expects it.
    public let bundlePath: String
    /// The ports in index order. A port of a kind the host cannot connect is not
    /// listed here but in `unsupportedPorts`.
    public internal(set) var ports: [PortInfo]
    /// The groups the ports name, sorted by URI.
    public let groups: [PortGroupInfo]
    /// The plugin's main input group (`pg:mainInput`), if it names one.
    public let mainInputGroup: String?
    /// "MINOR.MICRO" from `lv2:minorVersion` and `lv2:microVersion`, when both are given.
    public let version: String?
    /// The URIs of the features it needs (`lv2:requiredFeature`) and can use (`lv2:optionalFeature`).
    public let requiredFeatures: [String], optionalFeatures: [String]
    /// The index of the control output that reports its latency (`lv2:reportsLatency`), if any.
    public let latencyPortIndex: Int?
    /// `patch:writable` parameters, then the `patch:readable` ones that are not writable.
    public let parameters: [ParameterInfo]
    /// Sorted by URI; the label is the URI when the preset has no `rdfs:label`.
    public let presets: [(uri: String, label: String, comment: String?)]
    /// The plugin's most specific `lv2:` class, if it declares one.
    public let classURI: String?
    /// Instrument, MIDI or effect (see `PluginKind`).
    public let kind: PluginKind
    /// A synthesizer: an `lv2:InstrumentPlugin`, or a plugin with MIDI in, no audio in and audio out.
    public var isInstrument: Bool { kind == .instrument }
    /// The number of ports the plugin declares (including unsupported ones).
    public let portCount: Int
    /// Descriptions ("3 (ev)") of ports the host cannot connect and the plugin needs connected.
    public let unsupportedPorts: [String]

    /// Whether the plugin forbids sharing an input and an output buffer.
    public var isInPlaceBroken: Bool {
        requiredFeatures.contains(LV2URI.inPlaceBroken)
    }

    /// The plugin with every port `scaled(toSampleRate:)`.
    public func scaled(toSampleRate sampleRate: Double) -> PluginInfo {
        var plugin = self
        plugin.ports = ports.map { $0.scaled(toSampleRate: sampleRate) }
        return plugin
    }

    /// The audio inputs a file or the plugin before feeds, in order: the main input
    /// group's first, then the other inputs that are not side-chains.
    /// The audio inputs that are not side-chains, the main input group's first.
    public var mainAudioInputs: [PortInfo] {
        let inputs = ports(.audio, input: true).filter { !$0.isSideChain }
        guard let mainInputGroup else { return inputs }
        return inputs.filter { $0.group == mainInputGroup } + inputs.filter { $0.group != mainInputGroup }
    }

    /// The inputs (or outputs) of one kind, in index order.
    public func ports(_ kind: PortInfo.Kind, input: Bool) -> [PortInfo] {
        ports.filter { $0.kind == kind && $0.isInput == input }
    }

    /// The atom input that receives MIDI: the first one that declares MIDI support,
    /// else the first that declares no event types at all (one that names only others,
    /// such as eg-metro's `time:Position` input, would ignore MIDI in silence).
    public var midiInput: PortInfo? {
        let atomInputs = ports(.atom, input: true)
        return atomInputs.first { $0.supportsMIDI } ?? atomInputs.first { !$0.declaresSupportedEvents }
    }

    /// The atom input that takes `patch:Set` messages: the first that declares
    /// `patch:Message`, else the MIDI input.
    public var parameterInput: PortInfo? {
        ports(.atom, input: true).first { $0.supportsPatch } ?? midiInput
    }

    /// The port with the symbol `symbol`, or one sentence naming the symbols there are.
    public func port(symbol: String) throws -> PortInfo {
        guard let port = ports.first(where: { $0.symbol == symbol }) else {
            let controls = ports.filter { ($0.kind == .control || $0.kind == .cv) && $0.isInput }.map(\.symbol)
            let valid = controls.isEmpty ? "it has no control or CV inputs" : "valid symbols are " + controls.joined(separator: ", ")
            throw HostError("The plugin \(uri) has no port with symbol \"\(symbol)\"; \(valid).", kind: .notFound)
        }
        return port
    }
}
