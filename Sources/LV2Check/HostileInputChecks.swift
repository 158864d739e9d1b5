import AudioMIDIFiles
import LV2Host

/// Hostile audio, controls and MIDI, and the sloppy host's sequence headers.
enum HostileInputChecks {
    static func audio(_ context: CheckContext) throws -> CheckResult {
        guard context.hasAudioInput else { return skip(.hostileAudio, "the plugin has no audio inputs") }
        var findings = Findings()
        let frames = context.frames(quick: 0.1, full: 0.5)
        let base = Stimulus.standard(for: context.plugin, frames: frames, sampleRate: context.sampleRate, random: &context.random)
        let noise = Stimulus.noise(frames: frames, amplitude: 0.5, random: &context.random)
        // Clean input afterwards, a second: long enough for a filter or a delay to forget.
        let recovery = Stimulus.audio(Stimulus.noise(frames: Int(context.sampleRate), amplitude: 0.5, random: &context.random),
                                      for: context.plugin)
        // Audio up to full scale and denormals come from real sources; NaN and infinities
        // only from a broken plugin upstream or a careless host: those run last, as strict probes.
        let signals = HostileInput.signals(frames: frames, sampleRate: context.sampleRate, noise: noise)
        for signal in signals.filter(\.isFinite) + signals.filter({ !$0.isFinite }) {
            if !signal.isFinite, !context.inStrictProbes { context.beginStrictProbes(findings) }
            let instance = try context.activeInstance()
            context.step("playing \(signal.name) into every audio input", frames: frames)
            let scan = OutputScan(context.play(instance, base.withAudio(signal.samples)))
            if let bad = scan.nonFiniteDescription {
                if signal.isFinite {
                    findings.fail("with \(signal.name) in, \(bad)")
                } else {
                    findings.note("passes \(signal.name) through as it came")
                }
            } else if signal.isFinite, !signal.samples.contains(where: \.isSubnormal), let tiny = scan.denormalDescription {
                findings.warn("with \(signal.name) in, \(tiny), a denormal")
            }
            context.step("playing clean noise after \(signal.name)", frames: recovery.frames)
            let after = context.play(instance, recovery)
            let settled = OutputScan(after, from: after.first.map { $0.count / 2 } ?? 0)
            if let bad = settled.nonFiniteDescription {
                findings.fail("after \(signal.name), clean input still gives non-finite output (\(bad), half a second on)",
                              strict: !signal.isFinite)
            }
        }
        if findings.notes.isEmpty { findings.note("finite output for every signal, and afterwards") }
        return context.result(findings)
    }

