import AudioMIDIFiles
import CLV2
import CLilv
import Foundation

/// A plugin's state as lilv holds it: port values and the properties the plugin saves
/// through `state:interface` (a sample's path, a SoundFont's). One type for every
/// source: a preset, the plugin's default state, a state directory as jalv and
/// `--save-state` write it (`state.ttl` and the files it names).
final class LoadedState {
    /// lilv keeps the properties' keys and types as URIDs of the map it was read with:
    /// restore it only into an instance with that map.
    let state: OpaquePointer

    private init(_ state: OpaquePointer) {
        self.state = state
    }

    deinit {
        lilv_state_free(state)
    }

    /// The state stored in the world under `subject`: a preset, or a plugin's default state.
    static func fromWorld(_ world: LV2World, subject: String, map: UnsafeMutablePointer<LV2_URID_Map>) -> LoadedState? {
        guard let node = world.node(subject),
              let state = withStandardErrorSilenced({ lilv_state_new_from_world(world.world, map, node) })
        else { return nil }
        return LoadedState(state)
    }

    /// The state saved in `directory` (its `state.ttl`), or in a Turtle file named directly.
    static func fromFile(_ world: LV2World, path: String, map: UnsafeMutablePointer<LV2_URID_Map>) throws -> LoadedState {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw HostError("The state \(path) does not exist.")
        }
        let file = isDirectory.boolValue ? URL(fileURLWithPath: path).appendingPathComponent("state.ttl").path : path
        guard FileManager.default.fileExists(atPath: file),
              let state = withStandardErrorSilenced({ lilv_state_new_from_file(world.world, map, nil, file) })
        else {
            throw HostError("The state \(path) could not be read: a state directory holds a state.ttl as jalv and lv2render --save-state write it.")
        }
        return LoadedState(state)
    }

    /// The plugin this state was saved from.
    var pluginURI: String? {
        lilv_state_get_plugin_uri(state).flatMap { lilv_node_as_uri($0) }.map { String(cString: $0) }
    }

    /// The port values the state stores, whatever numeric atom type they come as.
    func portValues(types table: URIDTable) -> [(symbol: String, value: Float)] {
        let collector = PortValues(table: table)
        lilv_state_emit_port_values(state, { symbol, userData, value, size, type in
            guard let symbol, let userData, let value else { return }
            let collector = Unmanaged<PortValues>.fromOpaque(userData).takeUnretainedValue()
            if let number = collector.number(value, size: size, type: type) {
                collector.values.append((String(cString: symbol), number))
            }
        }, Unmanaged.passUnretained(collector).toOpaque())
        return collector.values
    }

    /// Sets the instance's control inputs to the state's port values, then hands the
    /// properties, if any, to the plugin's `state:interface` restore. The instance's
    /// features go with it, `worker:schedule` included (`state:threadSafeRestore`).
    func restore(into instance: PluginInstance) throws {
        for (symbol, value) in portValues(types: instance.features.table) {
            try instance.setControl(symbol, value)
        }
        guard lilv_state_get_num_properties(state) > 0 else { return }
        var lilvInstance = LilvInstance(lv2_descriptor: instance.descriptor, lv2_handle: instance.handle, pimpl: nil)
        lilv_state_restore(state, &lilvInstance, nil, nil, 0, instance.features.stateCallFeatureArray)
    }
}

extension LV2World {
    /// Loads the state the plugin's description gives it (`state:state`), for the plugins
    /// that ask the host to (`state:loadDefaultState`), as jalv does.
    package func loadDefaultState(into instance: PluginInstance) throws {
        let plugin = instance.plugin
        guard (plugin.requiredFeatures + plugin.optionalFeatures).contains(LV2URI.loadDefaultState) else { return }
        let shared = instance.features.table === urids
        let state = shared ? defaultStates[plugin.uri] : nil
        guard let state = state ?? LoadedState.fromWorld(self, subject: plugin.uri, map: instance.features.mapFeature) else {
            throw HostError("The plugin \(plugin.uri) asks for its default state to be loaded, but it could not be read.")
        }
        if shared { defaultStates[plugin.uri] = state }
        try state.restore(into: instance)
    }

    /// Restores a preset, by URI or label: its port values and its state properties.
    func restorePreset(_ preset: String, into instance: PluginInstance) throws {
        let uri = try Self.presetURI(preset, for: instance.plugin)
        guard let state = LoadedState.fromWorld(self, subject: uri, map: instance.features.mapFeature) else {
            throw HostError("The preset \(uri) could not be loaded.")
        }
        try state.restore(into: instance)
    }

    /// Restores a state directory (or file) saved from the same plugin.
    package func restoreState(_ path: String, into instance: PluginInstance) throws {
        let state = try LoadedState.fromFile(self, path: path, map: instance.features.mapFeature)
        if let saved = state.pluginURI, saved != instance.plugin.uri {
            throw HostError("The state \(path) was saved from the plugin \(saved), not \(instance.plugin.uri).")
        }
        try state.restore(into: instance)
    }

    /// Saves the instance's state, port values and properties, as jalv does: `state.ttl` in
    /// `directory`, with the files the plugin refers to copied or linked beside it.
    package func saveState(of instance: PluginInstance, to directory: String) throws {
        guard let plugin = lilvPlugin(uri: instance.plugin.uri) else {
            throw HostError("The plugin \(instance.plugin.uri) is not in the lilv world, so its state cannot be saved.")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw HostError("The state directory \(directory) could not be created.")
        }
        let folder = URL(fileURLWithPath: directory).standardizedFileURL.path + "/"
        var lilvInstance = LilvInstance(lv2_descriptor: instance.descriptor, lv2_handle: instance.handle, pimpl: nil)
        let flags = UInt32(LV2_STATE_IS_POD.rawValue | LV2_STATE_IS_PORTABLE.rawValue)
        let context = Unmanaged.passUnretained(instance).toOpaque()
        guard let state = lilv_state_new_from_instance(plugin, &lilvInstance, instance.features.mapFeature,
                                                       folder, folder, folder, folder, { symbol, context, size, type in
            guard let symbol, let context, let size, let type else { return nil }
            let instance = Unmanaged<PluginInstance>.fromOpaque(context).takeUnretainedValue()
            guard let value = instance.controlInputValue(String(cString: symbol)) else { return nil }
            size.pointee = UInt32(MemoryLayout<Float>.size)
            type.pointee = instance.features.urid(LV2URI.atomFloat)
            return UnsafeRawPointer(value)
        }, context, flags, instance.features.stateCallFeatureArray) else {
            throw HostError("The plugin \(instance.plugin.uri) did not give its state.")
        }
        defer { lilv_state_free(state) }
        let status = withStandardErrorSilenced {
            lilv_state_save(world, instance.features.mapFeature, instance.features.unmapFeature, state, nil, folder, "state.ttl")
        }
        guard status == 0 else {
            throw HostError("The state of \(instance.plugin.uri) could not be saved to \(directory).")
        }
    }
}

/// Gathers the values lilv emits; numbers may come as any numeric atom type.
private final class PortValues {
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
