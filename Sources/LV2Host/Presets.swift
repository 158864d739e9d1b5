import CLV2
import CLilv

extension LV2World {
    /// The port values a preset stores, read with lilv. `preset` is its URI or its label
    /// (in any case, as hosts show it). Only the control values are used: lv2render does
    /// not restore plugin state (`state:interface`).
    public func presetControls(_ preset: String, for plugin: PluginInfo) throws -> [(symbol: String, value: Float)] {
        let presetURI = try Self.presetURI(preset, for: plugin)
        let table = URIDTable()
        var map = table.mapFeatureData()
        guard let presetNode = node(presetURI),
              let state = withStandardErrorSilenced({ lilv_state_new_from_world(world, &map, presetNode) }) else {
            throw HostError("The preset \(presetURI) could not be loaded.")
        }
        defer { lilv_state_free(state) }

        let collector = PresetValues(table: table)
        lilv_state_emit_port_values(state, { symbol, userData, value, size, type in
            guard let symbol, let userData, let value else { return }
            let collector = Unmanaged<PresetValues>.fromOpaque(userData).takeUnretainedValue()
            if let number = collector.number(value, size: size, type: type) {
                collector.values.append((String(cString: symbol), number))
            }
        }, Unmanaged.passUnretained(collector).toOpaque())
        return collector.values
    }

    /// The URI of the preset named `preset`, by URI or else by label.
    static func presetURI(_ preset: String, for plugin: PluginInfo) throws -> String {
        if plugin.presets.contains(where: { $0.uri == preset }) { return preset }
        let labelled = plugin.presets.filter { $0.label.caseInsensitiveCompare(preset) == .orderedSame }
        if labelled.count == 1 { return labelled[0].uri }
        let available = plugin.presets.isEmpty ? "it has none"
            : "its presets are " + plugin.presets.map { "\($0.uri) (\($0.label))" }.joined(separator: ", ")
        let problem = labelled.isEmpty ? "has no preset \(preset)" : "has several presets labelled \(preset)"
        throw HostError("The plugin \(plugin.uri) \(problem); \(available).")
    }
}

/// Gathers the values lilv emits; numbers may come as any numeric atom type.
private final class PresetValues {
    let table: URIDTable
    var values: [(symbol: String, value: Float)] = []

    init(table: URIDTable) {
        self.table = table
    }

    func number(_ value: UnsafeRawPointer, size: UInt32, type: UInt32) -> Float? {
        func isA(_ name: String, size expected: UInt32) -> Bool {
            type == table.map(LV2URI.atom + name) && size >= expected
        }
        if isA("Float", size: 4) { return value.loadUnaligned(as: Float.self) }
        if isA("Double", size: 8) { return Float(value.loadUnaligned(as: Double.self)) }
        if isA("Int", size: 4) || isA("Bool", size: 4) { return Float(value.loadUnaligned(as: Int32.self)) }
        if isA("Long", size: 8) { return Float(value.loadUnaligned(as: Int64.self)) }
        return nil
    }
}
