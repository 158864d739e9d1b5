import Foundation

/// Everything lilv says about one plugin, in the one JSON form that `lv2render info --json`,
/// the C library (`swiftlv2_world_plugin_json`, `swiftlv2_chain_plugin_json`) and Python's
/// `describe` all give: snake_case keys, `schema_version` first among them to read. Absent values
/// (no comment, no range) and numbers that are not finite are left out: JSON cannot write NaN.
public struct PluginDescription: Encodable {
    /// Raised when a key is renamed or removed, or its meaning changes.
    public static let currentSchemaVersion = 1

    public let schemaVersion = currentSchemaVersion
    public let uri: String
    public let name: String
    public let comment: String?
    /// The plugin's own "MINOR.MICRO".
    public let version: String?
    public let binary: String
    public let bundle: String
    public let instrument: Bool
    /// The rate the ranges of `lv2:sampleRate` ports are given in hertz at; nil: as declared.
    public let sampleRate: Double?
    public let latencyPort: Int?
    public let midiInput: Bool
    public let midiOutput: Bool
    public let requiredFeatures: [String]
    public let optionalFeatures: [String]
    public let unsupportedPorts: [String]
    public let ports: [Port]
    public let groups: [Group]
    public let presets: [Preset]
    public let parameters: [Parameter]

    public struct Port: Encodable {
        public let index: Int
        public let symbol: String
        public let name: String
        public let comment: String?
        /// "audio", "control", "atom" or "cv".
        public let type: String
        public let input: Bool
        /// In hertz at `sample_rate` where `sample_rate_relative`.
        public let minimum: Float?
        public let maximum: Float?
        public let `default`: Float?
        public let sampleRateRelative: Bool
        /// For an `lv2:sampleRate` port described at a rate: the range and default as declared, in fractions of it.
        public let declared: Declared?
        public let unit: String?
        public let unitURI: String?
        public let integer: Bool
        public let toggled: Bool
        public let enumeration: Bool
        public let logarithmic: Bool
        public let designation: String?
        public let group: String?
        public let sideChain: Bool
        public let scalePoints: [ScalePoint]
    }

    public struct Declared: Encodable {
        public let minimum: Float?
        public let maximum: Float?
        public let `default`: Float?
    }

    public struct ScalePoint: Encodable {
        public let label: String
        public let value: Float
    }

    public struct Group: Encodable {
        public let uri: String
        public let symbol: String?
        public let name: String?
        public let sideChainOf: String?
        /// The plugin's main input group (`pg:mainInput`).
        public let main: Bool
    }

    public struct Preset: Encodable {
        public let uri: String
        public let label: String
        public let comment: String?
    }

    public struct Parameter: Encodable {
        public let uri: String
        public let label: String?
        /// The URI's last part, which `--set` also takes.
        public let name: String
        /// What `rdfs:range` says: "Path", "Float"…; absent for a range lv2render cannot write.
        public let type: String?
        public let range: String?
        public let writable: Bool
    }

    /// The description of `plugin`, with the ranges of `lv2:sampleRate` ports in hertz at
    /// `sampleRate` (nil: as declared); a plugin scaled already (an instance's) stays as it is.
    public init(_ plugin: PluginInfo, sampleRate: Double? = nil) {
        let scaled = sampleRate.map { plugin.scaled(toSampleRate: $0) } ?? plugin
        func finite(_ value: Float?) -> Float? { value.flatMap { $0.isFinite ? $0 : nil } }
        uri = plugin.uri
        name = plugin.name
        comment = plugin.comment
        version = plugin.version
        binary = plugin.libraryPath
        bundle = plugin.bundlePath
        instrument = plugin.isInstrument
        self.sampleRate = sampleRate
        latencyPort = plugin.latencyPortIndex
        midiInput = plugin.midiInput != nil
        midiOutput = plugin.ports(.atom, input: false).contains { $0.supportsMIDI }
        requiredFeatures = plugin.requiredFeatures
        optionalFeatures = plugin.optionalFeatures
        unsupportedPorts = plugin.unsupportedPorts
        ports = scaled.ports.map { port in
            let declared = port.scaledSampleRate.map { rate in
                Declared(minimum: finite(Self.declared(port.declaredFractions.minimum, port.minimum, rate)),
                         maximum: finite(Self.declared(port.declaredFractions.maximum, port.maximum, rate)),
                         default: finite(Self.declared(port.declaredFractions.defaultValue, port.defaultValue, rate)))
            }
            return Port(index: port.index, symbol: port.symbol, name: port.name, comment: port.comment, type: "\(port.kind)",
                        input: port.isInput, minimum: finite(port.minimum), maximum: finite(port.maximum),
                        default: finite(port.defaultValue), sampleRateRelative: port.isSampleRateRelative, declared: declared,
                        unit: port.unit, unitURI: port.unitURI, integer: port.isInteger, toggled: port.isToggled,
                        enumeration: port.isEnumeration, logarithmic: port.isLogarithmic, designation: port.designation,
                        group: port.group, sideChain: port.isSideChain,
                        scalePoints: port.scalePoints.filter { $0.value.isFinite }.map { ScalePoint(label: $0.label, value: $0.value) })
        }
        groups = plugin.groups.map {
            Group(uri: $0.uri, symbol: $0.symbol, name: $0.name, sideChainOf: $0.sideChainOf, main: $0.uri == plugin.mainInputGroup)
        }
        presets = plugin.presets.map { Preset(uri: $0.uri, label: $0.label, comment: $0.comment) }
        parameters = plugin.parameters.map {
            Parameter(uri: $0.uri, label: $0.label, name: $0.shortName, type: $0.type?.rawValue, range: $0.rangeURI, writable: $0.isWritable)
        }
    }

    /// A value as its port declares it, in fractions of the sample rate it was scaled to.
    private static func declared(_ fraction: Double?, _ value: Float?, _ rate: Double) -> Float? {
        fraction.map(Float.init) ?? value.map { Float(Double($0) / rate) }
    }

    /// The JSON text, keys sorted; `pretty` for people (lv2render), compact for programs.
    public func json(pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        // Every number is finite (see `init`), so encoding cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
