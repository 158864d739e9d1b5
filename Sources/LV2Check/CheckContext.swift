import Foundation
import LV2Host

/// What every check of one plugin shares inside the worker process: the plugin, the
/// seeded randomness, the run's length, and a way to tell the parent what is under way
/// (so that a crash or a hang is reported with the step it happened in).
final class CheckContext {
    let plugin: PluginInfo
    let world: LV2World
    let quick: Bool
    let sampleRate = 48000.0
    /// The longest block any check runs; random schedules go up to it.
    let maxBlockLength = 4096
    /// Seeded per check, so one check's replay does not depend on the others.
    var random: SplitMix64
    private let progress: CheckProgress

    init(plugin: PluginInfo, world: LV2World, check: PluginCheck, seed: UInt64, quick: Bool, progress: CheckProgress) {
        self.plugin = plugin
        self.world = world
        self.quick = quick
        self.progress = progress
        // FNV-1a of the check's name: the same on every run (Swift's hashValue is not).
        let salt = check.rawValue.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        random = SplitMix64(seed: seed ^ salt)
    }

    /// Records what is about to run; a crash or hang from here on is reported with it.
    func step(_ text: String) {
        progress.step(text)
    }

    /// `quick` or `full` frames, by the run's length.
    func frames(quick quickSeconds: Double, full fullSeconds: Double) -> Int {
        Int((quick ? quickSeconds : fullSeconds) * sampleRate)
    }

    /// A fresh, instantiated instance at the check rate (or `rate`), with its default state.
    func instance(rate: Double? = nil) throws -> PluginInstance {
        let instance = try PluginInstance(plugin: plugin, sampleRate: rate ?? sampleRate, maxBlockLength: maxBlockLength,
                                          nominalBlockLength: 512, urids: world.urids)
        try world.loadDefaultState(into: instance)
        return instance
    }

    var controlInputs: [PortInfo] { plugin.ports(.control, input: true) }
    var hasAudioInput: Bool { !plugin.ports(.audio, input: true).isEmpty }
    var hasAudioOutput: Bool { !plugin.ports(.audio, input: false).isEmpty }
}

/// The worker's side of the report file: one line per step, then the result.
/// Each line is written straight to the file (no buffer), so a crash loses nothing.
public final class CheckProgress {
    private let handle: FileHandle?

    public init(path: String?) {
        handle = path.flatMap { FileHandle(forWritingAtPath: $0) }
    }

    func step(_ text: String) {
        write("step " + text.replacingOccurrences(of: "\n", with: " "))
    }

    public func finish(_ result: CheckResult) {
        let data = (try? JSONEncoder().encode(result)) ?? Data()
        write("result " + String(decoding: data, as: UTF8.self))
    }

    private func write(_ line: String) {
        if let handle {
            handle.write(Data((line + "\n").utf8))
        } else {
            print(line)
        }
    }
}
