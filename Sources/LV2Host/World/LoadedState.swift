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
            throw HostError("The state \(path) does not exist.", kind: .file)
        }
        let file = isDirectory.boolValue ? URL(fileURLWithPath: path).appendingPathComponent("state.ttl").path : path
        // lilv would wait for ever on a FIFO and read a device without end.
        if FileManager.default.fileExists(atPath: file) { try AudioFile.checkReadable(file, what: "state file") }
        guard FileManager.default.fileExists(atPath: file),
              let state = withStandardErrorSilenced({ lilv_state_new_from_file(world.world, map, nil, file) })
        else {
            throw HostError("The state \(path) could not be read: a state directory holds a state.ttl, as jalv and lv2render save it.", kind: .file)
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
    /// As Ardour and jalv do, every value that fits a control input is applied; the rest
    /// are left out and a value outside its control's range is clamped, each with one
    /// sentence in the result. `source` names the state in them ("The preset …").
    func restore(into instance: PluginInstance, source: String) -> [String] {
        var warnings: [String] = []
        for (symbol, value) in portValues(types: instance.features.table) {
            guard let port = instance.plugin.ports.first(where: { $0.symbol == symbol }) else {
                warnings.append("\(source) sets \(symbol), which \(instance.plugin.uri) has no port for: left out.")
                continue
            }
            guard port.kind == .control, port.isInput else {
                warnings.append("\(source) sets \(symbol), which is not a control input of \(instance.plugin.uri): left out.")
                continue
            }
            guard value.isFinite else {
                warnings.append("\(source) sets \(symbol) to \(value), which is not a number a control can take: left out.")
                continue
            }
            let set = instance.setControlClamped(port, value)
            if set != value {
                warnings.append("\(source) sets \(symbol) to \(value.compactDescription), outside its range \(port.rangeDescription): clamped to \(set.compactDescription).")
            }
        }
        guard lilv_state_get_num_properties(state) > 0 else { return warnings }
        var lilvInstance = LilvInstance(lv2_descriptor: instance.descriptor, lv2_handle: instance.handle, pimpl: nil)
        instance.calling("restore") { lilv_state_restore(state, &lilvInstance, nil, nil, 0, instance.features.stateCallFeatureArray) }
        return warnings
    }
}

extension LV2World {
    /// Loads the state the plugin's description gives it (`state:state`), for the plugins
    /// that ask the host to (`state:loadDefaultState`), as jalv does.
    package func loadDefaultState(into instance: PluginInstance) throws -> [String] {
        let plugin = instance.plugin
        guard (plugin.requiredFeatures + plugin.optionalFeatures).contains(LV2URI.loadDefaultState) else { return [] }
        let shared = instance.features.table === urids
        let state = shared ? defaultStates[plugin.uri] : nil
        guard let state = state ?? LoadedState.fromWorld(self, subject: plugin.uri, map: instance.features.mapFeature) else {
            throw HostError("The plugin \(plugin.uri) asks for its default state to be loaded, but it could not be read.")
        }
        if shared { defaultStates[plugin.uri] = state }
        return state.restore(into: instance, source: "The default state of \(plugin.uri)")
    }

    /// Restores a preset, by URI or label: its port values and its state properties.
    /// Returns a warning for each value it could not apply as it is (see `LoadedState.restore`).
    func restorePreset(_ preset: String, into instance: PluginInstance) throws -> [String] {
        let uri = try Self.presetURI(preset, for: instance.plugin)
        guard let state = LoadedState.fromWorld(self, subject: uri, map: instance.features.mapFeature) else {
            throw HostError("The preset \(uri) could not be loaded.")
        }
        return state.restore(into: instance, source: "The preset \(uri)")
    }

    /// Restores a state directory (or file) saved from the same plugin; returns its warnings.
    /// A state is read once for the instances that share the world's URID map (those of
    /// `check --state`, a test kit's renders), as default states are: lilv leaks with each
    /// read, which the leak check would blame on the plugin. A folder written since is read again.
    package func restoreState(_ path: String, into instance: PluginInstance) throws -> [String] {
        let shared = instance.features.table === urids
        let written = Self.lastWritten(path)
        let state: LoadedState
        if shared, let cached = fileStates[path], cached.written == written {
            state = cached.state
        } else {
            state = try loadState(path, for: instance.plugin.uri, map: instance.features.mapFeature)
            if shared { fileStates[path] = (written, state) }
        }
        return state.restore(into: instance, source: "The state \(path)")
    }

