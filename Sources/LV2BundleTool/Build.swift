import Foundation

/// `swift build` of the generated package, each build in its own scratch folder (the author's
/// `.build` is locked by the `swift package` that runs lv2-bundle), and the generator's run.
/// Their output goes straight to the author's terminal; a failure adds one sentence.
struct Build {
    let package: URL

    /// The `swift` that runs lv2-bundle, or `$SWIFT`.
    private var swift: String { ProcessInfo.processInfo.environment["SWIFT"] ?? "swift" }

    func build(_ arguments: [String], scratch: URL, what: String, through script: URL? = nil) throws(BundleFailure) {
        let build = ["build", "--package-path", package.path, "--scratch-path", scratch.path] + arguments
        let exitStatus: Int32
        if let script {
            exitStatus = try status(of: script, [swift] + build.dropFirst())
        } else {
            exitStatus = try status(of: URL(fileURLWithPath: "/usr/bin/env"), [swift] + build)
        }
        guard exitStatus == 0 else { throw BundleFailure(message: "building \(what) failed (the compiler's messages are above).") }
    }

    func run(_ program: URL, _ arguments: [String]) throws(BundleFailure) {
        guard try status(of: program, arguments) == 0 else {
            throw BundleFailure(message: "the generator refused the declarations (why is above).")
        }
    }

    private func status(of program: URL, _ arguments: [String]) throws(BundleFailure) -> Int32 {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        // Compiler messages with the rest of the builds' output: the tool's standard error is its own sentence.
        process.standardError = FileHandle.standardOutput
        do { try process.run() } catch {
            throw BundleFailure(message: "could not run \(program.lastPathComponent): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
