import HostFiles
import CLilv
import Foundation

/// The lilv world: every plugin description found on the LV2 path.
///
/// All metadata comes from here; the binaries are loaded separately by
/// `PluginLibrary`, so lilv never instantiates anything.
public final class LV2World {
    package let world: OpaquePointer
    /// The directories searched, in order, as shown in error messages.
    public let searchPath: [String]
    /// Directories on the LV2 path that are bundles themselves: lilv looks for bundles
    /// inside each directory, so a bundle named directly is never found.
    public let misplacedBundles: [String]
    private var nodes: [String: OpaquePointer] = [:]
    /// The URID map of every instance made with this world, so that state read once
    /// (`defaultStates`) restores into any of them.
    package let urids = URIDTable()
    /// Default states by plugin URI, read once: lilv 0.24 leaks about 70 bytes for each
    /// state it reads, which the checker's leak test would blame on the plugin.
    var defaultStates: [String: LoadedState] = [:]
    /// States read from folders, by path, with when they were written (`restoreState`).
    var fileStates: [String: (written: Date?, state: LoadedState)] = [:]

    /// Whether dynamic manifests were read (they run plugin libraries while listing).
    public let dynamicManifests: Bool
    /// What discovery learnt of every plugin, from the catalogue (`PluginCatalogue`).
    public let catalogue: [CataloguedPlugin]
    /// One warning for each bundle left out because reading it crashed or hung the discovery
    /// child, with what it printed.
    public let discoveryWarnings: [String]
    /// Bundles on the path with dynamic manifests, not read without `dynamicManifests` (each
    /// manifest is read to tell: for error messages only).
    public var unreadDynamicManifestBundles: [String] {
        dynamicManifests ? [] : path.bundles.filter(PluginCatalogue.hasDynamicManifest)
    }
    /// The path and what its bundles were when this world was made (`isCurrent`).
    private let path: LV2SearchPath
    private let fingerprints: [String: String]

    /// Whether the bundles on the path are still those this world read: none added, removed
    /// or changed (a look at their files, without reading them).
    public var isCurrent: Bool {
        PluginCatalogue.fingerprints(ofBundlesOn: path) == fingerprints
    }

    /// Loads every bundle on `searchPath` that discovery could read (bundles not read before are
    /// read first in a child process, see `PluginCatalogue`), with dynamic manifests only when
    /// `dynamicManifests` is set.
    public init(searchPath path: LV2SearchPath, dynamicManifests: Bool = false) throws {
        guard let world = lilv_world_new() else {
            throw HostError("The lilv world could not be created.")
        }
        self.world = world
        self.dynamicManifests = dynamicManifests
        searchPath = path.shown
        misplacedBundles = path.directories.filter {
            FileManager.default.fileExists(atPath: URL(fileURLWithPath: $0).appendingPathComponent("manifest.ttl").path)
        }
        let bundles = path.bundles
        let found = PluginCatalogue(bundles: bundles, dynamicManifests: dynamicManifests)
        self.path = path
        fingerprints = found.fingerprints
        catalogue = found.plugins
        discoveryWarnings = found.failures

        // lilv warns on stderr about a plugin found twice (the first one wins), which is what
        // installing the bundle while working in the repository looks like: no news. Each bundle
        // read here was read by the discovery child already, which kept what it printed.
        withStandardErrorSilenced {
            callingPluginCode {
                let flag = lilv_new_bool(world, dynamicManifests)
                lilv_world_set_option(world, LILV_OPTION_DYN_MANIFEST, flag)
                lilv_node_free(flag)
                for bundle in found.readableBundles {
                    let uri = lilv_new_file_uri(world, nil, bundle + "/")
                    lilv_world_load_bundle(world, uri)
                    lilv_node_free(uri)
                }
                lilv_world_load_specifications(world)
                lilv_world_load_plugin_classes(world)
            }
        }
    }

