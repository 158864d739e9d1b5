import LV2Host

/// What hosts do to a plugin's life: other sample rates, activate and deactivate in
/// turn, `run(0)`, many instances at once; and, as a strict probe, `run(0)` with the
/// audio ports connected to NULL, which lv2.h does not allow a host.
enum LifecycleChecks {
    static let rates: [Double] = [22050, 44100, 48000, 96000, 192_000]

    static func rates(_ context: CheckContext) throws -> CheckResult {
        var findings = Findings()
        var refused: [(rate: String, reason: String)] = []
        for rate in rates {
            let instance: PluginInstance
            do {
                instance = try context.instance(rate: rate, step: "instantiating at \(Int(rate)) Hz")
            } catch {
                refused.append(("\(Int(rate))", "\(error)"))
                continue
            }
            context.step("running at \(Int(rate)) Hz", frames: Int(rate / 10))
            instance.activate()
            let stimulus = Stimulus.standard(for: context.plugin, frames: Int(rate / 10), sampleRate: rate, random: &context.random)
            if let bad = OutputScan(context.play(instance, stimulus)).nonFiniteDescription {
                findings.fail("at \(Int(rate)) Hz \(bad)")
            }
        }
        if refused.count == rates.count {
            // The same reason at every rate (a binary that does not load) is said once.
            let reasons = Set(refused.map(\.reason))
            findings.fail(reasons.count == 1 ? "the plugin refused every rate: \(refused[0].reason)"
                                             : "the plugin refused every rate (at \(refused[0].rate) Hz: \(refused[0].reason))")
        } else {
            let refusal = refused.isEmpty ? "" : "; refused \(refused.map(\.rate).joined(separator: ", ")) Hz (which is allowed)"
            findings.note("ran at \(rates.count - refused.count) rates\(refusal)")
        }
        return context.result(findings)
    }

    static func lifecycle(_ context: CheckContext) throws -> CheckResult {
        var findings = Findings()
        let stimulus = Stimulus.standard(for: context.plugin, frames: 4096, sampleRate: context.sampleRate, random: &context.random)
        func expectFinite(_ outputs: [[Float]], _ when: String) {
            if let bad = OutputScan(outputs).nonFiniteDescription { findings.fail("\(when): \(bad)") }
        }

        _ = try context.instance(step: "instantiating, then cleanup without activate")

        let instance = try context.instance()
        for round in 1...3 {
            context.step("activation \(round): activate", frames: 0)
            instance.activate()
            context.step("activation \(round): run", frames: stimulus.frames)
            expectFinite(context.play(instance, stimulus), "activation \(round)")
            context.step("activation \(round): deactivate")
            instance.deactivate()
        }

        context.step("activating again")
        instance.activate()
        context.step("run(0) on an active instance")
        instance.run(frames: 0)
        context.step("a block after run(0)", frames: stimulus.frames)
        expectFinite(context.play(instance, stimulus), "after run(0)")

        let count = context.quick ? 8 : 32
        context.step("\(count) instances at once", instances: count)
        let instances = try (0..<count).map { index in try context.instance(step: "instance \(index + 1) of \(count) at once") }
        for (index, instance) in instances.enumerated() {
            context.step("activating instance \(index + 1) of \(count)")
            instance.activate()
        }
        for block in 0..<4 {
            for (index, instance) in instances.enumerated() {
                context.step("instance \(index + 1) of \(count), block \(block + 1)", frames: 512)
                instance.run(frames: 512)
                expectFinite((0..<instance.audioOutputCount).map { Array(instance.audioOutput($0)[..<512]) },
                             "instance \(index + 1) of \(count)")
            }
        }
        findings.note("three activations, run(0) and \(count) instances at once, every port connected")

        // lv2.h: every port not marked lv2:connectionOptional is connected before run().
        // Carla asks for latency with real buffers; only a careless host sends NULL.
        // Atom ports stay connected (the LV2 book's examples read their event input in run(0)).
        context.beginStrictProbes(findings)
        let controlsOnly = try context.instance()
        controlsOnly.disconnectSignalPorts()
        context.step("run(0) with the audio and CV ports connected to NULL")
        controlsOnly.activate()
        controlsOnly.run(frames: 0)
        controlsOnly.deactivate()
        return context.result(findings)
    }

    /// lilv (and so jalv, Carla, Ardour) unloads a library with its last instance and loads it
    /// again for the next: some libraries cannot take that (drumgizmo asserts after a few
    /// cycles, a-fluidsynth deadlocks). The library is loaded by nothing else in this process.
    static func reload(_ context: CheckContext) throws -> CheckResult {
        var findings = Findings()
        let path = context.plugin.libraryPath
        let cycles = context.quick ? 3 : 6
        let stimulus = Stimulus.standard(for: context.plugin, frames: 2048, sampleRate: context.sampleRate, random: &context.random)
        // The worker opened the library once to see that it loads, and closed it: every load here is a reload.
        for cycle in 1...cycles {
            if PluginLibrary.isLoaded(path: path) {
                findings.note("the library stays loaded once its last instance is freed (it cannot be unloaded), so loading it again was not tried")
                return context.result(findings)
            }
            let step = "instantiating after every instance was freed and the library unloaded and loaded again (load \(cycle + 1) of \(cycles + 1))"
            do {
                let instance = try context.instance(step: step)
                context.step("load \(cycle + 1) of \(cycles + 1): activate, run \(stimulus.frames) frames, deactivate", frames: stimulus.frames)
                instance.activate()
                if let bad = OutputScan(context.play(instance, stimulus)).nonFiniteDescription {
                    findings.fail("after the library was loaded again (load \(cycle + 1) of \(cycles + 1)), \(bad)")
                }
                instance.deactivate()
            }
        }
        if findings.failures.isEmpty {
            findings.note("\(cycles + 1) loads, every instance freed and the library unloaded in between")
        }
        return context.result(findings)
    }
}
