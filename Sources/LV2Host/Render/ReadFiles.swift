import HostFiles
import CLilv
import Foundation

/// The files a command reads, known by device and inode rather than by name, so that no
/// file it writes replaces one of them however it is spelt: `./a.wav` for `a.wav`, a
/// symbolic link, a hard link. Every writer of lv2render and of the C library asks it
/// (`checkOutput`) before writing. Devices (`/dev/null`) and standard output are never
/// inputs here.
public struct ReadFiles {
    private var files: [(identity: FileIdentity, option: String)] = []
    /// Who reads them, for the messages: "the render", "the check".
    public let reader: String

    public init(reader: String) {
        self.reader = reader
    }

    /// Notes `path` as read, for the option that names it (`--input a.wav`).
    public mutating func add(_ path: String, option: String) {
        if let identity = FileIdentity(path), identity.isRegularFile { files.append((identity, option)) }
    }

    /// A state directory is read whole: its `state.ttl` and the files beside it (a sample).
    public mutating func addState(_ path: String, option: String) {
        guard let identity = FileIdentity(path), !identity.isRegularFile else { return add(path, option: option) }
        // By their bytes, so that a sample whose name is not UTF-8 is known too (ByteName).
        let folder = ByteName.fileSystemPath(path) + [UInt8(ascii: "/")]
        for name in ByteName.entries(ofFolder: path) {
            add(ByteName.alias(for: folder + name), option: option)
        }
    }

    /// A plugin loaded or checked reads its bundle: every file under the bundle's folder (its
    /// Turtle, its binary, the samples its default state names), the binary wherever it is,
    /// and the files its default state names outside the bundle.
    public mutating func addPlugin(_ plugin: PluginInfo, world: LV2World) {
        let option = "the bundle of \(plugin.uri)"
        let bundle = URL(fileURLWithPath: plugin.bundlePath)
        let enumerator = FileManager.default.enumerator(atPath: bundle.path)
        while let name = enumerator?.nextObject() as? String {
            let file = bundle.appendingPathComponent(name).path
            add(file, option: "the file \(file) of \(option)")
        }
        add(plugin.libraryPath, option: "the binary \(plugin.libraryPath) of \(option)")
        for file in world.filesNamed(byStateOf: plugin.uri, plugin: plugin) {
            add(file, option: "the file \(file) that the default state of \(plugin.uri) names")
        }
    }

    /// A preset's files: those that describe it and those it names (a sample).
    public mutating func addPreset(_ preset: String, of plugin: PluginInfo, world: LV2World, option: String) throws {
        let uri = try LV2World.presetURI(preset, for: plugin)
        for file in try world.presetFiles(preset, for: plugin) {
            add(file, option: "the file \(file) of \(option)")
        }
        for file in world.filesNamed(byStateOf: uri, plugin: plugin) {
            add(file, option: "the file \(file) that \(option) names")
        }
    }

    /// The option that reads the file at `path`, if any; nil for a new file and a device.
    public func reader(of path: String) -> String? {
        guard let identity = FileIdentity(path) else { return nil }
        return files.first { $0.identity == identity }?.option
    }

    /// Throws when writing `path`, named by `option`, would replace a file the command reads.
    public func checkOutput(_ path: String, option: String) throws {
        if let reader = reader(of: path) {
            throw HostError("\(option) would replace \(reader), which \(self.reader) reads; name another output.", kind: .file)
        }
    }

    /// What each stage reads: `--set` paths, preset files, `--state` directories and its
    /// plugin's bundle. Throws when a preset does not exist.
    public mutating func addStages(_ stages: [RenderStage], world: LV2World) throws {
        for stage in stages {
            for (parameter, value) in stage.parameters {
                if case .path(let path) = value { add(path, option: "--set \(parameter.shortName)=\(path)") }
            }
            if let preset = stage.presetURI {
                try addPreset(preset, of: stage.plugin, world: world, option: "--preset \(preset)")
            }
            if let state = stage.statePath { addState(state, option: "--state \(state)") }
            // Last, so that a preset's file in the bundle is named as the preset's.
            addPlugin(stage.plugin, world: world)
        }
    }
}

extension LV2World {
    /// The files a state stored in the world names (`state:state` of a plugin, its default
    /// state, or of a preset), through the plugin's path parameters.
    func filesNamed(byStateOf subject: String, plugin: PluginInfo) -> [String] {
        let states = lilv_world_find_nodes(world, node(subject), node(LV2URI.state + "state"), nil)
        defer { lilv_nodes_free(states) }
        return forEach(states) { state in
            plugin.parameters.filter { $0.type == .path }.flatMap { parameter -> [String] in
                let values = lilv_world_find_nodes(world, state, node(parameter.uri), nil)
                defer { lilv_nodes_free(values) }
                return forEach(values, filePath).compactMap { $0 }
            }
        }.flatMap { $0 }
    }
}
