import LV2Host

/// What hosts do to a plugin's life: other sample rates, activate and deactivate in
/// turn, `run(0)`, runs with only the control ports connected, many instances at once.
enum LifecycleChecks {
    static let rates: [Double] = [22050, 44100, 48000, 96000, 192_000]

    static func rates(_ context: CheckContext) throws -> CheckResult {
        var findings = Findings()
        var refused: [String] = []
        for rate in rates {
            context.step("instantiating at \(Int(rate)) Hz")
            let instance: PluginInstance
            do {
                instance = try context.instance(rate: rate)
            } catch {
                refused.append("\(Int(rate))")
                continue
            }
            context.step("running at \(Int(rate)) Hz")
            instance.activate()
            let stimulus = Stimulus.standard(for: context.plugin, frames: Int(rate / 10), sampleRate: rate, random: &context.random)
            if let bad = OutputScan(instance.play(stimulus)).nonFiniteDescription {
                findings.fail("at \(Int(rate)) Hz \(bad)")
            }
        }
        if refused.count == rates.count {
            findings.fail("the plugin refused every rate")
        } else {
            let refusal = refused.isEmpty ? "" : "; refused \(refused.joined(separator: ", ")) Hz (which is allowed)"
            findings.note("ran at \(rates.count - refused.count) rates\(refusal)")
        }
        return findings.result(.rates)
    }

    static func lifecycle(_ context: CheckContext) throws -> CheckResult {
        var findings = Findings()
        let stimulus = Stimulus.standard(for: context.plugin, frames: 4096, sampleRate: context.sampleRate, random: &context.random)
        func expectFinite(_ outputs: [[Float]], _ when: String) {
            if let bad = OutputScan(outputs).nonFiniteDescription { findings.fail("\(when): \(bad)") }
        }

        context.step("instantiating and cleaning up without activate")
        _ = try context.instance()

        context.step("activate, run, deactivate, activate again, run")
        let instance = try context.instance()
        for round in 1...3 {
            instance.activate()
            expectFinite(instance.play(stimulus), "activation \(round)")
            instance.deactivate()
        }

        context.step("run(0) on an active instance")
        instance.activate()
        instance.run(frames: 0)
        context.step("a block after run(0)")
        expectFinite(instance.play(stimulus), "after run(0)")

        // Atom ports stay connected: LV2 lets a plugin expect every port connected, and a
        // plugin may read its event input even in run(0) (the LV2 book's examples all do).
        context.step("run(0) with the audio and CV ports unconnected (as hosts asking for latency do)")
        let controlsOnly = try context.instance()
        controlsOnly.disconnectSignalPorts()
        controlsOnly.activate()
        controlsOnly.run(frames: 0)
        controlsOnly.deactivate()

        let count = context.quick ? 8 : 32
        context.step("\(count) instances at once, run in turn")
        let instances = try (0..<count).map { _ in try context.instance() }
        instances.forEach { $0.activate() }
        for block in 0..<4 {
            for (index, instance) in instances.enumerated() {
                context.step("instance \(index + 1) of \(count), block \(block + 1)")
                instance.run(frames: 512)
                expectFinite((0..<instance.audioOutputCount).map { Array(instance.audioOutput($0)[..<512]) },
                             "instance \(index + 1) of \(count)")
            }
        }
        findings.note("three activations, run(0), run(0) with no audio connected, and \(count) instances at once")
        return findings.result(.lifecycle)
    }
}
