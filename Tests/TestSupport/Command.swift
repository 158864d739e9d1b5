import Foundation

/// What a finished command printed, and how it exited.
public struct CommandResult {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
}

/// What `runCommand` throws when the program runs past its time limit.
public struct CommandTimedOut: Error, CustomStringConvertible {
    public let description: String
}

/// Runs a program (looked up on PATH unless it is a path) and waits for it, `timeout`
/// seconds at most: a program that hangs is stopped (SIGTERM, then SIGKILL 10 s later)
/// and the test gets an error naming it, rather than the whole run hanging.
@discardableResult
public func runCommand(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                       currentDirectory: URL? = nil, timeout: Double = 600) throws -> CommandResult {
    let process = Process()
    if program.contains("/") {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
    }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    // Output goes to files rather than pipes, so a chatty program can never block on a full pipe.
    let folder = FileManager.default.temporaryDirectory
    let outputURL = folder.appendingPathComponent("command-\(UUID().uuidString).out")
    let errorURL = folder.appendingPathComponent("command-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: outputURL)
        try? FileManager.default.removeItem(at: errorURL)
    }
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    process.standardInput = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    if finished.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        if finished.wait(timeout: .now() + 10) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        throw CommandTimedOut(description: "\(([program] + arguments).joined(separator: " ")) did not finish within \(timeout.formatted()) s and was stopped.")
    }
    return CommandResult(status: process.terminationStatus,
                         standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                         standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}
