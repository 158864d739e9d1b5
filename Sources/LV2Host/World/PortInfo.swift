import HostFiles

/// What lilv says about one port, read once so the rest of the host never touches lilv.
public struct PortInfo {
    /// What the port carries: audio, a control value, atoms (MIDI, time, patch messages) or CV.
    public enum Kind {
        /// `lv2:AudioPort`, `lv2:ControlPort`, `atom:AtomPort`, `lv2:CVPort`.
        case audio, control, atom, cv
    }

    /// Its `lv2:index`, from 0.
    public let index: Int
    /// Its `lv2:symbol` (`gain`) and `lv2:name` (`Gain`).
    public let symbol: String, name: String
    /// The one-line explanation hosts show as a tooltip (`rdfs:comment`).
    public let comment: String?
    /// What it carries.
    public let kind: Kind
    /// An input (the host writes it) or an output (the plugin does).
    public let isInput: Bool
    /// In hertz once `scaled(toSampleRate:)` (a `PluginInstance`'s ports are); before, as declared.
    public internal(set) var minimum: Float?, maximum: Float?, defaultValue: Float?
    /// `lv2:sampleRate`: the declared minimum, maximum and default are fractions of the sample rate.
    public let isSampleRateRelative: Bool
    /// The rate `minimum`, `maximum` and `defaultValue` were multiplied by; nil while they are as declared.
    public internal(set) var scaledSampleRate: Double?
    /// The declared minimum, maximum and default as their Turtle literals read in double
    /// precision, so that 0.002 × 48000 is 96 and not the float 0.002's 96.00001.
    var declaredFractions: (minimum: Double?, maximum: Double?, defaultValue: Double?) = (nil, nil, nil)
    /// Its `lv2:portProperty`: `lv2:integer`, `lv2:toggled`, `lv2:enumeration`, `pprops:logarithmic`.
    public let isInteger: Bool, isToggled: Bool, isEnumeration: Bool, isLogarithmic: Bool
    /// The unit's symbol ("dB", "Hz"), or the unit URI's last part when it has none.
    public let unit: String?
    /// The `units:unit` URI, also for units without a symbol (`units:coef`).
    public let unitURI: String?
    /// Its `lv2:scalePoint`s: the labelled values (a choice's options).
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
