import Foundation

/// `make plugin` builds plugin.lv2/swiftlv2.so, `swift build` does not: tests run after a
/// source edit without it would test the old binary and pass or fail for the wrong reason.
/// The first test that locates our bundle (`Repository.pluginBinary`,
/// `Repository.lv2PathWithOnlyOurBundle`) checks that the binary is newer than every file of
/// the targets the `SwiftLV2Plugins` library is built from (read from Package.swift), and when it is
/// not, stops the test run with one sentence that says which file and what to run.
enum PluginBinaryFreshness {
    static let checked: Void = {
        guard let problem = problem() else { return }
        FileHandle.standardError.write(Data(("\nerror: " + problem + "\n").utf8))
        exit(1)
    }()

    static func problem() -> String? {
        let root = Repository.root
        let binary = root.appendingPathComponent("plugin.lv2/swiftlv2.so")
        guard let built = modified(binary) else {
            return "plugin.lv2/swiftlv2.so is missing: run `make plugin` before the plugin tests."
        }
        guard let manifest = try? PackageManifest() else { return nil }
        for target in manifest.reach(of: "SwiftLV2Plugins").sorted() {
            let folder = root.appendingPathComponent("Sources").appendingPathComponent(target)
            for file in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] {
                if let date = modified(folder.appendingPathComponent(file)), date > built {
                    return "plugin.lv2/swiftlv2.so is older than Sources/\(target)/\(file): run `make plugin` before the plugin tests."
                }
            }
        }
        return nil
    }

    private static func modified(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }
}
