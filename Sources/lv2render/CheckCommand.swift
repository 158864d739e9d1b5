import ArgumentParser
import AudioMIDIFiles
import Foundation
import LV2Check
import LV2Host

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a plugin survives what hosts and real-time threads do to it.",
        discussion: """
            Runs each check in a child process with a time limit, so that a crash, an abort \
            or a hang fails that check and the others still run. Exit status: 0 when \
            nothing failed, 1 when a check failed or the plugin cannot be found or loaded \
            (as for render), 2 for a usage error. The checks:
            \(PluginCheck.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))
            """)

    @Argument(help: "The plugin's URI, or its name or the URI's last part when only one plugin has it.")
    var uri: String

    @Option(help: ArgumentHelp("The seed of the random inputs and block schedules (default: a new one, printed).", valueName: "n"))
    var seed: UInt64?

    @Flag(help: "Shorter renders and fewer cycles: seconds for a cheap plugin.")
    var quick = false

    @Option(help: ArgumentHelp("Seconds each check may take before it counts as a hang (default: 10 with --quick, else 30).",
                               valueName: "seconds"))
    var timeout: Double?

    @Option(name: .customLong("only"), parsing: .upToNextOption,
            help: ArgumentHelp("Run only these checks.", valueName: "check"),
            transform: { argument in
                guard let check = PluginCheck(rawValue: argument) else {
                    throw ValidationError("--only takes check names (\(PluginCheck.allCases.map(\.rawValue).joined(separator: ", "))), not \"\(argument)\".")
                }
                return check
            })
    var only: [PluginCheck] = []

    @Flag(help: "Print the results as one JSON object.")
    var json = false

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= 3600) {
            throw ValidationError("--timeout takes seconds between 0 and 3600, not \(timeout).")
        }
    }

    func run() throws {
        // A plugin that cannot be found is status 1, as it is for render.
        let world = try LV2World.forCommandLine()
        let plugin = try resolvePlugin(uri, in: world)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let runner = try CheckRunner(uri: plugin.uri, world: world, executable: executable, seed: seed ?? UInt64.random(in: 1...999_999),
                                     quick: quick, timeout: timeout ?? (quick ? 10 : 30))
        var report = CheckReport(uri: plugin.uri, name: runner.name, seed: runner.seed, quick: quick)
        if !json { print(report.header) }
        report.results = try runner.run(PluginCheck.allCases.filter { only.isEmpty || only.contains($0) }) { result in
            if !json {
                print(CheckReport.row(result))
                fflush(nil)
            }
        }
        print(json ? report.json : report.footer)
        fflush(nil)
        if report.failed { Foundation.exit(1) }
    }
}

/// One check in this process, for `CheckRunner`'s child: not for people.
struct CheckWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: CheckRunner.workerCommand, shouldDisplay: false)

    @Argument var uri: String
    @Option var check: PluginCheck
    @Option var seed: UInt64
    @Option var report: String?
    @Flag var quick = false

    func run() throws {
        var noCoreDump = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCoreDump)  // a plugin's crash is the report, not a core file
        let progress = CheckProgress(path: report)
        progress.finish(CheckWorker.run(check, uri: uri, seed: seed, quick: quick, progress: progress))
    }
}

extension PluginCheck: ExpressibleByArgument {}
