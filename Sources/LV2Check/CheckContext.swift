import CLilv
import Foundation
import LV2Host

/// What every check of one plugin shares inside the worker process: the plugin, the
/// seeded randomness, the run's length and level, what one render costs, and a way to
/// tell the parent what is under way (so that a crash or a hang is reported with the
/// step it happened in, and a step is given time in proportion to its work).
final class CheckContext {
    let plugin: PluginInfo
    let world: LV2World
    let quick: Bool
    let level: CheckLevel
    let check: PluginCheck
    /// What `check --set` and `--state` ask of every instance, after its default state.
    let stage: RenderStage?
    let sampleRate = 48000.0
    /// The longest block any check runs; random schedules go up to it.
    let maxBlockLength = 4096
    /// Seeded per check, so one check's replay does not depend on the others.
    var random: SplitMix64
    private let progress: CheckProgress
    /// Wall-clock seconds per frame of the slowest render so far, and per instantiation:
    /// each step announces its work in these terms, and the parent waits that much longer.
    private var secondsPerFrame = 0.0
    private var secondsPerInstance = 0.0
    /// Whether the probes only a careless host sends have begun (`beginStrictProbes`).
    private(set) var inStrictProbes = false

    init(plugin: PluginInfo, world: LV2World, check: PluginCheck, seed: UInt64, quick: Bool, level: CheckLevel,
         stage: RenderStage? = nil, progress: CheckProgress) {
        self.stage = stage
        self.plugin = plugin
        self.world = world
        self.quick = quick
        self.level = level
        self.check = check
        self.progress = progress
        // FNV-1a of the check's name: the same on every run (Swift's hashValue is not).
        let salt = check.rawValue.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        random = SplitMix64(seed: seed ^ salt)
    }

    /// Records what is about to run, and how much work it is (frames rendered, instances
    /// made); a crash or hang from here on is reported with it.
    func step(_ text: String, frames: Int = 0, instances: Int = 0) {
        let budget = Double(frames) * secondsPerFrame + Double(instances) * secondsPerInstance
        progress.step(text, budget: budget, strict: inStrictProbes)
    }

    /// From here on the check sends what only a careless or broken host sends. What it
    /// found so far is recorded first, so a crash among the strict probes keeps it.
    func beginStrictProbes(_ findings: Findings) {
        progress.partial(findings.result(check, level: level))
        inStrictProbes = true
    }

    /// The check's result from its findings, at the run's level.
    func result(_ findings: Findings) -> CheckResult {
        findings.result(check, level: level)
    }

    /// `quick` or `full` frames, by the run's length.
    func frames(quick quickSeconds: Double, full fullSeconds: Double) -> Int {
        Int((quick ? quickSeconds : fullSeconds) * sampleRate)
    }

    /// A fresh, instantiated instance at the check rate (or `rate`), with its default state
    /// and then the run's `stage` (a parameter is set in an activation of its own, since
    /// only `run` takes it and its worker's load must be over before the check plays).
    /// Its cleanup is a step of its own: plugins crash there too.
    func instance(rate: Double? = nil, step text: String = "instantiating the plugin") throws -> PluginInstance {
        step(text, instances: 1)
        let started = Date()
        let instance = try PluginInstance(plugin: plugin, sampleRate: rate ?? sampleRate, maxBlockLength: maxBlockLength,
                                          nominalBlockLength: 512, urids: world.urids)
        _ = try world.loadDefaultState(into: instance)
        if let stage {
            _ = try stage.setUp(instance, in: world)
            if !stage.parameters.isEmpty {
                instance.activate()
                try stage.setParameters(of: instance)
                instance.deactivate()
            }
        }
        secondsPerInstance = max(secondsPerInstance, Date().timeIntervalSince(started))
        let progress = progress, strict = inStrictProbes
        instance.willCleanUp = { progress.step("cleanup (deactivate and cleanup of an instance)", budget: 0, strict: strict) }
        return instance
    }

    /// A fresh instance, activated.
    func activeInstance(rate: Double? = nil) throws -> PluginInstance {
        let instance = try instance(rate: rate, step: "instantiating and activating the plugin")
        instance.activate()
        return instance
    }

