import HostFiles
import CLilv
import Foundation

/// A plugin parameter (`patch:writable` or `patch:readable`): a property the plugin
/// takes as a `patch:Set` message on its atom input, rather than on a control port.
public struct ParameterInfo {
    /// What `rdfs:range` says the value is; lv2render writes the matching atom.
    public enum ValueType: String {
        /// The atom type, named as after `atom:` (`Path` is `atom:Path`).
        case path = "Path", string = "String", int = "Int", long = "Long", float = "Float", double = "Double", bool = "Bool"
    }

    /// The parameter's URI, which `patch:Set` names.
    public let uri: String
    /// Its `rdfs:label`, if the plugin gives one.
    public let label: String?
    /// nil for a range lv2render cannot write (a URID, a vector, none given).
    public let type: ValueType?
    /// The `rdfs:range` URI as written, also for a range lv2render cannot write.
    public let rangeURI: String?
    /// `patch:writable` (true) or only `patch:readable` (false).
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
