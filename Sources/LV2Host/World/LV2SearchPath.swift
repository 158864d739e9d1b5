import CHostSupport
import Foundation

/// Where every front end (lv2render's commands, a batch's children, check's parent, Python)
/// looks for plugins: one decision, so that they all find the same plugins.
public struct LV2SearchPath: Equatable {
    /// A bundle loaded before the folders, winning over an installed copy: the repository's
    /// `plugin.lv2` when running from a checkout (nil otherwise, and whenever a path was given).
    public let leadingBundle: String?
    /// The folders that hold bundles, in order.
    public let directories: [String]

    /// `lv2Path` (a colon-separated list of folders) if given, else `$LV2_PATH` if set, else
    /// `repositoryBundle` followed by the user's and the system's LV2 folders.
    public init(lv2Path: String? = nil, repositoryBundle: String? = nil) {
        let environmentPath = ProcessInfo.processInfo.environment["LV2_PATH"].flatMap { $0.isEmpty ? nil : $0 }
        let given = lv2Path ?? environmentPath
        leadingBundle = given == nil ? repositoryBundle : nil
        directories = (given ?? Self.standardDirectories.joined(separator: ":")).split(separator: ":").map(String.init)
    }

    /// As shown in error messages.
    public var shown: [String] { (leadingBundle.map { [$0] } ?? []) + directories }

    /// Every bundle to read, in the order lilv would meet them: the leading bundle, then each
    /// folder's subfolders that hold a `manifest.ttl`, by name.
    var bundles: [String] {
        let manager = FileManager.default
        let inFolders = directories.flatMap { directory -> [String] in
            let names = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
            return names.sorted().map { directory + "/" + $0 }.filter { manager.fileExists(atPath: $0 + "/manifest.ttl") }
        }
        return (leadingBundle.map { [$0] } ?? []) + inFolders
    }

    /// `$HOME`, as lv2ls and the Makefile use it, rather than the account's home directory.
    static var standardDirectories: [String] {
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return [home + "/.lv2", "/usr/local/lib/lv2", "/usr/lib/lv2", "/usr/lib/x86_64-linux-gnu/lv2"]
    }

    /// Our own bundle: the repository's `plugin.lv2` under `$SWIFTLV2_ROOT`; else `swiftlv2.lv2`
    /// beside `file` (the Python wheel carries it beside `libswiftlv2host.so`); else the `plugin.lv2`
    /// of a folder up to four levels above `file` (`.build/debug/lv2render`,
    /// `python/swiftlv2/libswiftlv2host.so` in a checkout).
    public static func repositoryBundle(near file: String) -> String? {
        func bundle(in root: URL, named name: String = "plugin.lv2") -> String? {
            let candidate = root.appendingPathComponent(name)
            let exists = FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.ttl").path)
            return exists ? candidate.path : nil
        }
        if let root = ProcessInfo.processInfo.environment["SWIFTLV2_ROOT"], !root.isEmpty {
            return bundle(in: URL(fileURLWithPath: root))
        }
        var folder = URL(fileURLWithPath: file).resolvingSymlinksInPath().deletingLastPathComponent()
        if let packaged = bundle(in: folder, named: "swiftlv2.lv2") { return packaged }
        for _ in 0..<4 {
            if let found = bundle(in: folder) { return found }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// The path a front end searches whose code is at `address` (`#dsohandle`): the repository's
    /// bundle is looked for above its executable or library.
    public static func forFrontEnd(at address: UnsafeRawPointer, lv2Path: String? = nil) -> LV2SearchPath {
        let file = loaded_file_containing(address).map { String(cString: $0) } ?? "/proc/self/exe"
        return LV2SearchPath(lv2Path: lv2Path, repositoryBundle: repositoryBundle(near: file))
    }
}
