import ArgumentParser
import HostFiles
import Foundation
import LV2Check
import LV2Host

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a plugin survives what hosts and real-time threads do to it.",
        discussion: """
            Runs each check in a child process with a time limit that grows with the plugin's \
            work, so that a crash, an abort or a hang fails that check and the others still run. \
            At the default level every FAIL is something a real host can do; --strict also fails \
            what only a careless host sends (NaN and infinite controls, values out of range, NaN \
            audio, NULL buffers), which the default level reports as warnings marked "strict:". \
            Exit status: 0 when nothing failed at the chosen level, 1 when a check failed or a \
            plugin cannot be found or loaded (as for render), 2 for a usage error. The checks:
            \(PluginCheck.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))
            """)

    @Argument(help: ArgumentHelp("Plugins: URIs, names or the URIs' last parts when only one plugin has them, or bundle folders whose plugins are all checked.",
                                 valueName: "plugin-or-bundle"))
    var targets: [String]

    @Option(help: ArgumentHelp("The seed of the random inputs and block schedules (default: a new one, printed).", valueName: "n"))
    var seed: UInt64?

    @Flag(help: "Shorter renders and fewer cycles: seconds for a cheap plugin.")
    var quick = false

    @Flag(help: "Also fail what only a careless or broken host sends (NaN, infinite and out-of-range controls, NaN audio, NULL buffers).")
    var strict = false

    @Option(help: ArgumentHelp("Seconds a step of a check may take beyond its measured work before it counts as a hang (default: 10 with --quick, else 30).",
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

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Set a control input, or a parameter by URI, label or the URI's last part, in every instance the checks make (as render --set).",
                               valueName: "name=value"),
            transform: StageSetting.init(argument:))
    var settings: [StageSetting] = []

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Restore a state directory (as jalv and render --save-state write it) into every instance the checks make, before any --set.",
                               valueName: "dir"))
    var state: String?

    @OptionGroup var worldOptions: WorldOptions

    @Flag(help: "Print the results as one JSON object.")
    var json = false

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= 3600) {
            throw ValidationError("--timeout takes seconds between 0 and 3600, not \(timeout).")
        }
        if let junit {
            let folder = URL(fileURLWithPath: junit).deletingLastPathComponent().path
            guard FileManager.default.isFolder(folder) else {
                throw ValidationError("--junit takes a file in an existing folder; \(folder) is not one.")
            }
        }
    }

    func run() throws {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let seed = seed ?? UInt64.random(in: 1...999_999)
        let level: CheckLevel = strict ? .strict : .standard
        // A plugin that cannot be found is status 1, as it is for render.
        let world = try worldOptions.world()
        let uris = try targets.flatMap { target in
            FileManager.default.isFolder(target) ? try CheckTargets.uris([target], world: world) : [try resolvePlugin(target, in: world).uri]
        }
        // Settings are resolved here as render resolves them, so that a wrong name or value
        // is one sentence before any check runs; each child resolves them again.
        if !settings.isEmpty || state != nil {
            for uri in uris {
                if let state { try world.checkState(state, for: uri) }
                _ = try Self.stage(of: try world.plugin(uri: uri), settings: settings, statePath: state)
            }
        }
        let report = try junitTarget(uris: uris, world: world)
        let runners = try uris.map {
            try CheckRunner(uri: $0, world: world, executable: executable, seed: seed, quick: quick, level: level,
                            timeout: timeout ?? (quick ? 10 : 30), settings: settings.map(\.argument), statePath: state)
        }
        var reports: [CheckReport] = []
        for runner in runners {
            var report = CheckReport(uri: runner.uri, name: runner.name, seed: seed, quick: quick, level: level)
            if !json {
                if !reports.isEmpty { print() }
                print(ByteName.showingNames(in: report.header))
            }
            report.results = try runner.run(PluginCheck.allCases.filter { only.isEmpty || only.contains($0) }) { result in
                if !json {
                    print(ByteName.showingNames(in: CheckReport.row(result)))
                    fflush(nil)
                }
            }
            if !json { print(ByteName.showingNames(in: report.footer)) }
            reports.append(report)
        }
        if json {
            print(ByteName.showingNames(in: reports.count == 1 ? reports[0].json : CheckReport.json(reports), json: true))
        } else if reports.count > 1 {
            print("\n" + ByteName.showingNames(in: CheckReport.summary(reports)))
        }
        try flushPrinted()
        try report?.writeWhole(Array(ByteName.showingNames(in: JUnitReport.xml(reports)).utf8), what: "The JUnit report")
        if reports.contains(where: \.failed) { Foundation.exit(1) }
    }

    /// Where --junit writes, refused before any check runs when it is not an .xml file or would
    /// replace a file the checks read (a bundle's files, a --set path, the --state folder).
    private func junitTarget(uris: [String], world: LV2World) throws -> OutputTarget? {
        guard let junit else { return nil }
        let target = try OutputTarget(junit, option: "--junit", extensions: ["xml"], type: "JUnit XML")
        var reads = ReadFiles(reader: "the check")
        for uri in uris {
            let plugin = try world.plugin(uri: uri)
            if let stage = try Self.stage(of: plugin, settings: settings, statePath: state) {
                try reads.addStages([stage], world: world)
            } else {
                reads.addPlugin(plugin, world: world)
            }
        }
        if target.kind != .standardOutput { try reads.checkOutput(target.path, option: "--junit \(junit)") }
        return target
    }

    /// What every instance gets after its default state, or nil when nothing was asked.
    static func stage(of plugin: PluginInfo, settings: [StageSetting], statePath: String?) throws -> RenderStage? {
        guard !settings.isEmpty || statePath != nil else { return nil }
        var stage = RenderStage(plugin: plugin, statePath: statePath)
        try stage.add(settings)
        return stage
    }
}

/// One check in this process, for `CheckRunner`'s child: not for people.
struct CheckWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: CheckRunner.workerCommand, shouldDisplay: false)

    @Argument var uri: String
    @Option var check: PluginCheck
    @Option var seed: UInt64
    @Option var report: String?
    @Option var level: CheckLevel = .standard
    @Flag var quick = false
    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue, transform: StageSetting.init(argument:))
    var settings: [StageSetting] = []
    @Option var state: String?
    @Flag(name: .customLong("dyn-manifest")) var dynamicManifests = false

    func run() throws {
        var noCoreDump = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCoreDump)  // a plugin's crash is the report, not a core file
        let progress = CheckProgress(path: report)
        progress.finish(CheckWorker.run(check, uri: uri, seed: seed, quick: quick, level: level, dynamicManifests: dynamicManifests,
                                            stage: { try CheckCommand.stage(of: $0, settings: settings, statePath: state) },
                                            progress: progress))
    }
}

extension PluginCheck: ExpressibleByArgument {}
extension CheckLevel: ExpressibleByArgument {}

extension FileManager {
    /// Whether `path` names a folder (a bundle, for check).
    func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
