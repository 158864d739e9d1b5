import LV2Host

/// The same input gives the same output: twice from fresh instances, in random block
/// schedules and with shared (in-place) buffers, each compared with 512-frame blocks.
enum DeterminismCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        guard context.hasAudioOutput else {
            return CheckResult(check: PluginCheck.determinism.rawValue, outcome: .skip, detail: "the plugin has no audio outputs to compare")
        }
        var findings = Findings()
        let stimulus = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.5, full: 4),
                                         sampleRate: context.sampleRate, random: &context.random)
        func render(_ what: String, inPlace: Bool = false, nextBlock: () -> Int = { 512 }) throws -> [[Float]] {
            let instance = try context.instance()
            instance.connectsInPlace = inPlace
            context.step("rendering \(what)", frames: stimulus.frames)
            instance.activate()
            return context.play(instance, stimulus, nextBlock: nextBlock)
        }
        func compare(_ output: [[Float]], _ what: String, with reference: [[Float]]) {
            guard let deviation = Deviation.largest(output, reference) else { return }
            if deviation.isAudible {
                findings.warn("\(what) differs from 512-frame blocks: \(deviation.description)")
            } else {
                findings.note("\(what) differs by at most \(deviation.difference), within the tolerance")
            }
        }

        let reference = try render("512-frame blocks")
        let again = try render("512-frame blocks again, in a fresh instance")
        if let deviation = Deviation.largest(again, reference), deviation.isAudible {
            findings.warn("two fresh instances given the same input differ: \(deviation.description) (block schedules not compared)")
            return context.result(findings)
        }
        let schedules = context.quick ? 2 : 8
        for schedule in 1...schedules {
            var random = SplitMix64(seed: context.random.next())
            // The first cuts very short blocks; all keep to the plugin's bufsz:minBlockLength.
            let longest = max(schedule == 1 ? 16 : context.maxBlockLength, context.blockLengths.lowerBound)
            let name = "random block schedule \(schedule) (\(context.blockLengths.lowerBound) to \(longest) frames)"
            let output = try render(name) { context.randomBlock(upTo: longest, &random) }
            compare(output, name, with: reference)
        }
        if context.plugin.isInPlaceBroken {
            findings.note("in-place not tried: the plugin declares lv2:inPlaceBroken")
        } else if context.hasAudioInput {
            compare(try render("in place", inPlace: true), "in place (outputs sharing the inputs' buffers)", with: reference)
        }
        if findings.notes.isEmpty {
            findings.note("identical over a repeat, \(schedules) random block schedules\(context.hasAudioInput && !context.plugin.isInPlaceBroken ? " and in place" : "")")
        }
        return context.result(findings)
    }
}
