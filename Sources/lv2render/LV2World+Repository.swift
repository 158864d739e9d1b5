import Foundation
import LV2Host

extension LV2World {
    /// The world the commands search: `$LV2_PATH` if set, else the repository's `plugin.lv2`
    /// (when lv2render runs from a checkout) followed by the user's and the system's LV2 directories.
    static func forCommandLine() throws -> LV2World {
        try LV2World(defaultBundle: repositoryBundle())
    }

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
}