    /// The world of `lv2Path` (a colon-separated list of folders; nil: `$LV2_PATH`, else
    /// `defaultBundle` and the standard folders), as `LV2SearchPath` decides.
    public convenience init(lv2Path: String? = nil, defaultBundle: String? = nil, dynamicManifests: Bool = false) throws {
        try self.init(searchPath: LV2SearchPath(lv2Path: lv2Path, repositoryBundle: defaultBundle), dynamicManifests: dynamicManifests)
    }

    deinit {
        defaultStates.removeAll()  // lilv frees a state's nodes through the world: before it goes
        fileStates.removeAll()
        nodes.values.forEach { lilv_node_free($0) }
        lilv_world_free(world)
    }

    /// Every plugin found, in lilv's order (sorted by URI), except those whose ports
    /// lilv cannot load safely (see `portIndexProblem`), which `skippedPlugins` tells.
    public var plugins: [PluginInfo] {
        allPlugins().compactMap { plugin in
            portIndexProblem(plugin) == nil ? describe(plugin) : nil
        }
    }

    /// One sentence for each plugin `plugins` and `listedPlugins` leave out.
    public var skippedPlugins: [String] {
        catalogue.filter(\.needsPortCheck).compactMap { lilvPlugin(uri: $0.uri).flatMap(portIndexProblem) }.map { $0 + " It is skipped." }
    }

    /// The catalogue's plugins that lv2render can describe (not those `skippedPlugins` tells).
    public var listedPlugins: [CataloguedPlugin] {
        catalogue.filter { !$0.needsPortCheck || lilvPlugin(uri: $0.uri).map(portIndexProblem) == .some(nil) }
    }

    public func plugin(uri: String) throws -> PluginInfo {
        guard let plugin = lilvPlugin(uri: uri) else {
            throw notFound("No plugin with URI \(uri)", uri)
        }
        if let problem = portIndexProblem(plugin) {
            throw HostError(problem + " lv2render cannot load it.")
        }
        return describe(plugin)
    }

    /// Reading a plugin's data runs its dynamic manifest's library, if it has one.
    private func describe(_ plugin: OpaquePointer) -> PluginInfo {
        withStandardErrorSilenced { callingPluginCode { PluginInfo(plugin, in: self) } }
    }

    /// `subject` "was found on the LV2 path", with the closest plugins to `typed`, or what may be wrong with the path.
    func notFound(_ subject: String, _ typed: String) -> HostError {
        var message = "\(subject) was found on the LV2 path (\(searchPath.joined(separator: ":")))"
        let suggestions = closestURIs(to: typed)
        if !suggestions.isEmpty {
            message += "; did you mean \(suggestions.joined(separator: " or "))?"
        } else if let bundle = misplacedBundles.first {
            message += "; \(bundleHint(bundle))"
        } else if !unreadDynamicManifestBundles.isEmpty {
            let count = unreadDynamicManifestBundles.count
            message += "; \(count) bundle\(count == 1 ? " has a dynamic manifest, which is" : "s have dynamic manifests, which are") read only when asked (--dyn-manifest; dyn_manifest=True in Python), since that runs their code while listing."
        } else {
            message += "."
        }
        return HostError(message, kind: .notFound)
    }

    /// What to say about a bundle named directly on the LV2 path.
    public func bundleHint(_ bundle: String) -> String {
        let parent = URL(fileURLWithPath: bundle).deletingLastPathComponent().path
        return "LV2_PATH names the bundle \(bundle) itself, but it lists the folders that hold bundles: use \(parent) instead."
    }

    /// The URIs of known plugins nearest to `uri` in edit distance (to the whole URI, its
    /// last part or the plugin's name, in any case), if any is near enough to be a typo.
    func closestURIs(to uri: String) -> [String] {
        let typed = uri.lowercased()
        let known = pluginNames()
        let distances = known.map { plugin in
            let lastPart = plugin.uri.split(whereSeparator: { ":/#".contains($0) }).last.map(String.init) ?? plugin.uri
            return (plugin.uri, [plugin.uri, lastPart, plugin.name].map { editDistance($0.lowercased(), typed) }.min()!)
        }
        guard let best = distances.map(\.1).min(), best <= max(2, uri.count / 4) else { return [] }
        return distances.filter { $0.1 == best }.map(\.0).prefix(3).map { $0 }
    }

