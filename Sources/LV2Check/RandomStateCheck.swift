import HostFiles
import LV2Host
import CLilv
import Foundation

/// clap-validator's state reproducibility: set every control and parameter at random,
/// save, restore into a fresh instance and render; the output must be what an instance
/// given the same settings directly renders, and saving the restored instance must give
/// the same state again. Otherwise a session reopened in a host does not sound as it was left.
enum RandomStateCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        func skip(_ reason: String) -> CheckResult {
            CheckResult(check: PluginCheck.randomState.rawValue, outcome: .skip, detail: reason)
        }
        let controls = context.controlInputs.filter { $0.designation != LV2URI.freeWheeling }
        let parameters = context.plugin.parameters.filter { $0.isWritable && $0.type != nil && $0.type != .path }
        guard !controls.isEmpty || !parameters.isEmpty else { return skip("the plugin has no control inputs or parameters to set") }
        var random = SplitMix64(seed: context.random.next())
        let controlValues = controls.map { ($0.symbol, HostileInputChecks.randomValue(for: $0, &random)) }
        let parameterValues = parameters.map { ($0, randomValue(for: $0, context, &random)) }
        let settings = [(controls.count, "control"), (parameters.count, "parameter")].filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: " and ")

        // Silence first, long enough for a plugin to glide to its new settings.
        let settle = Stimulus(frames: context.frames(quick: 0.25, full: 0.5), audio: context.plugin.ports(.audio, input: true).map { _ in
            [Float](repeating: 0, count: context.frames(quick: 0.25, full: 0.5))
        }, midi: [])
        let stimulus = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.25, full: 1),
                                         sampleRate: context.sampleRate, random: &context.random)
        func configured() throws -> PluginInstance {
            let instance = try context.instance()
            for (symbol, value) in controlValues { try instance.setControl(symbol, value) }
            return instance
        }
        func settled(_ instance: PluginInstance, setParameters: Bool, _ what: String) {
            context.step("\(what): activate and play silence", frames: settle.frames)
            instance.activate()
            _ = context.play(instance, settle, beforeBlock: { start, _ in
                guard setParameters, start == 0 else { return }
                for (parameter, value) in parameterValues { try? instance.setParameter(parameter, value) }
            })
        }
        func played(_ instance: PluginInstance, _ what: String) -> [[Float]] {
            context.step("\(what): rendering", frames: stimulus.frames)
            return context.play(instance, stimulus)
        }
        func render(_ instance: PluginInstance, setParameters: Bool, _ what: String) -> [[Float]] {
            settled(instance, setParameters: setParameters, what)
            return played(instance, what)
        }

        var findings = Findings()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lv2render-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("saved").path, resaved = folder.appendingPathComponent("resaved").path

        let source = try configured()
        settled(source, setParameters: true, "an instance with \(settings) at random")
        context.step("saving the state of the instance with \(settings) at random")
        try context.world.saveState(of: source, to: saved)
        let restored = try context.instance()
        context.step("restoring it into a fresh instance")
        _ = try context.world.restoreState(saved, into: restored)

        // Saved again once it has taken its state in silence, before the notes play: notes may
        // change what a plugin saves (an arpeggiator's latched chord), rightly.
        if context.hasAudioOutput { settled(restored, setParameters: false, "the restored instance") }
        context.step("saving the restored instance's state")
        try context.world.saveState(of: restored, to: resaved)
        if context.hasAudioOutput {
            let reference = render(try configured(), setParameters: true, "an instance given the settings directly")
            let again = render(try configured(), setParameters: true, "another instance given the settings directly")
            if let deviation = Deviation.largest(again, reference), deviation.isAudible {
                findings.note("two instances given the same settings differ (\(deviation.description)), so the audio after restoring is not compared")
            } else if let deviation = Deviation.largest(played(restored, "the restored instance"), reference), deviation.isAudible {
                findings.fail("with \(settings) set at random, saved and restored into a fresh instance, the output differs from an instance given the settings directly: \(deviation.description)")
            }
        }
        let first = try String(contentsOfFile: saved + "/state.ttl", encoding: .utf8)
        let second = try String(contentsOfFile: resaved + "/state.ttl", encoding: .utf8)
        if let (before, after) = StateText.firstDifference(first, second) {
            findings.fail("with \(settings) set at random, the state saved after restoring differs from the state restored (\"\(before)\" became \"\(after)\")")
        }
        if findings.isEmpty {
            findings.note("\(settings) set at random, saved and restored into a fresh instance: \(context.hasAudioOutput ? "the same audio and " : "")the same state")
        }
        return context.result(findings)
    }

    /// A value in the parameter's declared range (lv2:minimum, lv2:maximum; 0 to 1 when it gives none).
    static func randomValue(for parameter: ParameterInfo, _ context: CheckContext, _ random: inout SplitMix64) -> PatchValue {
        func bound(_ predicate: String) -> Double? {
            guard let node = lilv_world_get(context.world.world, context.world.node(parameter.uri), context.world.node(predicate), nil) else {
                return nil
            }
            defer { lilv_node_free(node) }
            return lilv_node_is_float(node) || lilv_node_is_int(node) ? Double(lilv_node_as_float(node)) : nil
        }
        let low = bound(LV2URI.core + "minimum") ?? 0, high = max(bound(LV2URI.core + "maximum") ?? 1, low)
        let value = low == high ? low : Double.random(in: low...high, using: &random)
        switch parameter.type {
        case .int: return .int(Int32(clamping: Int64(value.rounded())))
        case .long: return .long(Int64(value.rounded()))
        case .double: return .double(value)
        case .bool: return .bool(random.next() % 2 == 0)
        case .string: return .string("random \(random.next() % 1000)")
        default: return .float(Float(value))
        }
    }
}
