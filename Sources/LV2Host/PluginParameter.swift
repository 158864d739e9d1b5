import CLilv
import Foundation

/// A plugin parameter (`patch:writable` or `patch:readable`): a property the plugin
/// takes as a `patch:Set` message on its atom input, rather than on a control port.
public struct ParameterInfo {
    /// What `rdfs:range` says the value is; lv2render writes the matching atom.
    public enum ValueType: String {
        case path = "Path", string = "String", int = "Int", long = "Long", float = "Float", double = "Double", bool = "Bool"
    }

    public let uri: String
    public let label: String?
    /// nil for a range lv2render cannot write (a URID, a vector, none given).
    public let type: ValueType?
    public let rangeURI: String?
    public let isWritable: Bool
    /// The URI `patch:Set` names as its `patch:property`: `uri`, except for the one known
    /// description that names another than its binary listens for (see `propertyURI(for:of:)`).
    public let propertyURI: String

    /// The last segment of the URI, after its last "#" or "/": `sample` for `…eg-sampler#sample`.
    public var shortName: String {
        String(uri.split(whereSeparator: { $0 == "#" || $0 == "/" || $0 == ":" }).last ?? Substring(uri))
    }
}

extension ParameterInfo {
    /// The plugin's writable parameters, then the readable ones that are not writable too, each sorted by URI.
    static func all(of plugin: OpaquePointer, in world: LV2World) -> [ParameterInfo] {
        let subject = lilv_plugin_get_uri(plugin)
        func parameters(_ predicate: String) -> [String] {
            takeStrings(lilv_world_find_nodes(world.world, subject, world.node(predicate), nil)).sorted()
        }
        let writable = parameters(LV2URI.patchWritable)
        let readable = parameters(LV2URI.patchReadable).filter { !writable.contains($0) }
        return (writable.map { ($0, true) } + readable.map { ($0, false) }).map { uri, isWritable in
            let node = world.node(uri)
            let label = takeString(lilv_world_get(world.world, node, world.node(LV2URI.rdfsLabel), nil))
            let range = takeString(lilv_world_get(world.world, node, world.node(LV2URI.rdfsRange), nil))
            let type = range.flatMap { $0.hasPrefix(LV2URI.atom) ? ValueType(rawValue: String($0.dropFirst(LV2URI.atom.count))) : nil }
            return ParameterInfo(uri: uri, label: label, type: type, rangeURI: range, isWritable: isWritable,
                                 propertyURI: propertyURI(for: uri, of: string(subject) ?? ""))
        }
    }

    /// LSP's plugin framework before 1.0.32 (lsp-plugins 1.2.5 in Debian 12) declares its
    /// parameters as `http://lsp-plug.in//ports#ID`, while its binary listens for
    /// `PLUGIN-URI/ports#ID` (upstream fixed the Turtle in September 2025): a host that sends
    /// what the Turtle says is ignored, so lv2render sends what the binary listens for.
    static func propertyURI(for uri: String, of pluginURI: String) -> String {
        let brokenPrefix = "http://lsp-plug.in//ports#"
        guard uri.hasPrefix(brokenPrefix), pluginURI.hasPrefix("http://lsp-plug.in/") else { return uri }
        return pluginURI + "/ports#" + uri.dropFirst(brokenPrefix.count)
    }
}

/// A value for a parameter, typed by its range.
public enum ParameterValue: Equatable {
    case path(String), string(String), int(Int32), long(Int64), float(Float), double(Double), bool(Bool)

    /// Reads `text` as `parameter`'s type; a relative path is taken from the working directory.
    public init(_ text: String, for parameter: ParameterInfo) throws {
        let name = parameter.label ?? parameter.shortName
        guard let type = parameter.type else {
            throw HostError("The parameter \(parameter.uri) has the range \(parameter.rangeURI ?? "(none)"), which lv2render cannot write.")
        }
        func number<T: LosslessStringConvertible>(_: T.Type, _ what: String) throws -> T {
            guard let value = T(text) else { throw HostError("The value \"\(text)\" for \(name) is not \(what).") }
            return value
        }
        switch type {
        case .path:
            let path = URL(fileURLWithPath: text, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else {
                throw HostError("The file \(path) for \(name) does not exist.")
            }
            self = .path(path)
        case .string: self = .string(text)
        case .int: self = .int(try number(Int32.self, "a 32-bit integer"))
        case .long: self = .long(try number(Int64.self, "a 64-bit integer"))
        case .float:
            let value = try number(Float.self, "a number")
            guard value.isFinite else { throw HostError("The value \"\(text)\" for \(name) is not a finite 32-bit float.") }
            self = .float(value)
        case .double:
            let value = try number(Double.self, "a number")
            guard value.isFinite else { throw HostError("The value \"\(text)\" for \(name) is not a finite number.") }
            self = .double(value)
        case .bool:
            switch text.lowercased() {
            case "true", "1", "on", "yes": self = .bool(true)
            case "false", "0", "off", "no": self = .bool(false)
            default: throw HostError("The value \"\(text)\" for \(name) is not true or false.")
            }
        }
    }

    /// The atom's type URI and body, as LV2 lays them out.
    var atom: (type: String, body: [UInt8]) {
        func bytes<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        switch self {
        case .path(let text): return (LV2URI.atom + "Path", Array(text.utf8) + [0])
        case .string(let text): return (LV2URI.atom + "String", Array(text.utf8) + [0])
        case .int(let value): return (LV2URI.atomInt, bytes(value))
        case .long(let value): return (LV2URI.atom + "Long", bytes(value))
        case .float(let value): return (LV2URI.atomFloat, bytes(value))
        case .double(let value): return (LV2URI.atom + "Double", bytes(value))
        case .bool(let value): return (LV2URI.atom + "Bool", bytes(Int32(value ? 1 : 0)))
        }
    }
}

extension PluginInfo {
    /// The parameter named `name`: by URI, else by label, else by the URI's last segment,
    /// whichever names exactly one; nil when none does.
    public func parameter(named name: String) throws -> ParameterInfo? {
        if let exact = parameters.first(where: { $0.uri == name }) { return exact }
        let names: [(ParameterInfo) -> String?] = [{ $0.label }, { $0.shortName }]
        for named in names {
            let matches = parameters.filter { named($0) == name }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                throw HostError("The plugin \(uri) has several parameters named \(name): \(matches.map(\.uri).joined(separator: ", ")); give the URI.")
            }
        }
        return nil
    }
}