    /// `instance.play`, timed: what one frame costs sets the time later steps are given.
    func play(_ instance: PluginInstance, _ stimulus: Stimulus, nextBlock: () -> Int = { 512 },
              beforeBlock: (_ start: Int, _ length: Int) -> Void = { _, _ in },
              runBlock: (_ instance: PluginInstance, _ length: Int) -> Void = { $0.run(frames: $1) }) -> [[Float]] {
        let started = Date()
        let output = instance.play(stimulus, minimumBlock: blockLengths.lowerBound, nextBlock: nextBlock,
                                   beforeBlock: beforeBlock, runBlock: runBlock)
        if stimulus.frames >= 512 {
            secondsPerFrame = max(secondsPerFrame, Date().timeIntervalSince(started) / Double(stimulus.frames))
        }
        return output
    }

    /// The block lengths the plugin allows (`bufsz:minBlockLength`, `bufsz:maxBlockLength`
    /// in its description) within the checks' own limit: a host keeps to them.
    lazy var blockLengths: ClosedRange<Int> = {
        func declared(_ uri: String) -> Int? {
            guard let subject = world.lilvPlugin(uri: plugin.uri).map(lilv_plugin_get_uri),
                  let node = lilv_world_get(world.world, subject, world.node(uri), nil) else { return nil }
            defer { lilv_node_free(node) }
            return lilv_node_is_int(node) ? Int(lilv_node_as_int(node)) : nil
        }
        let low = min(max(declared(LV2URI.minBlockLength) ?? 1, 1), maxBlockLength)
        return low...max(low, min(declared(LV2URI.maxBlockLength) ?? maxBlockLength, maxBlockLength))
    }()

    /// A random block length from 1 to `longest` frames, kept to what the plugin allows.
    func randomBlock(upTo longest: Int, _ random: inout SplitMix64) -> Int {
        let length = Int(1 + random.next() % UInt64(max(longest, 1)))
        return min(max(length, blockLengths.lowerBound), blockLengths.upperBound)
    }

    /// The symbols of control inputs marked `lv2:hasStrictBounds`: hosts never send them
    /// values outside their range, so only `--strict` does.
    lazy var strictBoundsSymbols: Set<String> = {
        guard let lilvPlugin = world.lilvPlugin(uri: plugin.uri) else { return [] }
        var symbols: Set<String> = []
        for port in controlInputs {
            guard let lilvPort = lilv_plugin_get_port_by_index(lilvPlugin, UInt32(port.index)) else { continue }
            if lilv_port_has_property(lilvPlugin, lilvPort, world.node(LV2URI.hasStrictBounds)) { symbols.insert(port.symbol) }
        }
        return symbols
    }()

    /// In hertz where a port declares `lv2:sampleRate`, as the instances have them.
    var controlInputs: [PortInfo] { plugin.scaled(toSampleRate: sampleRate).ports(.control, input: true) }
    var hasAudioInput: Bool { !plugin.ports(.audio, input: true).isEmpty }
    var hasAudioOutput: Bool { !plugin.ports(.audio, input: false).isEmpty }
}

/// The worker's side of the report file: one line per step (with the seconds of work it
/// expects, and whether it is a strict probe), a partial result before the strict
/// probes, then the result. Each line is written straight to the file (no buffer), so a
/// crash loses nothing.
public final class CheckProgress {
    private let handle: FileHandle?

    public init(path: String?) {
        handle = path.flatMap { FileHandle(forWritingAtPath: $0) }
    }

    func step(_ text: String, budget: Double, strict: Bool) {
        write("\(strict ? "strict" : "step") \(String(format: "%.3f", budget)) " + text.replacingOccurrences(of: "\n", with: " "))
    }

    func partial(_ result: CheckResult) {
        write("partial " + Self.encode(result))
    }

    public func finish(_ result: CheckResult) {
        write("result " + Self.encode(result))
    }

    private static func encode(_ result: CheckResult) -> String {
        String(decoding: (try? JSONEncoder().encode(result)) ?? Data(), as: UTF8.self)
    }

    private func write(_ line: String) {
        if let handle {
            handle.write(Data((line + "\n").utf8))
        } else {
            print(line)
        }
    }
}
