import HostFiles
import LV2Host
import CLV2

/// Restores states the plugin did not save, as pluginval fuzzes set-state: a session saved
/// by another version of the plugin lacks properties or has others (default level); a
/// corrupt one has wrong types and sizes (strict). The plugin may refuse them; it must
/// not crash, and its output must stay finite.
enum ForeignStateCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        guard try StateInterface.isProvided(by: context.plugin) else {
            return CheckResult(check: PluginCheck.foreignState.rawValue, outcome: .skip, detail: "the plugin has no state interface")
        }
        let source = try context.instance()
        guard let interface = StateInterface(source) else { throw HostError("The state interface went away.") }
        context.step("saving the state of a fresh instance through its state interface")
        let saved = interface.save().properties
        let stimulus = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.1, full: 0.5),
                                         sampleRate: context.sampleRate, random: &context.random)
        var findings = Findings()
        var probes = 0
        func restore(_ what: String, _ properties: [StateProperty], strict: Bool) throws {
            let instance = try context.instance()
            context.step("restoring \(what)")
            StateInterface(instance)?.restore(properties)
            context.step("rendering after restoring \(what)", frames: stimulus.frames)
            instance.activate()
            if let bad = OutputScan(context.play(instance, stimulus)).nonFiniteDescription {
                findings.fail("after restoring \(what), \(bad)", strict: strict)
            }
            probes += 1
        }
        let urids = context.world.urids
        func name(_ key: LV2_URID) -> String { urids.unmap(key).map { String(cString: $0) } ?? "URID \(key)" }
        let atomInt = urids.map(LV2URI.atomInt), atomString = urids.map(LV2URI.atom + "String")

        try restore("a state with none of its properties", [], strict: false)
        if saved.count > 1 {
            for missing in saved.prefix(8) {
                try restore("a state without its property \(name(missing.key))", saved.filter { $0.key != missing.key }, strict: false)
            }
        }
        let unknown = (1...4).map { index in
            StateProperty(key: urids.map("urn:swiftlv2:check:unknown-property-\(index)"), value: [1, 2, 3, 4], type: atomInt,
                          flags: UInt32(LV2_STATE_IS_POD.rawValue))
        }
        try restore("a state with unknown properties besides its own", saved + unknown, strict: false)

        context.beginStrictProbes(findings)
        var random = SplitMix64(seed: context.random.next())
        for property in saved.prefix(8) {
            let key = name(property.key)
            let others = saved.filter { $0.key != property.key }
            let variants: [(String, StateProperty)] = [
                property.type == atomInt
                    ? ("as an atom:String", StateProperty(key: property.key, value: Array("1\0".utf8), type: atomString, flags: property.flags))
                    : ("as an atom:Int", StateProperty(key: property.key, value: [0xFF, 0xFF, 0xFF, 0x7F], type: atomInt, flags: property.flags)),
                ("as a string of garbage", StateProperty(key: property.key, value: Array("\u{1}garbage\u{7F}".utf8), type: atomString, flags: property.flags)),
                ("empty (0 bytes)", StateProperty(key: property.key, value: [], type: property.type, flags: property.flags)),
                ("of its type, random bytes", StateProperty(key: property.key, value: property.value.map { _ in UInt8(truncatingIfNeeded: random.next()) },
                                                           type: property.type, flags: property.flags)),
            ]
            for (label, variant) in variants {
                try restore("a state with \(key) \(label)", others + [variant], strict: true)
            }
        }
        if findings.isEmpty {
            findings.note("\(probes) foreign states restored (\(saved.count) saved properties missing, unknown, retyped, emptied and garbled): no crash, finite output")
        }
        return context.result(findings)
    }
}
