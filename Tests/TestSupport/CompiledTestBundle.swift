import HostFiles
import Foundation
import LV2Host

/// Plugin bundles the tests compile from source (a C plugin with latency, a second
/// Embedded Swift plugin…), rather than committing binaries.
public enum CompiledTestBundle {
    /// Writes `files` (name → contents) into a fresh bundle `<name>.lv2`, runs `compiler`
    /// with `arguments` inside it, and returns the folder to put on `LV2_PATH`. The
    /// folder is removed when the test process exits.
    public static func build(_ name: String, files: [String: String], compiler: String, arguments: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftlv2-\(name)-\(getpid())")
        let bundle = folder.appendingPathComponent("\(name).lv2")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        FoldersRemovedAtExit.shared.add(folder)
        for (file, contents) in files {
            try contents.write(to: bundle.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let compiled = try runCommand(compiler, arguments, currentDirectory: bundle)
        guard compiled.status == 0 else {
            throw HostError("\(compiler) could not build the test plugin \(name): \(compiled.standardError)")
        }
        return folder
    }
}
