import HostFiles
import Foundation
import LV2Host

/// One plugin of a built bundle, for a plugin package's tests: render it into arrays
/// (`render`) and run `lv2render check`'s checks on it as assertions (`assertPassesChecks`).
///
/// Only the bundle given is visible: lilv reads it from an LV2 path that holds nothing
/// else, so a test never depends on what else is installed on the machine.
///
/// ```swift
/// let delay = try LV2TestPlugin(uri: Delay.declaration.uri)   // the package's bundle that has it
/// let out = try delay.render(input: [click, click], controls: ["mix": 1], seconds: 1)
/// XCTAssertEqual(out[0].firstFrame(above: 0.1), 12000)
/// ```
public final class LV2TestPlugin {
    /// The plugin's URI.
    public let uri: String
    /// The bundle folder, as found.
    public let bundle: URL
    /// What lilv read about the plugin: its ports, parameters, presets.
    public let info: PluginInfo
    let world: LV2World
    /// The LV2 path holding only a link to the bundle (the checks' children get it too).
    let lv2Path: URL

    /// Finds the plugin `uri` in its bundle and checks that the bundle's binary is built and
    /// newer than every file under the package's `Sources` folder.
    ///
    /// - Parameters:
    ///   - bundle: The bundle folder; a relative path is taken from the test's package (the
    ///     nearest folder above `file` with a Package.swift). Nil: the package's bundle whose
    ///     manifest names `uri`, in `lv2/` (where `lv2-bundle` writes it) or the package's folder.
    ///   - uri: The plugin's URI, such as `MyPlugin.declaration.uri`.
    ///   - sources: The folder whose files the binary must be newer than, relative to the
    ///     package or absolute; nil to skip that check.
    ///   - file: The test's file, to find its package from; leave it out.
    /// - Throws: One sentence when the bundle is missing, holds no such plugin, or its binary
    ///   is missing or stale.
    public init(bundle: String? = nil, uri: String, sources: String? = "Sources", file: StaticString = #filePath) throws {
        let package = PackageFolder.containing("\(file)")
        let hint = PackageFolder.buildHint(for: package)
        let folder: URL
        if let bundle {
            folder = URL(fileURLWithPath: bundle, relativeTo: package).standardizedFileURL
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.ttl").path) else {
                throw HostError("No bundle at \(folder.path) (no manifest.ttl there): build it first (\(hint)).")
            }
        } else {
            guard let found = PackageFolder.bundle(describing: uri, in: package) else {
                throw HostError("No bundle in \(package.path) (lv2/*.lv2 or *.lv2) describes \(uri): build it first (\(hint)).")
            }
            folder = found
        }
        self.uri = uri
        self.bundle = folder
        lv2Path = try Self.lv2Path(holdingOnly: folder)
        world = try LV2World(lv2Path: lv2Path.path)
        info = try world.plugin(uri: uri)
        // The binary as the bundle holds it, not through the LV2 path's link: errors name it so.
        let link = lv2Path.appendingPathComponent(folder.lastPathComponent).path
        let binary = info.libraryPath.hasPrefix(link + "/") ? folder.path + info.libraryPath.dropFirst(link.count) : info.libraryPath
        try BuiltBinary.checkFresh(binary, sources: sources.map { URL(fileURLWithPath: $0, relativeTo: package) },
                                   build: hint)
    }

    /// The same, for a declaration's URI (`MyPlugin.declaration.uri`, a `StaticString`).
    public convenience init(bundle: String? = nil, uri: StaticString, sources: String? = "Sources", file: StaticString = #filePath) throws {
        try self.init(bundle: bundle, uri: "\(uri)", sources: sources, file: file)
    }

    deinit {
        try? FileManager.default.removeItem(at: lv2Path)
    }

    /// A new folder holding only a link to `bundle`, for lilv's LV2 path.
    private static func lv2Path(holdingOnly bundle: URL) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lv2testkit-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(bundle.lastPathComponent),
                                                   withDestinationURL: bundle)
        return folder
    }
}
