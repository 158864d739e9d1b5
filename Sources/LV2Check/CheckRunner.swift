import AudioMIDIFiles
import CLilv
import Foundation
import LV2Host

/// Runs every check of one plugin, each in a child process: this same program started
/// again in its hidden worker mode (`workerCommand`), so that a plugin that crashes,
/// aborts or hangs takes only that check down. The child gets `timeout` seconds.
public final class CheckRunner {
    /// The hidden subcommand that runs one check: `<executable> check-worker URI --check NAME --seed N --report FILE [--quick]`.
    public static let workerCommand = "check-worker"

    public let uri: String
    public let name: String
    public let seed: UInt64
    public let quick: Bool
    public let timeout: Double
    private let executable: String
    /// A folder of links to the plugin's bundles (the children's `LV2_PATH`, so that
    /// each loads one plugin's Turtle rather than every installed bundle) and their
    /// reports; it lasts as long as `run`.
    private let folder: URL

    /// Throws when no plugin has the URI.
    public init(uri: String, world: LV2World, executable: String, seed: UInt64, quick: Bool, timeout: Double) throws {
        guard let plugin = world.lilvPlugin(uri: uri) else {
            throw HostError("No plugin with URI \(uri) was found on the LV2 path (\(world.searchPath.joined(separator: ":"))).")
        }
        self.uri = uri
        // The name and the data files only: lilv never reads the ports here (a bundle
        // with a bad port index makes lilv crash, and that belongs in a child).
        name = takeString(lilv_plugin_get_name(plugin)) ?? uri
        self.executable = executable
        self.seed = seed
        self.quick = quick
        self.timeout = timeout
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lv2render-check-\(getpid())-\(UUID().uuidString)")
        let dataFiles = forEach(lilv_plugin_get_data_uris(plugin)) { filePath($0) }.compactMap { $0 }
        let folders = dataFiles.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            + [filePath(lilv_plugin_get_bundle_uri(plugin))].compactMap { $0 }.map { URL(fileURLWithPath: $0) }
        bundles = Set(folders.map(\.standardizedFileURL.path)).sorted()
    }

    /// The folders holding the plugin's binary and Turtle files.
    private let bundles: [String]

    /// Runs `checks` in order, handing each result to `report` as it comes.
    public func run(_ checks: [PluginCheck] = PluginCheck.allCases, report: (CheckResult) -> Void = { _ in }) throws -> [CheckResult] {
        let lv2Path = folder.appendingPathComponent("lv2")
        try FileManager.default.createDirectory(at: lv2Path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, bundle) in bundles.enumerated() {
            let link = lv2Path.appendingPathComponent("\(index)-" + URL(fileURLWithPath: bundle).lastPathComponent)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: URL(fileURLWithPath: bundle))
        }
        return checks.map { check in
            let started = Date()
            var result = run(check)
            result.seconds = Date().timeIntervalSince(started)
            report(result)
            return result
        }
    }

    private func run(_ check: PluginCheck) -> CheckResult {
        let reportFile = folder.appendingPathComponent("\(check.rawValue).report")
        let errorFile = folder.appendingPathComponent("\(check.rawValue).err")
        func failure(_ text: String) -> CheckResult { CheckResult(check: check.rawValue, outcome: .fail, detail: text) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [Self.workerCommand, uri, "--check", check.rawValue, "--seed", String(seed),
                             "--report", reportFile.path] + (quick ? ["--quick"] : [])
        var environment = ProcessInfo.processInfo.environment
        environment["LV2_PATH"] = folder.appendingPathComponent("lv2").path
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash is reported here, in one line
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            for file in [reportFile, errorFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
            process.standardError = try FileHandle(forWritingTo: errorFile)
            let finished = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in finished.signal() }
            try process.run()
            let hung = finished.wait(timeout: .now() + timeout) == .timedOut
            if hung {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
            let lines = (try? String(contentsOf: reportFile, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            let step = lines.last { $0.hasPrefix("step ") }.map { String($0.dropFirst(5)) }
            let during = step.map { " while \($0)" } ?? ""
            if hung {
                return failure("hung: no answer within \(timeout.compactDescription) s\(during)")
            }
            if process.terminationReason == .uncaughtSignal {
                let signal = process.terminationStatus
                let verb = signal == SIGABRT ? "aborted" : "crashed"
                return failure("\(verb) (\(Self.signalName(signal)))\(during)\(lastLine(of: errorFile).map { ": \($0)" } ?? "")")
            }
            if let line = lines.last(where: { $0.hasPrefix("result ") }),
               let result = try? JSONDecoder().decode(CheckResult.self, from: Data(line.dropFirst(7).utf8)) {
                return result
            }
            let said = lastLine(of: errorFile).map { ": \($0)" } ?? ""
            return failure("the check's process exited with status \(process.terminationStatus) and no result\(during)\(said)")
        } catch {
            return failure("the check's process could not be started (\(error))")
        }
    }

    /// The last line the child wrote to stderr, shortened.
    private func lastLine(of file: URL) -> String? {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces), !line.isEmpty else { return nil }
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                      SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM"]
        return names[signal] ?? "signal \(signal)"
    }
}
