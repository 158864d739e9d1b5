import Foundation

/// `swift build` of the generated package, each build in its own scratch folder (the author's
/// `.build` is locked by the `swift package` that runs lv2-bundle), and the generator's run.
/// Their output goes straight to the author's terminal; a failure adds one sentence, which
/// names the author's first compile error when that is why.
struct Build {
    let package: URL
    /// The author's package: an error in a file under it is the author's to mend.
    let author: URL

    /// The `swift` that runs lv2-bundle, or `$SWIFT`.
    private var swift: String { ProcessInfo.processInfo.environment["SWIFT"] ?? "swift" }

    func build(_ arguments: [String], scratch: URL, what: String, through script: URL? = nil) throws(BundleFailure) {
        let build = ["build", "--package-path", package.path, "--scratch-path", scratch.path] + arguments
        let (exitStatus, output) = if let script {
            try Self.run(script, [swift] + build.dropFirst())
        } else {
            try Self.run(URL(fileURLWithPath: "/usr/bin/env"), [swift] + build)
        }
        guard exitStatus == 0 else {
            if let error = CompileError(firstIn: output, under: author) {
                throw BundleFailure(message: "the plugin's code does not compile: \(error) (the compiler's messages are above).")
            }
            throw BundleFailure(message: "building \(what) failed (the compiler's messages are above).")
        }
    }

    func run(_ program: URL, _ arguments: [String]) throws(BundleFailure) {
        guard try Self.run(program, arguments).status == 0 else {
            throw BundleFailure(message: "the generator refused the declarations (why is above).")
        }
    }

    /// Removes the symbols and debug information from `binary`, in place, with `program`
    /// (`strip`, or the cross build's): hosts need only the dynamic symbol `lv2_descriptor`.
    static func strip(_ binary: URL, with program: String) throws(BundleFailure) {
        let arguments = [program, "--strip-unneeded", "--remove-section=.comment", binary.path]
        guard try run(URL(fileURLWithPath: "/usr/bin/env"), arguments).status == 0 else {
            throw BundleFailure(message: "\(program) could not strip \(binary.lastPathComponent) (why is above); --keep-symbols ships it as built.")
        }
    }

    /// Runs `program`, passing its output on to the author's terminal as it comes, and returns
    /// its exit status and that output.
    private static func run(_ program: URL, _ arguments: [String]) throws(BundleFailure) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        // Compiler messages with the rest of the builds' output: the tool's standard error is its own sentence.
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch {
            throw BundleFailure(message: "could not run \(program.lastPathComponent): \(error.localizedDescription)")
        }
        var output = Data()
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            FileHandle.standardOutput.write(chunk)
            output.append(chunk)
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

/// The first `FILE:LINE:COLUMN: error: MESSAGE` of a build's output in a file of the
/// author's package, with the path relative to it.
struct CompileError: CustomStringConvertible {
    let file: String
    let line: Int
    let column: Int
    let message: String

    init?(firstIn output: String, under package: URL) {
        let prefix = package.standardizedFileURL.path + "/"
        for text in output.split(separator: "\n") {
            let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0].hasPrefix(prefix), !parts[0].contains("/.build/"),
                  let line = Int(parts[1]), let column = Int(parts[2]), parts[3] == " error" else { continue }
            file = String(parts[0].dropFirst(prefix.count))
            self.line = line
            self.column = column
            message = parts[4].trimmingCharacters(in: .whitespaces)
            return
        }
        return nil
    }

    var description: String { "\(file):\(line):\(column): \(message)" }
}
