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
}
