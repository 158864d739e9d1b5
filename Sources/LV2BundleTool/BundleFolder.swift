import Foundation

/// `lv2/NAME.lv2` in the author's package: a folder that holds only bundles, so that
/// `LV2_PATH=$PWD/lv2` shows hosts the plugin and nothing they would fail to read as a bundle
/// (lilv reads every entry of a folder on the path as one). For aarch64 `lv2-aarch64/NAME.lv2`,
/// so that hosts on this machine never find a binary they cannot load. lv2-bundle owns the
/// binary and the Turtle files that carry the generator's first line; anything else is the author's.
struct BundleFolder {
    let package: URL
    let name: String
    let platform: BundleRequest.Platform

    /// The folder of bundles, in the package.
    var parent: URL {
        package.appendingPathComponent(platform == .native ? "lv2" : "lv2-aarch64")
    }
    /// The first line of every Turtle file the generator writes.
    static let generatedMark = "# Generated from the plugins' declarations in Swift"

    var url: URL { parent.appendingPathComponent(name + ".lv2") }

    var binary: URL { url.appendingPathComponent(name + ".so") }

    /// Puts the freshly generated Turtle in place (unchanged files are left alone), removes the
    /// generated Turtle the declarations no longer give (a renamed plugin's), and replaces the
    /// binary in one rename, so that a host never loads half of one.
    func assemble(turtleFrom generated: URL, binary built: URL, strip: String?) throws {
        let files = FileManager.default
        try files.createDirectory(at: url, withIntermediateDirectories: true)
        let written = try files.contentsOfDirectory(atPath: generated.path).sorted()
        for name in written {
            let text = try String(contentsOf: generated.appendingPathComponent(name), encoding: .utf8)
            let destination = url.appendingPathComponent(name)
            if (try? String(contentsOf: destination, encoding: .utf8)) != text {
                try text.write(to: destination, atomically: true, encoding: .utf8)
            }
        }
        for stale in try generatedTurtle() where !written.contains(stale) {
            try files.removeItem(at: url.appendingPathComponent(stale))
        }
        let partial = url.appendingPathComponent("." + name + ".so.partial")
        try? files.removeItem(at: partial)
        try files.copyItem(at: built, to: partial)
        // The copy is stripped, not the build's own file, which a later build with the symbols reuses.
        if let strip { try Build.strip(partial, with: strip) }
        guard rename(partial.path, binary.path) == 0 else {
            throw BundleFailure(message: "could not put \(binary.path) in place: \(String(cString: strerror(errno))).")
        }
    }

    /// Removes the binary and the generated Turtle, and the folders they leave empty.
    func clean() throws {
        let files = FileManager.default
        guard files.fileExists(atPath: url.path) else { return }
        for file in try generatedTurtle() + [binary.lastPathComponent] where files.fileExists(atPath: url.appendingPathComponent(file).path) {
            try files.removeItem(at: url.appendingPathComponent(file))
        }
        for folder in [url, parent] where try files.contentsOfDirectory(atPath: folder.path).isEmpty {
            try files.removeItem(at: folder)
        }
    }

    /// Cleans the bundles in the package's folder of bundles that no product names any more (a
    /// product renamed): their generated files go, and the folder if nothing of the author's is left.
    static func removeRenamed(in package: URL, platform: BundleRequest.Platform, keeping names: [String]) throws {
        let parent = BundleFolder(package: package, name: "", platform: platform).parent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries where entry.hasSuffix(".lv2") && !names.contains(String(entry.dropLast(4))) {
            // Only a bundle the generator wrote: a bundle put here by hand keeps its binary.
            let manifest = parent.appendingPathComponent(entry + "/manifest.ttl")
            guard (try? String(contentsOf: manifest, encoding: .utf8))?.hasPrefix(generatedMark) == true else { continue }
            try BundleFolder(package: package, name: String(entry.dropLast(4)), platform: platform).clean()
        }
    }

    /// The Turtle files in the folder that the generator wrote.
    private func generatedTurtle() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { name in
            name.hasSuffix(".ttl") && (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))?
                .hasPrefix(Self.generatedMark) == true
        }
    }
}
