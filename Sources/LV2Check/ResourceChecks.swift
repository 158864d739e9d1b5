import LV2Host
import RTProbe

/// What a plugin takes from its host and does not give back: heap memory across
/// instance lifetimes, and the input buffers it must only read.
enum ResourceChecks {
    static func leaks(_ context: CheckContext) throws -> CheckResult {
        // The library stays loaded between instances, as a host keeps it.
        let library = try PluginLibrary(path: context.plugin.libraryPath)
        let stimulus = Stimulus.standard(for: context.plugin, frames: 2048, sampleRate: context.sampleRate, random: &context.random)
        func cycle(_ what: String) throws {
            let instance = try context.instance(step: "\(what): instantiating")
            context.step("\(what): activate, run \(stimulus.frames) frames, deactivate", frames: stimulus.frames)
            instance.activate()
            _ = context.play(instance, stimulus)
            instance.deactivate()
        }
        for lifetime in 1...10 { try cycle("warming up, lifetime \(lifetime) of 10") }  // caches and arenas reach their working size
        let cycles = context.quick ? 50 : 1000
        let before = rt_probe_heap_in_use()
        for lifetime in 1...cycles { try cycle("lifetime \(lifetime) of \(cycles)") }
        let growth = Int(rt_probe_heap_in_use()) - Int(before)
        withExtendedLifetime(library) {}
        // A fixed allowance for the host's own caches, and 16 bytes a cycle.
        let allowance = max(16 << 10, 16 * cycles)
        let figure = growth >= 0 ? "the heap grew \(growth) bytes over \(cycles) instance lifetimes"
                                 : "the heap shrank by \(-growth) bytes over \(cycles) instance lifetimes"
        if growth > allowance {
            return CheckResult(check: PluginCheck.leaks.rawValue, outcome: .fail,
                               detail: "\(figure), about \(growth / cycles) bytes per instance: a leak")
        }
        return CheckResult(check: PluginCheck.leaks.rawValue, outcome: .pass, detail: figure)
    }

    static func inputBuffers(_ context: CheckContext) throws -> CheckResult {
        var findings = Findings()
        let stimulus = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.25, full: 1),
                                         sampleRate: context.sampleRate, random: &context.random)
        let instance = try context.activeInstance()
        let controls = context.controlInputs
        var blockRandom = SplitMix64(seed: context.random.next())
        context.step("watching the input buffers across runs", frames: stimulus.frames)
        _ = context.play(instance, stimulus, nextBlock: { context.randomBlock(upTo: 1024, &blockRandom) }, runBlock: { instance, length in
            let audio = (0..<instance.audioInputCount).map { Array(instance.audioInput($0)[..<length]) }
            let values = controls.map { try? instance.control($0.symbol) }
            instance.run(frames: length)
            for (channel, written) in audio.enumerated() {
                if let frame = (0..<length).first(where: { instance.audioInput(channel)[$0].bitPattern != written[$0].bitPattern }) {
                    findings.fail("the plugin wrote into audio input \(channel) (frame \(frame) was \(written[frame]), is now \(instance.audioInput(channel)[frame]))")
                }
            }
            for (control, value) in zip(controls, values) where (try? instance.control(control.symbol))?.bitPattern != value?.bitPattern {
                findings.fail("the plugin wrote into its control input \(control.symbol)")
            }
        })
        if findings.failures.isEmpty { findings.note("audio and control inputs untouched") }
        return context.result(findings)
    }
}
