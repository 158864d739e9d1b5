import CLilv
import Foundation
import LV2Host

/// Runs one check in this process: what the child process of `CheckRunner` does.
public enum CheckWorker {
    /// Loads the plugin from the LV2 path the parent prepared and runs `check`.
    /// Errors the plugin causes (it refuses to instantiate…) become failures. `stage` makes
    /// what every instance gets after its default state (`check --set`, `--state`).
    public static func run(_ check: PluginCheck, uri: String, seed: UInt64, quick: Bool, level: CheckLevel,
                           stage: (PluginInfo) throws -> RenderStage? = { _ in nil }, progress: CheckProgress) -> CheckResult {
        do {
            progress.step("loading the plugin's description with lilv", budget: 0, strict: false)
            let world = try LV2World()
            let plugin = try world.plugin(uri: uri)
            let context = CheckContext(plugin: plugin, world: world, check: check, seed: seed, quick: quick, level: level,
                                       stage: try stage(plugin), progress: progress)
            if check != .metadata, let reason = unrunnableReason(plugin) {
                return CheckResult(check: check.rawValue, outcome: .skip, detail: reason)
            }
            // A binary that does not load fails metadata and rates, which say why; the
            // other checks would only repeat it.
            var library = try? PluginLibrary(path: plugin.libraryPath)
            if check != .metadata, check != .rates, (try? library?.descriptor(uri: plugin.uri)) == nil {
                return CheckResult(check: check.rawValue, outcome: .skip, detail: "the plugin does not load (see metadata)")
            }
            // Loaded through the check, as a host keeps a library between instances: only
            // `reload` lets it go (drumgizmo and a-fluidsynth fail once loaded again).
            if check == .reload { library = nil }
            return try withExtendedLifetime(library) { try run(check, context) }
        } catch {
            return CheckResult(check: check.rawValue, outcome: .fail, detail: "\(error)")
        }
    }

    private static func run(_ check: PluginCheck, _ context: CheckContext) throws -> CheckResult {
        switch check {
        case .metadata: try MetadataCheck.run(context)
        case .rates: try LifecycleChecks.rates(context)
        case .lifecycle: try LifecycleChecks.lifecycle(context)
        case .determinism: try DeterminismCheck.run(context)
        case .hostileAudio: try HostileInputChecks.audio(context)
        case .hostileControls: try HostileInputChecks.controls(context)
        case .hostileMIDI: try HostileInputChecks.midi(context)
        case .sloppyHost: try HostileInputChecks.sloppyHost(context)
        case .realTime: try RealTimeCheck.run(context)
        case .leaks: try ResourceChecks.leaks(context)
        case .reload: try LifecycleChecks.reload(context)
        case .inputBuffers: try ResourceChecks.inputBuffers(context)
        case .latency: try LatencyCheck.run(context)
        case .state: try StateCheck.run(context)
        case .randomState: try RandomStateCheck.run(context)
        case .foreignState: try ForeignStateCheck.run(context)
        case .stateDuringRun: try ConcurrentSaveCheck.run(context)
        case .cost: try CostCheck.run(context)
        }
    }

    /// Why the checks that run the plugin cannot: features lv2render lacks, ports it cannot connect.
    static func unrunnableReason(_ plugin: PluginInfo) -> String? {
        let missing = missingFeatures(plugin)
        if !missing.isEmpty {
            return "requires \(missing.joined(separator: " and ")), which lv2render does not provide yet"
        }
        if !plugin.unsupportedPorts.isEmpty {
            return "has ports lv2render cannot connect: \(plugin.unsupportedPorts.joined(separator: ", "))"
        }
        return nil
    }

    static func missingFeatures(_ plugin: PluginInfo) -> [String] {
        let supported = HostFeatureSet(sampleRate: 48000, minBlockLength: 1, maxBlockLength: 1, nominalBlockLength: 1,
                                        sequenceSize: 256).supportedFeatureURIs
        return plugin.requiredFeatures.filter { !supported.contains($0) }
    }
}
