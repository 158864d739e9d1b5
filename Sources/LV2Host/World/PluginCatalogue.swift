import Foundation

/// What discovery learnt, bundle by bundle, kept under `$XDG_CACHE_HOME/swiftlv2` (else
/// `~/.cache/swiftlv2`) so that names, suggestions and lists need not read every plugin's
/// description again. A bundle is read again when its files change (their names, sizes and
/// modification times make its fingerprint); without a writable cache everything still works,
/// reading every bundle each time.
struct PluginCatalogue {
    struct Entry: Codable {
        let fingerprint: String
        let plugins: [CataloguedPlugin]
        /// Why the bundle is left out (it crashed or hung the discovery child), or nil.
        let failure: String?
    }

    /// The entries of the bundles on the path (as the path names them), in the path's order.
    private(set) var entries: [(bundle: String, entry: Entry)] = []
    /// Each bundle's fingerprint when it was read, by its real folder.
    let fingerprints: [String: String]

    /// The entries for `bundles`, from the cache where their fingerprints match, else read
    /// now in a child (`BundleDiscovery`); the cache is written back when anything changed.
    init(bundles: [String], dynamicManifests: Bool) {
        let file = Self.file(dynamicManifests: dynamicManifests)
        var cached = file.flatMap { try? JSONDecoder().decode([String: Entry].self, from: Data(contentsOf: $0)) } ?? [:]
        // Keyed by the real folder, so that a link to a bundle (check's workers use links) finds its entry.
        let keys = bundles.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        let fingerprints = Self.fingerprints(keys)
        self.fingerprints = fingerprints
        let unread = Array(Set(keys.filter { cached[$0]?.fingerprint != fingerprints[$0] })).sorted()
        if !unread.isEmpty {
            for (bundle, outcome) in BundleDiscovery.read(unread, dynamicManifests: dynamicManifests) {
                switch outcome {
                case .plugins(let plugins): cached[bundle] = Entry(fingerprint: fingerprints[bundle]!, plugins: plugins, failure: nil)
                case .failed(let reason): cached[bundle] = Entry(fingerprint: fingerprints[bundle]!, plugins: [], failure: reason)
                }
            }
        }
        entries = zip(bundles, keys).compactMap { bundle, key in cached[key].map { (bundle, $0) } }
        let stale = cached.keys.filter { !FileManager.default.fileExists(atPath: $0 + "/manifest.ttl") }
        if let file, !unread.isEmpty || !stale.isEmpty {
            stale.forEach { cached[$0] = nil }
            Self.write(cached, to: file)
        }
    }

    /// The bundles read without trouble.
    var readableBundles: [String] { entries.filter { $0.entry.failure == nil }.map(\.bundle) }

    /// One sentence (and what the child printed) for each bundle left out.
    var failures: [String] { entries.compactMap(\.entry.failure) }

    /// Every plugin, the first bundle on the path winning for a URI found twice (as in lilv),
    /// sorted by URI (lilv's order).
    var plugins: [CataloguedPlugin] {
        var seen = Set<String>()
        return entries.flatMap(\.entry.plugins).filter { seen.insert($0.uri).inserted }.sorted { $0.uri < $1.uri }
    }

    /// Whether the bundle's manifest declares a dynamic manifest (`dman:DynManifest`).
    static func hasDynamicManifest(_ bundle: String) -> Bool {
        guard let manifest = try? String(contentsOfFile: bundle + "/manifest.ttl", encoding: .utf8) else { return false }
        return manifest.contains("DynManifest")
    }

    /// The cache file, one per way of reading (dynamic manifests or not), or nil without a home.
    private static func file(dynamicManifests: Bool) -> URL? {
        let environment = ProcessInfo.processInfo.environment
        let folder = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0).appendingPathComponent(".cache") }
        return folder?.appendingPathComponent("swiftlv2")
            .appendingPathComponent(dynamicManifests ? "catalogue-dyn-manifest-1.json" : "catalogue-1.json")
    }

    /// Written whole and renamed into place, so that a reader never sees half a file; a
    /// read-only or missing home only makes the next call slower.
    private static func write(_ entries: [String: Entry], to file: URL) {
        guard let data = try? JSONEncoder().encode(entries) else { return }
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid())")
        guard (try? data.write(to: temporary)) != nil else { return }
        if rename(temporary.path, file.path) != 0 { unlink(temporary.path) }
    }

    /// The fingerprints of `bundles` (as the path names them), by their real folders.
    static func fingerprints(ofBundlesOn path: LV2SearchPath) -> [String: String] {
        fingerprints(path.bundles.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
    }

    private static func fingerprints(_ folders: [String]) -> [String: String] {
        Dictionary(folders.map { ($0, fingerprint($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names, sizes and modification times of the files in the bundle (and in its
    /// folders, one level down, where presets often are).
    static func fingerprint(_ bundle: String) -> String {
        var parts: [String] = []
        func add(_ folder: String, depth: Int) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            for name in names {
                var status = stat()
                let path = folder + "/" + name
                guard stat(path, &status) == 0 else { continue }
                parts.append("\(path.dropFirst(bundle.count)):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
                if (status.st_mode & S_IFMT) == S_IFDIR, depth > 0 { add(path, depth: depth - 1) }
            }
        }
        add(bundle, depth: 1)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in parts.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16) + "-\(parts.count)"
    }
}
