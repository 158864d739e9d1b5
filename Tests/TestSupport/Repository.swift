import Foundation

/// Where the repository and its built artefacts are, for tests.
public enum Repository {
    /// `$SWIFTLV2_ROOT` when set (the Makefile sets it), else found from this file's path.
    public static let root: URL = {
        if let root = ProcessInfo.processInfo.environment["SWIFTLV2_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// The bundle as `make` leaves it: Turtle files and the plugin binary.
    public static var bundle: URL { root.appendingPathComponent("plugin.lv2") }
    /// The plugin binary, checked first to be newer than its sources (`PluginBinaryFreshness`).
    public static var pluginBinary: URL {
        _ = PluginBinaryFreshness.checked
        return bundle.appendingPathComponent("swiftlv2.so")
    }
    /// The bundle as `make PLATFORM=aarch64` leaves it: the same Turtle, a binary for aarch64 Linux.
    public static var aarch64Bundle: URL { root.appendingPathComponent(".build-aarch64/plugin.lv2") }

    /// An LV2 path holding only our bundle, for tools that take `LV2_PATH`; its binary is
    /// checked first to be newer than its sources (`PluginBinaryFreshness`).
    public static let lv2PathWithOnlyOurBundle: String = {
        _ = PluginBinaryFreshness.checked
        return lv2Path(holdingOnly: bundle, as: "swiftlv2.lv2")
    }()

    /// A folder holding only a link to `bundle` named `name`, to put on `LV2_PATH` so that
    /// lilv sees nothing else; removed when the process exits.
    public static func lv2Path(holdingOnly bundle: URL, as name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlv2-lv2path-\(name)-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        FoldersRemovedAtExit.shared.add(folder)
        let link = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: link)
        try? FileManager.default.createSymbolicLink(at: link, withDestinationURL: bundle)
        return folder.path
    }

    /// Our bundle plus /usr/lib/lv2, where Debian puts the LV2 specifications and the plugin
    /// packages the suite installs (lv2-examples, x42-plugins…). Not the multiarch folder
    /// (/usr/lib/x86_64-linux-gnu/lv2): on Debian 12 it holds only naspro-bridges' dynamic
    /// manifests, one of which aborts inside lilv_world_load_all with LADSPA packages
    /// installed, taking down the C hosts these tests run (lv2info, lv2bench, jalv).
    /// lv2render's own default path, which includes it, is tested by SearchPathTests.
    public static var lv2PathWithSystemBundles: String {
        lv2PathWithOnlyOurBundle + ":/usr/lib/lv2"
    }
}
