import Foundation

/// The `lv2render` executable built alongside the tests, and a way to run it.
public enum LV2RenderTool {
    /// SwiftPM puts executables in the same folder as the test bundle.
    public static let executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("lv2render")

    /// Runs lv2render with `LV2_PATH` set to our bundle, `extraLV2Directories` and the
    /// system's bundles, so an installed copy in ~/.lv2 cannot interfere, and `environment` added.
    @discardableResult
    public static func run(_ arguments: [String], extraLV2Directories: [String] = [], environment: [String: String] = [:],
                           currentDirectory: URL? = nil, timeout: Double = 600) throws -> CommandResult {
        let path = (extraLV2Directories + [Repository.lv2PathWithSystemBundles]).joined(separator: ":")
        return try runCommand(executable.path, arguments, environment: environment.merging(["LV2_PATH": path]) { $1 },
                              currentDirectory: currentDirectory, timeout: timeout)
    }
}

/// A fresh folder under the system's temporary directory, removed with the object or,
/// at the latest, when the process exits.
public final class TemporaryFolder {
    public let url: URL

    public init(_ name: String = "test") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlv2-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        FoldersRemovedAtExit.shared.add(url)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The names of the files in the folder, sorted.
    public var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
