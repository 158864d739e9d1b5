import HostFiles
import CHostSupport
import CLilv
import Foundation
import LV2Host

/// Runs every check of one plugin, each in a child process: this same program started
/// again in its hidden worker mode (`workerCommand`), so that a plugin that crashes,
/// aborts or hangs takes only that check down. The child gets `timeout` seconds.
public final class CheckRunner {
    /// The hidden subcommand that runs one check:
    /// `<executable> check-worker URI --check NAME --seed N --report FILE --level LEVEL [--quick] [--set NAME=VALUE]… [--state DIR]`.
    public static let workerCommand = "check-worker"

    public let uri: String
    public let name: String
    public let seed: UInt64
    public let quick: Bool
    public let timeout: Double
    public let level: CheckLevel
    /// `--set NAME=VALUE` arguments and a state directory, handed on to each child as they are.
    public let settings: [String]
    public let statePath: String?
    private let executable: String
    /// Whether the workers read dynamic manifests, as the world the plugin was found in did.
    private let dynamicManifests: Bool
    /// A folder of links to the plugin's bundles (the children's `LV2_PATH`, so that
    /// each loads one plugin's Turtle rather than every installed bundle) and their
    /// reports; it lasts as long as `run`.
    private let folder: URL

    /// Throws when no plugin has the URI.
    public init(uri: String, world: LV2World, executable: String, seed: UInt64, quick: Bool, level: CheckLevel = .standard,
                timeout: Double, settings: [String] = [], statePath: String? = nil) throws {
        guard let plugin = world.lilvPlugin(uri: uri) else {
            throw HostError("No plugin with URI \(uri) was found on the LV2 path (\(world.searchPath.joined(separator: ":"))).")
        }
        self.uri = uri
        // The name and the data files only: lilv never reads the ports here (a bundle
        // with a bad port index makes lilv crash, and that belongs in a child).
        name = takeString(lilv_plugin_get_name(plugin)) ?? uri
        self.executable = executable
        dynamicManifests = world.dynamicManifests
        self.seed = seed
        self.quick = quick
        self.timeout = timeout
        self.level = level
        self.settings = settings
        self.statePath = statePath
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lv2render-check-\(getpid())-\(UUID().uuidString)")
        let dataFiles = forEach(lilv_plugin_get_data_uris(plugin)) { filePath($0) }.compactMap { $0 }
        let folders = dataFiles.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            + [filePath(lilv_plugin_get_bundle_uri(plugin))].compactMap { $0 }.map { URL(fileURLWithPath: $0) }
        bundles = Set(folders.map(\.standardizedFileURL.path)).sorted()
    }

    /// The folders holding the plugin's binary and Turtle files.
    private let bundles: [String]
    /// Each bundle's link in the children's LV2 path, and the bundle: details name the bundle.
    private var links: [(link: String, bundle: String)] = []

