import Foundation

/// The generator's command line:
///
///     generate-bundle --turtle DIR [--swift FILE] [--header FILE]
///
/// writes the bundle's Turtle files into DIR, the entry point (`lv2_descriptor` and the
/// descriptors) into the Swift FILE, and the C header of port indices and ranges.
public struct BundleGenerator {
    let bundle: BundleContents

    /// A generator of `bundle`'s files.
    public init(_ bundle: BundleContents) { self.bundle = bundle }

    /// Writes the files the arguments name and exits: 0 when written, else non-zero with
    /// the reason on standard error.
    public func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            try generate(arguments: arguments)
        } catch {
            FileHandle.standardError.write(Data((error.message + "\n").utf8))
            exit(error.status)
        }
        exit(0)
    }

    /// What `main` does, short of exiting: a declaration `DeclarationCheck` refuses stops
    /// it before anything is written.
    func generate(arguments: [String]) throws(Failure) {
        let usage = Failure(message: "usage: generate-bundle --turtle DIR [--swift FILE] [--header FILE]", status: 2)
        var destinations: [String: String] = [:]
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard ["--turtle", "--swift", "--header"].contains(flag), let value = rest.popFirst() else { throw usage }
            destinations[flag] = value
        }
        guard let folder = destinations["--turtle"] else { throw usage }
        let problems = DeclarationCheck.problems(in: bundle)
        guard problems.isEmpty else {
            throw Failure(message: problems.map { "generate-bundle: " + $0 }.joined(separator: "\n"), status: 1)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in TurtleFiles.all(bundle) {
                try write(file.text, to: (folder as NSString).appendingPathComponent(file.name))
            }
            if let path = destinations["--swift"] { try write(SourceFiles.entryPoint(bundle), to: path) }
            if let path = destinations["--header"] { try write(SourceFiles.cHeader(bundle), to: path) }
        } catch {
            throw Failure(message: "generate-bundle: \(error.localizedDescription)", status: 1)
        }
    }

    /// Why the generator stops: what it prints, and its exit status.
    struct Failure: Error, Equatable {
        let message: String
        let status: Int32
    }

    /// Writes only when the text changed, so that builds depending on the file do not redo work.
    private func write(_ text: String, to path: String) throws {
        if (try? String(contentsOfFile: path, encoding: .utf8)) == text { return }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
