/// The ports of a plugin: an `Int` enum whose cases, in order, are the ports, and
/// whose `declaration` says what each is.
///
///     enum Port: Int, PortList {
///         case input, output, gain
///         var declaration: PortDeclaration {
///             switch self {
///             case .input: .audioInput("in", "In", comment: "The signal.")
///             case .output: .audioOutput("out", "Out", comment: "The signal, louder.")
///             case .gain: .control("gain", "Gain", range: -60...12, default: 0, unit: .decibel,
///                                  comment: "How much louder.")
///             }
///         }
///     }
///
/// A case's raw value is its port's `lv2:index`, so the order of the cases is the order
/// of the ports, and nothing else numbers them.
public protocol PortList: CaseIterable, Sendable, RawRepresentable where RawValue == Int {
    /// What this port is: its symbol, name, kind, direction, range and unit.
    var declaration: PortDeclaration { get }
}

/// One port: what it carries, which way, and everything a host shows of it.
public struct PortDeclaration: Sendable {
    /// What a port carries.
    public enum Kind: Sendable {
        /// A block of samples (`lv2:AudioPort`).
        case audio
        /// One number per block (`lv2:ControlPort`).
        case control
        /// A block of control samples (`lv2:CVPort`): modulation at audio rate.
        case cv
        /// An `atom:AtomPort` holding an `atom:Sequence` of events of these types.
        case events(supports: [StaticString])
    }

    /// `lv2:symbol`: the port's name for hosts and presets (lower case, no spaces); never
    /// change it once released, or saved sessions and presets lose its value.
    public var symbol: StaticString
    /// `lv2:name`: what a host shows.
    public var name: StaticString
    /// What the port carries.
    public var kind: Kind
    /// `lv2:InputPort` when true, else `lv2:OutputPort`.
    public var isInput: Bool
    /// `rdfs:comment`: a line on what the port does.
    public var comment: StaticString
    /// Control and CV ports: `lv2:minimum` and `lv2:maximum`.
    public var range: ClosedRange<Float>?
    /// Control inputs: `lv2:default`.
    public var defaultValue: Float?
    /// `units:unit`: what a host prints after the value.
    public var unit: Unit?
    /// `lv2:portProperty`: how hosts should treat the value (whole numbers, logarithmic, …).
    public var properties: [PortProperty]
    /// Labelled values, for enumerations.
    public var scalePoints: [ScalePoint]
    /// `lv2:designation`: what the port means to a host (`Designation.enabled`, …).
    public var designation: StaticString?
    /// `pg:group`: the group a host shows the port in.
    public var group: PortGroup?
    /// Control inputs: the seconds a change takes to glide to its new value, sample by sample,
    /// when `run` reads it with `Ports.smoothed` (nil: no glide). Hosts never see it.
    public var smoothing: Double?

    /// A port of any kind; the static functions below (`control`, `audioInput`, …) read better
    /// and fill in what each kind needs.
    public init(symbol: StaticString, name: StaticString, kind: Kind, isInput: Bool, comment: StaticString,
                range: ClosedRange<Float>? = nil, defaultValue: Float? = nil, unit: Unit? = nil,
                properties: [PortProperty] = [], scalePoints: [ScalePoint] = [], designation: StaticString? = nil,
                group: PortGroup? = nil) {
        self.symbol = symbol
        self.name = name
        self.kind = kind
        self.isInput = isInput
        self.comment = comment
        self.range = range
        self.defaultValue = defaultValue
        self.unit = unit
        self.properties = properties
        self.scalePoints = scalePoints
        self.designation = designation
        self.group = group
    }

    /// Whether a control value is rounded to a whole number before the plugin sees it.
    public var isWholeNumber: Bool {
        properties.contains { $0.meansWholeNumbers }
    }
}