    /// When `path` or a file in it (a state folder) was last written.
    private static func lastWritten(_ path: String) -> Date? {
        func modified(_ path: String) -> Date? {
            (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { path + "/" + $0 }
        return ([path] + files).compactMap(modified).max()
    }

    /// Throws what `restoreState` would for `path` and the plugin: for a command that
    /// checks its arguments before any instance exists (`check --state`).
    package func checkState(_ path: String, for pluginURI: String) throws {
        var map = urids.mapFeatureData()
        _ = try loadState(path, for: pluginURI, map: &map)
    }

    private func loadState(_ path: String, for pluginURI: String, map: UnsafeMutablePointer<LV2_URID_Map>) throws -> LoadedState {
        let state = try LoadedState.fromFile(self, path: path, map: map)
        if let saved = state.pluginURI, saved != pluginURI {
            throw HostError("The state \(path) was saved from the plugin \(saved), not \(pluginURI).")
        }
        return state
    }

    /// Saves the instance's state, port values and properties, as jalv does: `state.ttl` in
    /// `directory`, with the files the plugin refers to copied or linked beside it, through
    /// `StateFolder` (checked, written aside, swapped into place).
    package func saveState(of instance: PluginInstance, to directory: String) throws {
        try saveState(of: instance, to: try StateFolder(directory))
    }

    package func saveState(of instance: PluginInstance, to folder: StateFolder) throws {
        guard let plugin = lilvPlugin(uri: instance.plugin.uri) else {
            throw HostError("The plugin \(instance.plugin.uri) is not in the lilv world, so its state cannot be saved.")
        }
        try folder.save { temporary in
            let directory = temporary + "/"
            var lilvInstance = LilvInstance(lv2_descriptor: instance.descriptor, lv2_handle: instance.handle, pimpl: nil)
            let flags = UInt32(LV2_STATE_IS_POD.rawValue | LV2_STATE_IS_PORTABLE.rawValue)
            // No port values through lilv: it writes floats with 8 decimal places (2^-12 as
            // 0.00024414, a denormal as 0), so they are added below, each exactly.
            let saved = instance.calling("save") {
                lilv_state_new_from_instance(plugin, &lilvInstance, instance.features.mapFeature, directory, directory, directory,
                                             directory, nil, nil, flags, instance.features.stateCallFeatureArray)
            }
            guard let state = saved else {
                throw HostError("The plugin \(instance.plugin.uri) did not give its state.")
            }
            defer { lilv_state_free(state) }
            let status = withStandardErrorSilenced {
                lilv_state_save(world, instance.features.mapFeature, instance.features.unmapFeature, state, nil, directory, "state.ttl")
            }
            let failure = status != 0 ? "lilv could not write it" : appendPortValues(of: instance, to: directory + "state.ttl")
                ?? checkWritten(directory, properties: lilv_state_get_num_properties(state), map: instance.features.mapFeature)
            if let failure {
                throw HostError("The state of \(instance.plugin.uri) could not be saved to \(folder.name) (\(failure)).", kind: .file)
            }
        }
    }

    /// lilv does not check its writes: a full disk leaves its files empty or cut short. nil
    /// when the folder reads back whole (every Turtle file ends a statement and the state has
    /// its properties), else why not.
    private func checkWritten(_ directory: String, properties: UInt32, map: UnsafeMutablePointer<LV2_URID_Map>) -> String? {
        // lilv gives no errno: a file system with no space left is the likely reason, said as such.
        var space = statvfs()
        let reason = statvfs(directory, &space) == 0 && space.f_bavail == 0 ? String(cString: strerror(ENOSPC)) : nil
        for name in StateFolder.stateFiles {
            guard let text = try? String(contentsOfFile: directory + name, encoding: .utf8),
                  text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(".") else {
                return reason ?? "\(name) came out incomplete"
            }
        }
        guard let state = withStandardErrorSilenced({ lilv_state_new_from_file(world, map, nil, directory + "state.ttl") }) else {
            return reason ?? "state.ttl came out unreadable"
        }
        defer { lilv_state_free(state) }
        return lilv_state_get_num_properties(state) == properties ? nil : reason ?? "state.ttl came out incomplete"
    }

    /// Adds the control inputs' values to the state lilv wrote (whose subject is `<>`), each
    /// as the shortest decimal that reads back as the same float. nil, or what went wrong.
    private func appendPortValues(of instance: PluginInstance, to file: String) -> String? {
        let values = instance.plugin.ports(.control, input: true).compactMap { port -> String? in
            guard let value = try? instance.control(port.symbol), value.isFinite else { return nil }
            return "[ lv2:symbol \"\(port.symbol)\" ; pset:value \"\(value)\"^^xsd:float ]"
        }
        guard !values.isEmpty else { return nil }
        let turtle = """

            @prefix lv2: <\(LV2URI.core)> .
            @prefix pset: <http://lv2plug.in/ns/ext/presets#> .
            @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

            <> lv2:port
                \(values.joined(separator: " ,\n    ")) .

            """
        let descriptor = open(file, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure = OutputTarget.writeAll(Array(turtle.utf8), to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
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
