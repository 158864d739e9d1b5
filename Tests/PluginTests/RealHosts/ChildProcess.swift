import Foundation
import TestSupport

/// A program a test starts and keeps running beside it (a JACK server, a host, a client).
///
/// It runs under coreutils `timeout`, so that even a test run that crashes leaves nothing
/// behind for longer than `lifetime` seconds. `timeout` leads a process group of its own,
/// which is what `stop()` kills if the program ignores its SIGTERM. Its standard input stays
/// open until then (jalv quits when its input ends), and its output goes to files that
/// failure messages quote.
final class ChildProcess {
    let name: String
    private let process = Process()
    private let input = Pipe()
    private let outputURL: URL
    private let errorURL: URL

    init(_ program: String, _ arguments: [String], environment: [String: String], folder: TemporaryFolder,
         lifetime: Int = 60) throws {
        name = program
        let id = UUID().uuidString
        outputURL = folder.url.appendingPathComponent("\(program)-\(id).out")
        errorURL = folder.url.appendingPathComponent("\(program)-\(id).err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--kill-after=10", String(lifetime), program] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
    }

    deinit {
        stop()
    }

    /// The process id of `timeout`, which is also the id of the process group.
    var pid: pid_t { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

    /// Everything it printed, for failure messages.
    var transcript: String { "\(name) (pid \(pid)) printed:\n\(output)\(errors)" }

    /// The program's own process id: the only child of `timeout`.
    private var programPID: pid_t? {
        readProcFile("/proc/\(pid)/task/\(pid)/children").split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Writes a line to its standard input (SIGPIPE is ignored by `JackSession`, in case it has quit).
    func send(_ line: String) {
        try? input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Waits for it to end by itself; false if it still runs after `seconds`.
    func waitForExit(seconds: Double) -> Bool {
        waitUntil(seconds: seconds) { !self.isRunning }
    }

    /// One SIGTERM to the program itself (JACK's example clients may hang on a second
    /// one, which is what `timeout` would add by passing it on to the whole group),
    /// then SIGKILL to the process group if it has not ended within `grace` seconds.
    /// Its input closes only afterwards: jalv, seeing its input end while it shuts
    /// down, takes seconds and leaves JACK's semaphores behind.
    func stop(grace: Double = 2) {
        defer { try? input.fileHandleForWriting.close() }
        guard process.isRunning else { return }
        kill(programPID ?? pid, SIGTERM)
        if !waitForExit(seconds: grace) {
            kill(-pid, SIGKILL)
            _ = waitForExit(seconds: 1)
        }
    }
}

/// Polls `condition` every `interval` seconds until it holds (true) or `seconds` have
/// passed (false).
func waitUntil(seconds: Double, every interval: Double = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(useconds_t(interval * 1_000_000))
    }
    return try condition()
}
