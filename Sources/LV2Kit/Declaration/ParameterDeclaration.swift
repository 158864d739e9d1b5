import CLV2

/// The parameters of a plugin: an `Int` enum whose cases are the plugin's `patch:writable`
/// (and `patch:readable`) properties, and whose `declaration` says what each is.
///
///     enum Parameter: Int, ParameterList {
///         case sample, gain
///         var declaration: ParameterDeclaration {
///             switch self {
///             case .sample: .path("urn:example:sampler#sample", "Sample", fileTypes: ["wav", "flac"],
///                                 comment: "The sound a note plays.")
///             case .gain: .number("urn:example:sampler#gain", "Gain", range: -40...12, default: 0,
///                                 unit: .decibel, comment: "The level of the sample.")
///             }
///         }
///     }
///
/// Unlike a control port, a parameter is a message on the plugin's event input (`patch:Set`
/// from a host's generic UI, `--set` in lv2render), so it can be a file or a text as well
/// as a number. LV2Kit reads the messages, loads files through the plugin's worker, answers
/// `patch:Get`, announces every change on the event output that supports `patch:Message`,
/// and saves and restores every writable parameter with the plugin's state.
public protocol ParameterList: CaseIterable, Sendable, RawRepresentable where RawValue == Int {
    /// What this parameter is: its URI, label, kind and range.
    var declaration: ParameterDeclaration { get }
}

/// A plugin without parameters (the default `LV2Plugin.Parameter`).
public enum NoParameters: ParameterList {
    /// Always nil: there are no parameters.
    public init?(rawValue: Int) { nil }
    /// Never called: there is no value to ask.
    public var rawValue: Int { switch self {} }
    /// Empty: there are no parameters.
    public static var allCases: [NoParameters] { [] }
    /// Never called: there is no value to ask.
    public var declaration: ParameterDeclaration { switch self {} }
}

/// One parameter: its URI (the `patch:property` hosts set it by, and its state key), its
/// label and what values it takes.
public struct ParameterDeclaration: Sendable {
    /// What values a parameter takes, and so its atom type and how LV2Kit handles it.
    public enum Kind: Sendable {
        /// A file, loaded by the plugin's worker (`rdfs:range atom:Path`). `fileTypes` are the
        /// extensions it takes, without dots, any case (none: any file); LV2 has no way to
        /// tell hosts, so LV2Kit refuses other files before the worker's `load` sees them.
        /// `defaultFile`, a path inside the bundle, is the file of the default state (none: no
        /// file until one is set).
        case path(fileTypes: [StaticString], defaultFile: StaticString?)
        /// A number within `range` (`atom:Float`, or `atom:Int` when whole).
        case number(range: ClosedRange<Float>, defaultValue: Float, unit: Unit?, isWhole: Bool)
        /// On or off (`atom:Bool`).
        case toggle(defaultValue: Bool)
        /// A line of text (`atom:String`).
        case text(defaultValue: StaticString)
    }

    /// The `patch:property` hosts set it by, and its key in the state: never change it once
    /// released, or saved sessions lose the value.
    public var uri: StaticString
    /// `rdfs:label`: the name a host's generic UI shows.
    public var label: StaticString
    /// `rdfs:comment`: what it does, for a host's tooltip.
    public var comment: StaticString
    /// What values it takes.
    public var kind: Kind
    /// `patch:writable` when true: hosts set it, and it is saved with the state. Otherwise
    /// `patch:readable`: a value the plugin reports.
    public var isWritable: Bool

    /// A parameter of any kind; `path`, `number`, `integer`, `toggle` and `text` read better.
    public init(uri: StaticString, label: StaticString, comment: StaticString, kind: Kind, isWritable: Bool = true) {
        self.uri = uri
        self.label = label
        self.comment = comment
        self.kind = kind
        self.isWritable = isWritable
    }

    /// A file the plugin loads (a sample, an impulse response), through its worker's `load`.
    /// `default` names a file the bundle ships, relative to the bundle (`"click.wav"`): hosts
    /// load it with the default state, as the LV2 book's eg-sampler does.
    public static func path(_ uri: StaticString, _ label: StaticString, fileTypes: [StaticString] = [],
                            default defaultFile: StaticString? = nil, comment: StaticString) -> ParameterDeclaration {
        ParameterDeclaration(uri: uri, label: label, comment: comment, kind: .path(fileTypes: fileTypes, defaultFile: defaultFile))
    }

    /// A number, clamped into `range` before the plugin sees it.
    public static func number(_ uri: StaticString, _ label: StaticString, range: ClosedRange<Float>,
                              default defaultValue: Float, unit: Unit? = nil, comment: StaticString) -> ParameterDeclaration {
        ParameterDeclaration(uri: uri, label: label, comment: comment,
                             kind: .number(range: range, defaultValue: defaultValue, unit: unit, isWhole: false))
    }

    /// A whole number within `range`.
    public static func integer(_ uri: StaticString, _ label: StaticString, range: ClosedRange<Int32>,
                               default defaultValue: Int32, unit: Unit? = nil, comment: StaticString) -> ParameterDeclaration {
        ParameterDeclaration(uri: uri, label: label, comment: comment,
                             kind: .number(range: Float(range.lowerBound)...Float(range.upperBound),
                                           defaultValue: Float(defaultValue), unit: unit, isWhole: true))
    }

    /// On or off (`atom:Bool`), shown by hosts as a checkbox.
    public static func toggle(_ uri: StaticString, _ label: StaticString, default defaultValue: Bool,
                              comment: StaticString) -> ParameterDeclaration {
        ParameterDeclaration(uri: uri, label: label, comment: comment, kind: .toggle(defaultValue: defaultValue))
    }

    /// A line of text (`atom:String`).
    public static func text(_ uri: StaticString, _ label: StaticString, default defaultValue: StaticString = "",
                            comment: StaticString) -> ParameterDeclaration {
        ParameterDeclaration(uri: uri, label: label, comment: comment, kind: .text(defaultValue: defaultValue))
    }

    /// The same parameter as a value the plugin reports (`patch:readable`) rather than one
    /// hosts set.
    public var readOnly: ParameterDeclaration {
        var copy = self
        copy.isWritable = false
        return copy
    }

    /// The atom type of its values (`rdfs:range`).
    public var rangeURI: StaticString {
        switch kind {
        case .path: URI.atomPath
        case let .number(_, _, _, isWhole): isWhole ? URI.atomInt : URI.atomFloat
        case .toggle: URI.atomBool
        case .text: URI.atomString
        }
    }

    var isPath: Bool { if case .path = kind { true } else { false } }

    /// Whether a path parameter takes this file, by its extension (any other parameter: true).
    public func accepts(_ path: UnsafePointer<CChar>) -> Bool {
        guard case let .path(fileTypes, _) = kind, !fileTypes.isEmpty else { return true }
        guard let dot = strrchr(path, 46), strchr(dot, 47) == nil else { return false }  // '.', and no '/' after it
        return fileTypes.contains { strcasecmp(dot + 1, $0.cString) == 0 }
    }
}
