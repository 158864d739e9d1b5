import CHostSupport
import Foundation
import LV2Check
import LV2Host

/// The child side of `LV2TestPlugin.assertPassesChecks`: `CheckRunner` starts the test
/// executable again as `EXECUTABLE check-worker URI --check NAME --seed N --report FILE
/// --level LEVEL [--quick] [--set NAME=VALUE]… [--state DIR]`, and CLV2TestKitWorker's constructor calls this before
/// XCTest's main: it runs the one check, as lv2render's worker does, and exits.
@_cdecl("lv2testkit_check_worker_main")
func checkWorkerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) {
    // The worker ends with the test that started it, however that ends.
    if let parent = ProcessInfo.processInfo.environment[LV2RENDER_PARENT_VARIABLE].flatMap({ pid_t($0) }) {
        unsetenv(LV2RENDER_PARENT_VARIABLE)
        stop_with_parent(parent)
    }
    var noCoreDump = rlimit(rlim_cur: 0, rlim_max: 0)
    setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCoreDump)  // a plugin's crash is the report, not a core file
    let arguments = (0..<Int(argc)).map { String(cString: argv![$0]!) }
    guard let request = CheckWorkerArguments(arguments) else {
        FileHandle.standardError.write(Data("The check worker was started with arguments it does not understand: \(arguments.dropFirst().joined(separator: " "))\n".utf8))
        exit(2)
    }
    let progress = CheckProgress(path: request.report)
    progress.finish(CheckWorker.run(request.check, uri: request.uri, seed: request.seed, quick: request.quick, level: request.level,
                                    stage: request.stage,
                                    progress: progress))
    exit(0)
}

/// What `CheckRunner` puts on its child's command line, read back.
struct CheckWorkerArguments {
    var uri: String
    var check: PluginCheck
    var seed: UInt64
    var report: String?
    var level: CheckLevel = .standard
    var quick = false
    var state: String?
    /// `NAME=VALUE`, as lv2render's `--set` takes it.
    var settings: [StageSetting] = []

    /// What every instance gets after its default state, as `LV2TestPlugin.render` sets it up.
    func stage(of plugin: PluginInfo) throws -> RenderStage? {
        guard state != nil || !settings.isEmpty else { return nil }
        var stage = RenderStage(plugin: plugin, statePath: state)
        for setting in settings { try stage.set(setting) }
        return stage
    }

    init?(_ arguments: [String]) {
        guard arguments.count > 2, arguments[1] == CheckRunner.workerCommand else { return nil }
        uri = arguments[2]
        var check: PluginCheck?, seed: UInt64?
        var rest = arguments.dropFirst(3)
        while let option = rest.popFirst() {
            if option == "--quick" {
                quick = true
                continue
            }
            guard let value = rest.popFirst() else { return nil }
            switch option {
            case "--check": check = PluginCheck(rawValue: value)
            case "--seed": seed = UInt64(value)
            case "--report": report = value
            case "--level": guard let level = CheckLevel(rawValue: value) else { return nil }; self.level = level
            case "--state": state = value
            case "--set":
                guard let equals = value.firstIndex(of: "=") else { return nil }
                settings.append(StageSetting(String(value[..<equals]), String(value[value.index(after: equals)...])))
            default: return nil
            }
        }
        guard let check, let seed else { return nil }
        self.check = check
        self.seed = seed
    }
}
