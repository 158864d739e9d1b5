import Foundation

/// The generator's command line:
///
///     generate-bundle --turtle DIR [--swift FILE] [--header FILE]
///
/// writes the bundle's Turtle files into DIR, the entry point (`lv2_descriptor` and the
/// descriptors) into the Swift FILE, and the C header of port indices and ranges.
public struct BundleGenerator {
    let bundle: Bundle

    public init(_ bundle: Bundle) { self.bundle = bundle }

    public func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        var destinations: [String: String] = [:]
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard ["--turtle", "--swift", "--header"].contains(flag), let value = rest.popFirst() else {
                fail("usage: generate-bundle --turtle DIR [--swift FILE] [--header FILE]", status: 2)
            }
            destinations[flag] = value
        }
        guard let folder = destinations["--turtle"] else {
            fail("usage: generate-bundle --turtle DIR [--swift FILE] [--header FILE]", status: 2)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in TurtleFiles.all(bundle) {
                try write(file.text, to: (folder as NSString).appendingPathComponent(file.name))
            }
            if let path = destinations["--swift"] { try write(SourceFiles.entryPoint(bundle), to: path) }
            if let path = destinations["--header"] { try write(SourceFiles.cHeader(bundle), to: path) }
        } catch {
            fail("generate-bundle: \(error.localizedDescription)", status: 1)
        }
        exit(0)
    }

    /// Writes only when the text changed, so that builds depending on the file do not redo work.
    private func write(_ text: String, to path: String) throws {
        if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