    static func controls(_ context: CheckContext) throws -> CheckResult {
        let controls = context.controlInputs
        guard !controls.isEmpty else { return skip(.hostileControls, "the plugin has no control inputs") }
        var findings = Findings()
        let stimulus = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.05, full: 0.2),
                                         sampleRate: context.sampleRate, random: &context.random)
        func probe(_ values: (PortInfo) -> [(label: String, value: Float)], strict: Bool) throws {
            for control in controls {
                let values = values(control)
                guard !values.isEmpty else { continue }
                let instance = try context.activeInstance()
                var previous: Float?
                for (label, value) in values {
                    // What hangs or breaks a plugin may be the move, not the value (TAP Reflector).
                    let moved = previous.map { ", moved there from \($0.compactDescription) while running" } ?? ""
                    previous = value
                    let what = "\(control.symbol) \(label)\(moved)"
                    context.step("rendering with \(what)", frames: stimulus.frames)
                    try instance.setControlUnchecked(control.symbol, value)
                    let scan = OutputScan(context.play(instance, stimulus))
                    if let bad = scan.nonFiniteDescription {
                        findings.fail("with \(what), \(bad)", strict: strict)
                    } else if let tiny = scan.denormalDescription {
                        findings.warn("with \(what), \(tiny), a denormal")
                    }
                }
            }
        }
        try probe(inRangeValues, strict: false)

        let automation = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.25, full: 2),
                                           sampleRate: context.sampleRate, random: &context.random)
        let instance = try context.activeInstance()
        var random = SplitMix64(seed: context.random.next())
        var blockRandom = SplitMix64(seed: context.random.next())
        let output = context.play(instance, automation, nextBlock: { context.randomBlock(upTo: 1024, &blockRandom) },
                                  beforeBlock: { start, length in
            for control in controls {
                try? instance.setControlUnchecked(control.symbol, randomValue(for: control, &random))
            }
            context.step("random automation of every control, the block at frame \(start)", frames: length)
        })
        if let bad = OutputScan(output).nonFiniteDescription {
            findings.fail("under random automation (seeded), \(bad)")
        }

        // Hosts keep controls in range; lv2:hasStrictBounds says so outright, so below
        // --strict those ports get nothing outside it, not even as a strict probe.
        context.beginStrictProbes(findings)
        let strictBounds = context.level == .strict ? [] : context.strictBoundsSymbols
        try probe({ strictBounds.contains($0.symbol) ? [] : outOfRangeValues(for: $0) }, strict: true)
        if findings.notes.isEmpty {
            let spared = strictBounds.isEmpty ? "" : " (\(strictBounds.count) with lv2:hasStrictBounds kept in range)"
            findings.note("\(controls.count) control\(controls.count == 1 ? "" : "s") at their default and extremes and under "
                          + "random automation; out of range, infinite and NaN as strict probes\(spared)")
        }
        return context.result(findings)
    }

    /// What a host sends: the default, the minimum and the maximum.
    static func inRangeValues(for control: PortInfo) -> [(label: String, value: Float)] {
        var values: [(String, Float)] = [("at its default (\(control.initialValue.compactDescription))", control.initialValue)]
        if let minimum = control.minimum, minimum.isFinite { values.append(("at its minimum (\(minimum.compactDescription))", minimum)) }
        if let maximum = control.maximum, maximum.isFinite { values.append(("at its maximum (\(maximum.compactDescription))", maximum)) }
        return values
    }

    /// What only a careless host sends: below and above the range by its span, the
    /// infinities, then NaN (last, as the value most likely to poison what follows).
    static func outOfRangeValues(for control: PortInfo) -> [(label: String, value: Float)] {
        var values: [(String, Float)] = []
        let span = max((control.maximum ?? 1) - (control.minimum ?? 0), 1)
        if let minimum = control.minimum, minimum.isFinite {
            values.append(("below its range (\((minimum - span).compactDescription))", minimum - span))
        }
        if let maximum = control.maximum, maximum.isFinite {
            values.append(("above its range (\((maximum + span).compactDescription))", maximum + span))
        }
        return values + [("at +inf", .infinity), ("at -inf", -.infinity), ("at NaN", .nan)]
    }

    /// Anywhere in the control's range: a scale point, a whole number, on or off, as it declares.
    static func randomValue(for control: PortInfo, _ random: inout SplitMix64) -> Float {
        if control.isEnumeration, !control.scalePoints.isEmpty {
            return control.scalePoints[Int(random.next() % UInt64(control.scalePoints.count))].value
        }
        let low = control.minimum ?? 0, high = max(control.maximum ?? 1, low)
        let value = low == high ? low : Float.random(in: low...high, using: &random)
        return control.isToggled ? (value > (low + high) / 2 ? high : low) : control.isInteger ? value.rounded() : value
    }

    static func midi(_ context: CheckContext) throws -> CheckResult {
        guard context.plugin.midiInput?.supportsMIDI == true else { return skip(.hostileMIDI, "the plugin has no MIDI input") }
        var findings = Findings()
        let stimulus = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.5, full: 2),
                                         sampleRate: context.sampleRate, random: &context.random)
        let instance = try context.activeInstance()
        var random = SplitMix64(seed: context.random.next())
        let output = context.play(instance, stimulus, beforeBlock: { start, length in
            context.step("garbage MIDI in the block at frame \(start)", frames: length)
            // The sequence must stay in time order: garbage goes after the block's notes.
            instance.addMIDIEvents(garbageMIDI(count: 16, &random), from: length - 1)
        })
        if let bad = OutputScan(output).nonFiniteDescription {
            findings.fail("with garbage MIDI in, \(bad)")
        } else {
            findings.note("finite output with 16 garbage events in every block")
        }
        return context.result(findings)
    }

    /// Random bytes of random lengths (0 to 12), and messages that are valid but extreme.
    static func garbageMIDI(count: Int, _ random: inout SplitMix64) -> [[UInt8]] {
        let extreme: [[UInt8]] = [[0x9F, 127, 127], [0xEF, 127, 127], [0xE0, 0, 0], [0xF0, 0x7E, 0x7F], [0xF7], [0xFF],
                                  [0xB0, 121, 0], [0xB0, 123, 0], [0xC0], [0x90], [0x80, 200, 200], []]
        return (0..<count).map { _ in
            if random.next() % 3 == 0 { return extreme[Int(random.next() % UInt64(extreme.count))] }
            return (0..<Int(random.next() % 13)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
    }

    static func sloppyHost(_ context: CheckContext) throws -> CheckResult {
        guard !context.plugin.ports(.atom, input: true).isEmpty else { return skip(.sloppyHost, "the plugin has no atom inputs") }
        guard context.hasAudioOutput else { return skip(.sloppyHost, "the plugin has no audio outputs to compare") }
        var findings = Findings()
        let stimulus = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.5, full: 2),
                                         sampleRate: context.sampleRate, random: &context.random)
        // Whatever malloc left: any numbers but the frame units (0 and atom:frameTime's URID, which is small).
        let garbage = (unit: UInt32(0x1000) + UInt32(truncatingIfNeeded: context.random.next() % 0xFFFF_0000),
                       pad: UInt32(truncatingIfNeeded: context.random.next()))
        func render(sloppy: Bool) throws -> [[Float]] {
            let instance = try context.instance()
            if sloppy { instance.sloppySequenceHeader = garbage }
            context.step(sloppy ? "rendering sequences with unit \(garbage.unit) and pad \(garbage.pad)"
                                : "rendering sequences with clean headers", frames: stimulus.frames)
            instance.activate()
            return context.play(instance, stimulus)
        }
        let clean = try render(sloppy: false)
        let sloppy = try render(sloppy: true)
        if let bad = OutputScan(sloppy).nonFiniteDescription {
            findings.fail("with garbage in the sequence headers' unit and pad, \(bad)")
        } else if let deviation = Deviation.largest(try render(sloppy: false), clean), deviation.isAudible {
            // Kars draws from a process-wide random generator: its instances differ whatever the headers.
            return skip(.sloppyHost, "two instances with clean headers already differ (\(deviation.description)), so what garbage in them does cannot be told")
        } else if let deviation = Deviation.largest(sloppy, clean), deviation.isAudible {
            findings.warn("with garbage in the sequence headers' unit and pad (as Carla 2.6 leaves them), the output differs from clean headers: \(deviation.description)")
        } else {
            findings.note("the same output with garbage in the sequence headers' unit and pad")
        }
        return context.result(findings)
    }

    static func skip(_ check: PluginCheck, _ reason: String) -> CheckResult {
        CheckResult(check: check.rawValue, outcome: .skip, detail: reason)
    }
}

extension PluginInstance {
    /// Appends MIDI messages at `frame` (garbage included: any bytes at all).
    func addMIDIEvents(_ messages: [[UInt8]], from frame: Int) {
        for bytes in messages { addMIDIEvent(frame: frame, bytes: bytes) }
    }
}
