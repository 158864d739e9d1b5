import HostFiles
import CLV2
import CLilv

extension LV2World {
    /// The port values a preset stores, read with lilv. `preset` is its URI or its label
    /// (in any case, as hosts show it). Only the control values: a render restores the
    /// whole preset, properties too (`restorePreset`).
    public func presetControls(_ preset: String, for plugin: PluginInfo) throws -> [(symbol: String, value: Float)] {
        let presetURI = try Self.presetURI(preset, for: plugin)
        let table = URIDTable()
        var map = table.mapFeatureData()
        guard let state = LoadedState.fromWorld(self, subject: presetURI, map: &map) else {
            throw HostError("The preset \(presetURI) could not be loaded.")
        }
        return state.portValues(types: table)
    }

    /// The files that describe a preset (its `rdfs:seeAlso` in the bundle's manifest),
    /// which restoring it reads; throws when the plugin has no such preset.
    public func presetFiles(_ preset: String, for plugin: PluginInfo) throws -> [String] {
        let presetURI = try Self.presetURI(preset, for: plugin)
        let files = lilv_world_find_nodes(world, node(presetURI), node(LV2URI.rdfsSeeAlso), nil)
        defer { lilv_nodes_free(files) }
        return forEach(files, filePath).compactMap { $0 }
    }

    /// The URI of the preset named `preset`: by URI, else by label, else by the URI's last
    /// part (`am-radio` for `…#am-radio`), each in any case, whichever names exactly one.
    static func presetURI(_ preset: String, for plugin: PluginInfo) throws -> String {
        if plugin.presets.contains(where: { $0.uri == preset }) { return preset }
        var labelled = plugin.presets.filter { $0.label.caseInsensitiveCompare(preset) == .orderedSame }
        if labelled.isEmpty { labelled = plugin.presets.filter { uri($0.uri, endsWith: preset) } }
        if labelled.count == 1 { return labelled[0].uri }
        let available = plugin.presets.isEmpty ? "it has none"
            : "its presets are " + plugin.presets.map { "\($0.uri) (\($0.label))" }.joined(separator: ", ")
        let problem = labelled.isEmpty ? "has no preset \(preset)" : "has several presets labelled \(preset)"
        throw HostError("The plugin \(plugin.uri) \(problem); \(available).", kind: labelled.isEmpty ? .notFound : .invalid)
    }
}
