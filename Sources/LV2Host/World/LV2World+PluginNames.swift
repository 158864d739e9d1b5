import HostFiles
import Foundation

extension LV2World {
    /// The plugin a user named: by its URI; else the one plugin whose name (`doap:name`,
    /// in any case) is `name`, or whose URI ends with `name` after a `:`, `/` or `#`
    /// (`sine-synth` for `urn:swiftlv2:sine-synth`). Several matches are refused with
    /// their URIs, none with the closest ones.
    public func plugin(named name: String) throws -> PluginInfo {
        if lilvPlugin(uri: name) != nil { return try plugin(uri: name) }
        let candidates = pluginNames()
        let matches = candidates.filter { candidate in
            candidate.name.caseInsensitiveCompare(name) == .orderedSame || Self.uri(candidate.uri, endsWith: name)
        }
        if matches.count == 1 { return try plugin(uri: matches[0].uri) }
        if matches.count > 1 {
            let listed = matches.prefix(5).map { "\($0.uri) (\($0.name))" }.joined(separator: ", ")
            throw HostError("Several plugins answer to \"\(name)\": \(listed)\(matches.count > 5 ? " and \(matches.count - 5) more" : ""); give the URI.")
        }
        guard Self.hasURIScheme(name) else {
            throw notFound("No plugin named \"\(name)\" (or whose URI ends with it)", name)
        }
        return try plugin(uri: name)
    }

    /// Whether `uri` ends with `tail` (in any case) right after a `:`, `/` or `#`.
    static func uri(_ uri: String, endsWith tail: String) -> Bool {
        guard !tail.isEmpty, uri.count > tail.count, uri.lowercased().hasSuffix(tail.lowercased()) else { return false }
        let before = uri[uri.index(uri.endIndex, offsetBy: -tail.count - 1)]
        return ":/#".contains(before)
    }

    /// Every plugin's URI and name, from the catalogue (no plugin's data files are read).
    func pluginNames() -> [(uri: String, name: String)] {
        listedPlugins.map { ($0.uri, $0.name) }
    }

    /// Whether `text` starts with a URI scheme (`urn:`, `http:`): anything else is surely
    /// no URI, and lilv would print a complaint about it on stderr.
    static func hasURIScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.first!.isASCII, text.first!.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
