import Foundation

/// Where a test's package is, so that a bundle can be named relative to it.
enum PackageFolder {
    /// The nearest folder above `file` (a test's `#filePath`) that holds a Package.swift,
    /// else the working directory (`swift test` runs tests in the package's folder).
    static func containing(_ file: String) -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    /// The bundle in `package` whose manifest names `uri`: one of `lv2/*.lv2` (where
    /// `lv2-bundle` writes bundles) or `*.lv2` (where a Makefile may).
    static func bundle(describing uri: String, in package: URL) -> URL? {
        let candidates = [package.appendingPathComponent("lv2"), package].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
                .filter { $0.hasSuffix(".lv2") }.map { folder.appendingPathComponent($0) }
        }
        return candidates.first { bundle in
            let manifest = (try? String(contentsOf: bundle.appendingPathComponent("manifest.ttl"), encoding: .utf8)) ?? ""
            return manifest.contains("<\(uri)>")
        }
    }

    /// How the package's bundle is built, for the sentence a test fails with when it is not.
    static func buildHint(for package: URL) -> String {
        FileManager.default.fileExists(atPath: package.appendingPathComponent("Makefile").path)
            ? "`make` in \(package.path)"
            : "`swift package --allow-writing-to-package-directory lv2-bundle` in \(package.path)"
    }
}