    func allPlugins() -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        let all = lilv_world_get_all_plugins(world)
        var iterator = lilv_plugins_begin(all)
        while !lilv_plugins_is_end(all, iterator) {
            if let plugin = lilv_plugins_get(all, iterator) { result.append(plugin) }
            iterator = lilv_plugins_next(all, iterator)
        }
        return result
    }

    /// Why lilv must not load `plugin`'s ports, or nil. lilv 0.24 sizes its port array
    /// from the largest `lv2:index` and writes through a null pointer for an index such
    /// as -1 or 4294967295, crashing any command that looks at the plugin; so the indices
    /// are read from the RDF first, through the world, before lilv loads any port.
    /// LV2 wants them to number the ports 0, 1, … without gaps.
    func portIndexProblem(_ plugin: OpaquePointer) -> String? {
        // Loading the data runs a dynamic manifest's library, if the plugin has one.
        withStandardErrorSilenced { callingPluginCode { readPortIndexProblem(plugin) } }
    }

    private func readPortIndexProblem(_ plugin: OpaquePointer) -> String? {
        // Loads the plugin's data files (not its ports) into the world.
        lilv_node_free(lilv_plugin_get_name(plugin))
        let uri = string(lilv_plugin_get_uri(plugin)) ?? "?"
        let location = filePath(lilv_plugin_get_bundle_uri(plugin)).map { " (in \($0))" } ?? ""
        guard let ports = lilv_world_find_nodes(world, lilv_plugin_get_uri(plugin), node(LV2URI.port), nil) else { return nil }
        defer { lilv_nodes_free(ports) }
        // A port described twice (in two files, say) is harmless; a gap or a stray index is not.
        let count = Int(lilv_nodes_size(ports))
        var indices = Set<Int>()
        for port in forEach(ports, { $0 }) {
            let indexNode = lilv_world_get(world, port, node(LV2URI.index), nil)
            defer { lilv_node_free(indexNode) }
            let text = string(indexNode)
            guard let text, lilv_node_is_int(indexNode), let index = Int(text), (0..<count).contains(index) else {
                let given = text.map { "lv2:index \($0)" } ?? "no lv2:index"
                return "The plugin \(uri)\(location) has a port with \(given), but LV2 numbers a plugin's ports 0, 1, 2 and on, without gaps."
            }
            indices.insert(index)
        }
        if let missing = (0..<indices.count).first(where: { !indices.contains($0) }) {
            return "The plugin \(uri)\(location) has no port with lv2:index \(missing), but LV2 numbers a plugin's ports 0, 1, 2 and on, without gaps."
        }
        return nil
    }

    package func lilvPlugin(uri: String) -> OpaquePointer? {
        guard let uriNode = node(uri) else { return nil }
        return lilv_plugins_get_by_uri(lilv_world_get_all_plugins(world), uriNode)
    }

    /// A URI node owned by the world, made once per URI (nil if lilv refuses the string,
    /// or it has no scheme: lilv would refuse it with a line on stderr).
    package func node(_ uri: String) -> OpaquePointer? {
        if let node = nodes[uri] { return node }
        guard Self.hasURIScheme(uri) else { return nil }
        let node = lilv_new_uri(world, uri)
        nodes[uri] = node
        return node
    }
}

/// Runs `body` with file descriptor 2 pointed at /dev/null. lilv 0.24 has no log
/// callback: it and serd print their complaints about other vendors' Turtle straight
/// to stderr, ahead of the one sentence lv2render prints for a problem.
func withStandardErrorSilenced<Result>(_ body: () throws -> Result) rethrows -> Result {
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    let devNull = open("/dev/null", O_WRONLY)
    guard saved >= 0, devNull >= 0 else {
        [saved, devNull].filter { $0 >= 0 }.forEach { close($0) }
        return try body()
    }
    dup2(devNull, STDERR_FILENO)
    close(devNull)
    defer {
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
    }
    return try body()
}

/// The Levenshtein distance: the fewest single-character insertions, deletions and
/// substitutions that turn `a` into `b`.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8), b = Array(b.utf8)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