// The ways to declare each kind of port.
extension PortDeclaration {
    /// An audio input (`lv2:AudioPort`, `lv2:InputPort`).
    public static func audioInput(_ symbol: StaticString, _ name: StaticString, comment: StaticString,
                                  designation: StaticString? = nil, group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .audio, isInput: true, comment: comment,
                        designation: designation, group: group)
    }

    /// A side-chain input: audio that steers the plugin (a compressor's key, a ducker's voice)
    /// and is not heard itself (`lv2:isSideChain`). Hosts route it apart from the main inputs,
    /// and lv2render feeds it only when asked; give it a group made with `PortGroup.sideChain`
    /// when it has more than one channel.
    public static func sideChainInput(_ symbol: StaticString, _ name: StaticString, comment: StaticString,
                                      designation: StaticString? = nil, group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .audio, isInput: true, comment: comment,
                        properties: [.isSideChain], designation: designation, group: group)
    }

    /// An audio output (`lv2:AudioPort`, `lv2:OutputPort`).
    public static func audioOutput(_ symbol: StaticString, _ name: StaticString, comment: StaticString,
                                   designation: StaticString? = nil, group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .audio, isInput: false, comment: comment,
                        designation: designation, group: group)
    }

    /// A control input: a number the plugin reads once per `run`, never outside `range`; or,
    /// with a `smoothing` time in seconds, sample by sample with `ports.smoothed(.port)`, gliding
    /// to each new value over that time (LV2Kit smooths it, with no allocation or lock).
    public static func control(_ symbol: StaticString, _ name: StaticString, range: ClosedRange<Float>,
                               default defaultValue: Float, unit: Unit, properties: [PortProperty] = [],
                               smoothing: Double? = nil, comment: StaticString, designation: StaticString? = nil,
                               group: PortGroup? = nil) -> PortDeclaration {
        var port = PortDeclaration(symbol: symbol, name: name, kind: .control, isInput: true, comment: comment, range: range,
                                   defaultValue: defaultValue, unit: unit, properties: properties, designation: designation,
                                   group: group)
        port.smoothing = smoothing
        return port
    }

    /// A control input that picks one case of a Swift enum (`ChoiceList`): hosts show the
    /// cases' labels, and `run` reads the case back with `ports.choice(.port, as: Mode.self)`.
    public static func choice<Choice: ChoiceList>(_ symbol: StaticString, _ name: StaticString, default defaultValue: Choice,
                                                  comment: StaticString, group: PortGroup? = nil) -> PortDeclaration {
        let values = Choice.allCases.map { $0.rawValue }
        return PortDeclaration(symbol: symbol, name: name, kind: .control, isInput: true, comment: comment,
                               range: Float(values.min() ?? 0)...Float(values.max() ?? 0), defaultValue: Float(defaultValue.rawValue),
                               properties: [.integer, .enumeration],
                               scalePoints: Choice.allCases.map { ScalePoint(label: $0.label, value: Float($0.rawValue)) }, group: group)
    }

    /// A control input that picks one of `labels`, numbered from 0. Hosts show the labels,
    /// so it needs no unit.
    public static func choice(_ symbol: StaticString, _ name: StaticString, labels: [StaticString],
                              default defaultValue: Int, unit: Unit? = nil, comment: StaticString,
                              group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .control, isInput: true, comment: comment,
                        range: 0...Float(labels.count - 1), defaultValue: Float(defaultValue), unit: unit,
                        properties: [.integer, .enumeration],
                        scalePoints: labels.enumerated().map { ScalePoint(label: $1, value: Float($0)) }, group: group)
    }

    /// A control input that is on (1) or off (0); hosts show a switch, so it needs no unit.
    public static func toggle(_ symbol: StaticString, _ name: StaticString, default isOn: Bool, unit: Unit? = nil,
                              comment: StaticString, designation: StaticString? = nil,
                              group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .control, isInput: true, comment: comment, range: 0...1,
                        defaultValue: isOn ? 1 : 0, unit: unit, properties: [.toggled], designation: designation,
                        group: group)
    }

    /// A control output: a number the plugin writes for the host (a meter, a latency).
    public static func controlOutput(_ symbol: StaticString, _ name: StaticString, range: ClosedRange<Float>,
                                     unit: Unit, properties: [PortProperty] = [], comment: StaticString,
                                     designation: StaticString? = nil, group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .control, isInput: false, comment: comment, range: range,
                        unit: unit, properties: properties, designation: designation, group: group)
    }

    /// The plugin's latency in frames, which hosts compensate (`lv2:latency`).
    public static func latency(_ symbol: StaticString = "latency", _ name: StaticString = "Latency",
                               maximum: Float, comment: StaticString, group: PortGroup? = nil) -> PortDeclaration {
        controlOutput(symbol, name, range: 0...maximum, unit: .frames, properties: [.reportsLatency, .integer],
                      comment: comment, designation: Designation.latency, group: group)
    }

    /// A CV input: control samples at audio rate, within `range`.
    public static func cvInput(_ symbol: StaticString, _ name: StaticString, range: ClosedRange<Float>, unit: Unit,
                               comment: StaticString, group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .cv, isInput: true, comment: comment, range: range,
                        unit: unit, group: group)
    }

    /// A CV output: control samples the plugin writes at audio rate.
    public static func cvOutput(_ symbol: StaticString, _ name: StaticString, range: ClosedRange<Float>, unit: Unit,
                                comment: StaticString, group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .cv, isInput: false, comment: comment, range: range,
                        unit: unit, group: group)
    }

    /// An atom sequence input of events (MIDI, by default). `Designation.control` marks the
    /// port hosts send their MIDI and time to.
    public static func eventInput(_ symbol: StaticString, _ name: StaticString,
                                  supports: [StaticString] = [URI.midiEvent], comment: StaticString,
                                  designation: StaticString? = nil, group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .events(supports: supports), isInput: true, comment: comment,
                        designation: designation, group: group)
    }

    /// An atom sequence output of events the plugin writes (MIDI, by default).
    public static func eventOutput(_ symbol: StaticString, _ name: StaticString,
                                   supports: [StaticString] = [URI.midiEvent], comment: StaticString,
                                   designation: StaticString? = nil, group: PortGroup? = nil) -> PortDeclaration {
        PortDeclaration(symbol: symbol, name: name, kind: .events(supports: supports), isInput: false,
                        comment: comment, designation: designation, group: group)
    }
}

