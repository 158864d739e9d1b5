/// What lilv says about one port, read once so the rest of the host never touches lilv.
public struct PortInfo {
    public enum Kind { case audio, control, atom, cv }

    public let index: Int
    public let symbol: String
    public let name: String
    /// The one-line explanation hosts show as a tooltip (`rdfs:comment`).
    public let comment: String?
    public let kind: Kind
    public let isInput: Bool
    /// In hertz once `scaled(toSampleRate:)` (a `PluginInstance`'s ports are); before, as declared.
    public internal(set) var minimum: Float?
    public internal(set) var maximum: Float?
    public internal(set) var defaultValue: Float?
    /// `lv2:sampleRate`: the declared minimum, maximum and default are fractions of the sample rate.
    public let isSampleRateRelative: Bool
    /// The rate `minimum`, `maximum` and `defaultValue` were multiplied by; nil while they are as declared.
    public internal(set) var scaledSampleRate: Double?
    /// The declared minimum, maximum and default as their Turtle literals read in double
    /// precision, so that 0.002 × 48000 is 96 and not the float 0.002's 96.00001.
    var declaredFractions: (minimum: Double?, maximum: Double?, defaultValue: Double?) = (nil, nil, nil)
    public let isInteger: Bool
    public let isToggled: Bool
    public let isEnumeration: Bool
    public let isLogarithmic: Bool
    /// The unit's symbol ("dB", "Hz"), or the unit URI's last part when it has none.
    public let unit: String?
    /// The `units:unit` URI, also for units without a symbol (`units:coef`).
    public let unitURI: String?
    public let scalePoints: [(label: String, value: Float)]
    /// The `lv2:designation` URI, e.g. `lv2:latency` or `lv2:control`.
    public let designation: String?
    /// For audio and CV inputs: a side-chain (`lv2:isSideChain`, or in a group that is
    /// `pg:sideChainOf` another), which only `--map` feeds.
    public internal(set) var isSideChain: Bool
    /// The port group (`pg:group`) URI, if any.
    public let group: String?
    /// For atom ports: whether they carry MIDI (`atom:supports midi:MidiEvent`).
    public let supportsMIDI: Bool
    /// For atom ports: whether they take parameter messages (`atom:supports patch:Message`).
    public let supportsPatch: Bool
    /// For atom ports: whether they take the transport's position (`atom:supports time:Position`).
    public let supportsTimePosition: Bool
    /// For atom ports: whether they name any event type they take (`atom:supports`).
    public let declaresSupportedEvents: Bool

    /// The value a control input starts at: its default, else its minimum, else 0.
    public var initialValue: Float {
        defaultValue ?? minimum ?? 0
    }

    /// The port with its range and default in hertz at `sampleRate` where it declares
    /// `lv2:sampleRate` (lv2core: a host MUST multiply them); other ports as they are.
    public func scaled(toSampleRate sampleRate: Double) -> PortInfo {
        guard isSampleRateRelative, scaledSampleRate == nil else { return self }
        var port = self
        func scale(_ value: Float?, _ declared: Double?) -> Float? {
            value.map { Float((declared ?? Double($0)) * sampleRate) }
        }
        port.minimum = scale(minimum, declaredFractions.minimum)
        port.maximum = scale(maximum, declaredFractions.maximum)
        port.defaultValue = scale(defaultValue, declaredFractions.defaultValue)
        // blop's oscillators declare 1e-6 … 0.5 and a default of 440: a default outside the
        // fractions' range but inside the range in hertz was written in hertz, and is kept so.
        if let value = defaultValue, let low = minimum, let high = maximum, low <= high, !(low...high).contains(value),
           let lowHz = port.minimum, let highHz = port.maximum, (lowHz...highHz).contains(value) {
            port.defaultValue = value
        }
        port.scaledSampleRate = sampleRate
        return port
    }

    /// "0.002 to 0.5" or, scaled, "96 to 24000 Hz (0.002 to 0.5 × the sample rate)".
    public var rangeDescription: String {
        guard let minimum, let maximum else { return "not given" }
        let range = "\(minimum.compactDescription) to \(maximum.compactDescription)"
        guard scaledSampleRate != nil else { return range }
        let fractions = declaredFractionsText
        return "\(range) Hz (\(fractions.minimum) to \(fractions.maximum) × the sample rate)"
    }

    /// The minimum and maximum as declared, in fractions of the sample rate for an `lv2:sampleRate` port.
    public var declaredFractionsText: (minimum: String, maximum: String) {
        func text(_ declared: Double?, _ value: Float?) -> String {
            guard let value else { return "?" }
            guard let rate = scaledSampleRate else { return value.compactDescription }
            return Float(declared ?? Double(value) / rate).compactDescription
        }
        return (text(declaredFractions.minimum, minimum), text(declaredFractions.maximum, maximum))
    }
}

/// What lilv says about one plugin: identity, files, ports, features and presets.
public struct PluginInfo {
    public let uri: String
    public let name: String
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
    public let groups: [PortGroup]
    /// The plugin's main input group (`pg:mainInput`), if it names one.
    public let mainInputGroup: String?
    /// "MINOR.MICRO" from `lv2:minorVersion` and `lv2:microVersion`, when both are given.
    public let version: String?
    public let requiredFeatures: [String]
    public let optionalFeatures: [String]
    public let latencyPortIndex: Int?
    /// `patch:writable` parameters, then the `patch:readable` ones that are not writable.
    public let parameters: [ParameterInfo]
    /// Sorted by URI; the label is the URI when the preset has no `rdfs:label`.
    public let presets: [(uri: String, label: String, comment: String?)]
    /// A synthesizer: an `lv2:InstrumentPlugin`, or a plugin with MIDI in and no audio in.
    public let isInstrument: Bool
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
    public var mainAudioInputs: [PortInfo] {
        let inputs = ports(.audio, input: true).filter { !$0.isSideChain }
        guard let mainInputGroup else { return inputs }
        return inputs.filter { $0.group == mainInputGroup } + inputs.filter { $0.group != mainInputGroup }
    }

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

    public func port(symbol: String) throws -> PortInfo {
        guard let port = ports.first(where: { $0.symbol == symbol }) else {
            let controls = ports.filter { ($0.kind == .control || $0.kind == .cv) && $0.isInput }.map(\.symbol)
            let valid = controls.isEmpty ? "it has no control or CV inputs" : "valid symbols are " + controls.joined(separator: ", ")
            throw HostError("The plugin \(uri) has no port with symbol \"\(symbol)\"; \(valid).")
        }
        return port
    }
}
