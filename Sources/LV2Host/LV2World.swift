import CLilv
import Foundation

/// The lilv world: every plugin description found on the LV2 path.
///
/// All metadata comes from here; the binaries are loaded separately by
/// `PluginLibrary`, so lilv never instantiates anything.
public final class LV2World {
    let world: OpaquePointer
    /// The directories searched, in order, as shown in error messages.
    public let searchPath: [String]
    private var nodes: [String: OpaquePointer] = [:]

    /// Loads every bundle on `lv2Path` (a colon-separated list of directories).
    /// With nil: `$LV2_PATH` if set, else the repository's `plugin.lv2` followed by
    /// the user's and the system's LV2 directories.
    public init(lv2Path: String? = nil) throws {
        guard let world = lilv_world_new() else {
            throw HostError("The lilv world could not be created.")
        }
        self.world = world
        let environmentPath = ProcessInfo.processInfo.environment["LV2_PATH"].flatMap { $0.isEmpty ? nil : $0 }
        let repositoryBundle = (lv2Path ?? environmentPath) == nil ? Self.repositoryBundle() : nil
        let directories = (lv2Path ?? environmentPath ?? Self.standardDirectories.joined(separator: ":"))
            .split(separator: ":").map(String.init)
        searchPath = (repositoryBundle.map { [$0] } ?? []) + directories

        // lilv warns on stderr about directories without a manifest and about a
        // plugin found twice (the first one wins), which is what installing the
        // bundle while working in the repository looks like; neither is news.
        withStandardErrorSilenced {
            if let bundle = repositoryBundle {
                let uri = lilv_new_file_uri(world, nil, bundle + "/")
                lilv_world_load_bundle(world, uri)
                lilv_node_free(uri)
            }
            let path = lilv_new_string(world, directories.joined(separator: ":"))
            lilv_world_set_option(world, LILV_OPTION_LV2_PATH, path)
            lilv_node_free(path)
            lilv_world_load_all(world)
        }
    }

    deinit {
        nodes.values.forEach { lilv_node_free($0) }
        lilv_world_free(world)
    }

    static let standardDirectories = [
        NSHomeDirectory() + "/.lv2", "/usr/local/lib/lv2", "/usr/lib/lv2", "/usr/lib/x86_64-linux-gnu/lv2",
    ]

    /// The repository's `plugin.lv2`: under `$SWIFTLV2_ROOT`, else in a folder
    /// above the running executable (`.build/debug/lv2render` is three levels down).
    static func repositoryBundle() -> String? {
        func bundle(in root: URL) -> String? {
            let candidate = root.appendingPathComponent("plugin.lv2")
            let exists = FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.ttl").path)
            return exists ? candidate.path : nil
        }
        if let root = ProcessInfo.processInfo.environment["SWIFTLV2_ROOT"], !root.isEmpty {
            return bundle(in: URL(fileURLWithPath: root))
        }
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            if let found = bundle(in: folder) { return found }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Every plugin found, in lilv's order (sorted by URI).
    public var plugins: [PluginInfo] {
        var result: [PluginInfo] = []
        let all = lilv_world_get_all_plugins(world)
        var iterator = lilv_plugins_begin(all)
        while !lilv_plugins_is_end(all, iterator) {
            if let plugin = lilv_plugins_get(all, iterator) {
                result.append(PluginInfo(plugin, in: self))
            }
            iterator = lilv_plugins_next(all, iterator)
        }
        return result
    }

    public func plugin(uri: String) throws -> PluginInfo {
        guard let plugin = lilvPlugin(uri: uri) else {
            throw HostError("No plugin with URI \(uri) was found on the LV2 path (\(searchPath.joined(separator: ":"))).")
        }
        return PluginInfo(plugin, in: self)
    }

    func lilvPlugin(uri: String) -> OpaquePointer? {
        guard let uriNode = node(uri) else { return nil }
        return lilv_plugins_get_by_uri(lilv_world_get_all_plugins(world), uriNode)
    }

    /// A URI node owned by the world, made once per URI (nil only if lilv refuses the string).
    func node(_ uri: String) -> OpaquePointer? {
        if let node = nodes[uri] { return node }
        let node = lilv_new_uri(world, uri)
        nodes[uri] = node
        return node
    }
}

/// Runs `body` with file descriptor 2 pointed at /dev/null.
private func withStandardErrorSilenced(_ body: () -> Void) {
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    let devNull = open("/dev/null", O_WRONLY)
    guard saved >= 0, devNull >= 0 else {
        [saved, devNull].filter { $0 >= 0 }.forEach { close($0) }
        body()
        return
    }
    dup2(devNull, STDERR_FILENO)
    close(devNull)
    body()
    fflush(nil)
    dup2(saved, STDERR_FILENO)
    close(saved)
}