/// The options of a choice control (`PortDeclaration.choice(_:_:default:comment:)`): an `Int`
/// enum whose cases are the options in the order hosts list them, each with its label.
///
///     enum NoteValue: Int, ChoiceList {
///         case quarter, eighth
///         var label: StaticString { switch self { case .quarter: "Quarter note"; case .eighth: "Eighth note" } }
///     }
public protocol ChoiceList: CaseIterable, Sendable, RawRepresentable where RawValue == Int {
    /// What a host shows for this option (`rdfs:label` of its scale point).
    var label: StaticString { get }
}

/// `lv2:portProperty` values. (A struct of constants rather than an enum: Swift gives a
/// plain enum a hash function, whose random seed needs a newer glibc than we link.)
public struct PortProperty: Sendable {
    /// The property's URI.
    public let uri: StaticString
    /// Integer, toggle and enumeration controls take whole numbers only.
    let meansWholeNumbers: Bool

    /// A property LV2Kit has no constant for.
    public init(_ uri: StaticString) { self.init(uri, meansWholeNumbers: false) }

    private init(_ uri: StaticString, meansWholeNumbers: Bool) {
        self.uri = uri
        self.meansWholeNumbers = meansWholeNumbers
    }

    /// `lv2:integer`: whole numbers only; LV2Kit rounds the value before the plugin sees it.
    public static let integer = PortProperty("http://lv2plug.in/ns/lv2core#integer", meansWholeNumbers: true)
    /// `lv2:toggled`: on (1) or off (0).
    public static let toggled = PortProperty("http://lv2plug.in/ns/lv2core#toggled", meansWholeNumbers: true)
    /// `lv2:enumeration`: one of the port's scale points.
    public static let enumeration = PortProperty("http://lv2plug.in/ns/lv2core#enumeration", meansWholeNumbers: true)
    /// `lv2:reportsLatency`: the output that reports the plugin's latency in frames.
    public static let reportsLatency = PortProperty("http://lv2plug.in/ns/lv2core#reportsLatency")
    /// `lv2:isSideChain`: an input that steers the plugin rather than being processed
    /// (`PortDeclaration.sideChainInput` sets it).
    public static let isSideChain = PortProperty("http://lv2plug.in/ns/lv2core#isSideChain")
    /// `lv2:connectionOptional`: the host may leave the port unconnected (NULL).
    public static let connectionOptional = PortProperty("http://lv2plug.in/ns/lv2core#connectionOptional")
    /// `pprops:logarithmic`: hosts show the range on a logarithmic scale (frequencies, times).
    public static let logarithmic = PortProperty("http://lv2plug.in/ns/ext/port-props#logarithmic")
    /// `pprops:notAutomatic`: not meant to be automated.
    public static let notAutomatic = PortProperty("http://lv2plug.in/ns/ext/port-props#notAutomatic")
    /// `pprops:notOnGUI`: hosts should not show it.
    public static let notOnGUI = PortProperty("http://lv2plug.in/ns/ext/port-props#notOnGUI")
    /// `pprops:expensive`: changing it costs CPU (a recalculation).
    public static let expensive = PortProperty("http://lv2plug.in/ns/ext/port-props#expensive")
    /// `pprops:causesArtifacts`: changing it may click.
    public static let causesArtifacts = PortProperty("http://lv2plug.in/ns/ext/port-props#causesArtifacts")
    /// `pprops:hasStrictBounds`: the plugin relies on the value staying in range.
    public static let hasStrictBounds = PortProperty("http://lv2plug.in/ns/ext/port-props#hasStrictBounds")
    /// `pprops:trigger`: a control that acts once when set, then returns to its default.
    public static let trigger = PortProperty("http://lv2plug.in/ns/ext/port-props#trigger")
}