    /// Runs `checks` in order, handing each result to `report` as it comes.
    public func run(_ checks: [PluginCheck] = PluginCheck.allCases, report: (CheckResult) -> Void = { _ in }) throws -> [CheckResult] {
        let lv2Path = folder.appendingPathComponent("lv2")
        try FileManager.default.createDirectory(at: lv2Path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, bundle) in bundles.enumerated() {
            let link = lv2Path.appendingPathComponent("\(index)-" + URL(fileURLWithPath: bundle).lastPathComponent)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: URL(fileURLWithPath: bundle))
            links.append((link.path, bundle))
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        let options: [String] = (quick ? ["--quick"] : []) + (dynamicManifests ? ["--dyn-manifest"] : [])
        process.arguments = [Self.workerCommand, uri, "--check", check.rawValue, "--seed", String(seed),
                             "--report", reportFile.path, "--level", level.rawValue] + options
            + settings.flatMap { ["--set", ByteName.forChildProcess($0)] } + (statePath.map { ["--state", ByteName.forChildProcess($0)] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["LV2_PATH"] = folder.appendingPathComponent("lv2").path
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash is reported here, in one line
        // Foundation starts the worker in a process group of its own, where a terminal's
        // Ctrl-C does not reach: it ends with us instead (lv2render's main.swift).
        environment[LV2RENDER_PARENT_VARIABLE] = String(getpid())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            for file in [reportFile, errorFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
            process.standardError = try FileHandle(forWritingTo: errorFile)
            let finished = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in finished.signal() }
            let report = WorkerReport(path: reportFile.path, started: Date())
            try process.run()
            // A step may take the time limit plus four times the work it announced (frames
            // times the cost of a frame so far, instances times the cost of one): a plugin
            // is called hung when a step overruns that, not when the check is long.
            var hungAfter: Double?
            while finished.wait(timeout: .now() + 0.1) == .timedOut {
                report.update()
                let allowance = timeout + 4 * report.step.budget
                if Date().timeIntervalSince(report.step.seen) > allowance {
                    hungAfter = allowance
                    kill(process.processIdentifier, SIGKILL)
                    finished.wait()
                    break
                }
            }
            report.update()
            let during = " while \(report.step.text)"
            if let hungAfter {
                return installedPaths(ending(check, "hung: no answer within \(Int(hungAfter.rounded())) s\(during)", report))
            }
            if process.terminationReason == .uncaughtSignal {
                let signal = process.terminationStatus
                let verb = signal == SIGABRT ? "aborted" : "crashed"
                // A fault says nothing of itself: only a line that explains one is quoted, never
                // whatever the plugin printed before (padthv1's Qt warnings).
                let said = diagnosticLine(of: errorFile, onlyTelling: signal != SIGABRT).map { ": \($0)" } ?? ""
                return installedPaths(ending(check, "\(verb) (\(Self.signalName(signal)))\(during)\(said)", report))
            }
            if let result = report.result {
                return installedPaths(result)
            }
            let said = diagnosticLine(of: errorFile).map { ": \($0)" } ?? ""
            return installedPaths(ending(check, "the check's process exited with status \(process.terminationStatus) and no result\(during)\(said)", report))
        } catch {
            return CheckResult(check: check.rawValue, outcome: .fail, detail: "the check's process could not be started (\(error))")
        }
    }

    /// A check that ended in a crash or a hang. In a strict probe, below --strict, it is a
    /// warning, and what the check found before the strict probes still counts.
    private func ending(_ check: PluginCheck, _ text: String, _ report: WorkerReport) -> CheckResult {
        // The cost is reported, never a failure: a crash there is the other checks' to fail.
        if check == .cost { return CheckResult(check: check.rawValue, outcome: .warn, detail: "not measured: " + text) }
        guard report.step.strict else { return CheckResult(check: check.rawValue, outcome: .fail, detail: text) }
        let marked = "strict: " + text
        if level == .strict { return CheckResult(check: check.rawValue, outcome: .fail, detail: marked) }
        if let partial = report.partial, partial.outcome == .fail {
            return CheckResult(check: check.rawValue, outcome: .fail, detail: partial.detail + "; then " + marked, strictOutcome: .fail)
        }
        return CheckResult(check: check.rawValue, outcome: .warn, detail: marked, strictOutcome: .fail)
    }

    /// The result with the children's links replaced by the bundles as installed.
    private func installedPaths(_ result: CheckResult) -> CheckResult {
        var detail = result.detail
        for (link, bundle) in links { detail = detail.replacingOccurrences(of: link, with: bundle) }
        detail = detail.replacingOccurrences(of: folder.path + "/", with: "")
        var copy = CheckResult(check: result.check, outcome: result.outcome, detail: detail, strictOutcome: result.strictOutcome)
        copy.seconds = result.seconds
        return copy
    }

    /// What the child said on stderr that a developer can act on: an assertion, a
    /// `Fatal error`, an exception's message or the runtime's account of a fault if there is
    /// one, else (unless `onlyTelling`) its last line that is not a backtrace frame; shortened,
    /// without the program's name in front.
    private func diagnosticLine(of file: URL, onlyTelling: Bool = false) -> String? {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let telling = ["Assertion", "assertion", "Fatal error", "terminate called", "what():", "panicked", "error:", "undefined symbol",
                       "Program crashed"]
        func isFrame(_ line: String) -> Bool {
            let first = line.split(separator: " ").first.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "#")) } ?? ""
            return Int(first) != nil || line.hasPrefix("0x") || line.hasPrefix("[0x") || line.hasPrefix("at ")
                || ["Current stack trace", "Stack dump", "Backtrace", "Thread ", "***"].contains { line.hasPrefix($0) }
        }
        guard var line = lines.last(where: { line in telling.contains { line.contains($0) } })
                ?? (onlyTelling ? nil : lines.last(where: { !isFrame($0) }))
        else { return nil }
        let program = URL(fileURLWithPath: executable).lastPathComponent + ": "
        if line.hasPrefix(program) { line.removeFirst(program.count) }
        return line.count > 240 ? String(line.prefix(240)) + "…" : line
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                      SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM"]
        return names[signal] ?? "signal \(signal)"
    }
}
