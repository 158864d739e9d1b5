import LV2Host

/// An impulse into every audio input: its loudest echo should come when the reported
/// latency says. A mismatch only warns: a reverb's or an EQ's peak is not its latency.
enum LatencyCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        func skip(_ reason: String) -> CheckResult {
            CheckResult(check: PluginCheck.latency.rawValue, outcome: .skip, detail: reason)
        }
        guard context.plugin.latencyPortIndex != nil else { return skip("the plugin reports no latency") }
        guard context.hasAudioInput, context.hasAudioOutput else { return skip("the plugin has no audio path to send an impulse through") }
        let instance = try context.activeInstance()
        let start = 4096
        context.step("reading the reported latency", frames: start)
        _ = context.play(instance, Stimulus.audio([Float](repeating: 0, count: start), for: context.plugin))
        let reported = instance.reportedLatency
        let frames = start + reported + Int(context.sampleRate / 2)
        var impulse = [Float](repeating: 0, count: frames)
        impulse[start] = 1
        context.step("sending an impulse (reported latency \(reported) frames)", frames: frames)
        let output = context.play(instance, Stimulus.audio(impulse, for: context.plugin))
        guard let peak = output.enumerated().compactMap({ channel, samples -> (frame: Int, level: Float)? in
            guard let frame = samples.indices.max(by: { abs(samples[$0]) < abs(samples[$1]) }) else { return nil }
            return (frame, abs(samples[frame]))
        }).max(by: { $0.level < $1.level }), peak.level > 1e-4 else {
            return skip("the impulse gave no output to measure (reported latency \(reported) frames)")
        }
        let measured = peak.frame - start
        let detail = "reports \(reported) frames of latency; the impulse's peak comes \(measured) frames late"
        let outcome: CheckOutcome = abs(measured - reported) <= 1 ? .pass : .warn
        return CheckResult(check: PluginCheck.latency.rawValue, outcome: outcome,
                           detail: outcome == .pass ? detail : detail + " (a mismatch, unless the peak is an effect's, not its delay)")
    }
}