/// `lv2:scalePoint`: a labelled value of a control, which hosts show instead of the number.
public struct ScalePoint: Sendable {
    /// `rdfs:label`: what a host shows for the value.
    public var label: StaticString
    /// The control value it names.
    public var value: Float

    /// A value and its label.
    public init(label: StaticString, value: Float) {
        self.label = label
        self.value = value
    }
}

/// `lv2:designation` values a host acts on.
public enum Designation {
    /// The plugin's on switch: hosts drive it with their bypass.
    public static let enabled: StaticString = "http://lv2plug.in/ns/lv2core#enabled"
    /// The output that reports the plugin's latency (`PortDeclaration.latency` sets it).
    public static let latency: StaticString = "http://lv2plug.in/ns/lv2core#latency"
    /// The port hosts send MIDI, time and other control events to.
    public static let control: StaticString = "http://lv2plug.in/ns/lv2core#control"
    /// An input the host sets to 1 while it runs off real time (rendering an export).
    public static let freeWheeling: StaticString = "http://lv2plug.in/ns/lv2core#freeWheeling"
    /// The host's tempo, for control inputs that follow it.
    public static let beatsPerMinute: StaticString = "http://lv2plug.in/ns/ext/time#beatsPerMinute"
    /// Channels of a port group.
    public static let left: StaticString = "http://lv2plug.in/ns/ext/port-groups#left"
    /// The right channel of a stereo group.
    public static let right: StaticString = "http://lv2plug.in/ns/ext/port-groups#right"
    /// The centre channel.
    public static let center: StaticString = "http://lv2plug.in/ns/ext/port-groups#center"
}

/// `pg:Group`: ports a host shows together. Audio groups say their channel layout
/// (`pg:StereoGroup`) and direction (`pg:InputGroup`); control groups are just labelled.
public struct PortGroup: Sendable {
    /// The group's URI is the plugin's followed by `#symbol`.
    public var symbol: StaticString
    /// `rdfs:label`: what a host shows for the group.
    public var label: StaticString
    /// `pg:InputGroup`, `pg:StereoGroup`, …; empty for a plain `pg:Group`.
    public var types: [StaticString]
    /// `pg:source`: the symbol of the input group this output group is the processed
    /// version of.
    public var source: StaticString?
    /// `pg:sideChainOf`: the symbol of the group this one is the side-chain of.
    public var sideChainOf: StaticString?

    /// A group named `symbol`, shown as `label`.
    public init(_ symbol: StaticString, _ label: StaticString, types: [StaticString] = [], source: StaticString? = nil,
                sideChainOf: StaticString? = nil) {
        self.symbol = symbol
        self.label = label
        self.types = types
        self.source = source
        self.sideChainOf = sideChainOf
    }

    /// The group of a side-chain's inputs (`pg:InputGroup` and `pg:sideChainOf` the group
    /// `main`), mono unless `types` says otherwise: put the ports made with
    /// `PortDeclaration.sideChainInput` in it.
    public static func sideChain(_ symbol: StaticString, _ label: StaticString, of main: PortGroup,
                                 types: [StaticString] = [PortGroup.monoGroup]) -> PortGroup {
        PortGroup(symbol, label, types: [inputGroup] + types, sideChainOf: main.symbol)
    }

    /// `pg:InputGroup`: a group of inputs.
    public static let inputGroup: StaticString = "http://lv2plug.in/ns/ext/port-groups#InputGroup"
    /// `pg:OutputGroup`: a group of outputs.
    public static let outputGroup: StaticString = "http://lv2plug.in/ns/ext/port-groups#OutputGroup"
    /// `pg:MonoGroup`: one channel.
    public static let monoGroup: StaticString = "http://lv2plug.in/ns/ext/port-groups#MonoGroup"
    /// `pg:StereoGroup`: left and right channels.
    public static let stereoGroup: StaticString = "http://lv2plug.in/ns/ext/port-groups#StereoGroup"
}
