import LV2Host
import Foundation

/// What the plugin costs a host: the time to instantiate it (the median of five) and how
/// much faster than real time it renders at 48 kHz in 512-frame blocks. Reported, never a
/// failure: a slow plugin is slow, not broken (and the machine's load shows in the figure).
enum CostCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        var instantiations: [Double] = []
        for index in 1...5 {
            let started = Date()
            _ = try context.instance(step: "instantiating, \(index) of 5")
            instantiations.append(Date().timeIntervalSince(started))
        }
        let instantiate = instantiations.sorted()[2]
        let instance = try context.activeInstance()
        let stimulus = Stimulus.standard(for: context.plugin, frames: context.frames(quick: 0.5, full: 4),
                                         sampleRate: context.sampleRate, random: &context.random)
        context.step("rendering \(stimulus.frames) frames in 512-frame blocks", frames: stimulus.frames)
        _ = context.play(instance, Stimulus(frames: 4096, audio: stimulus.audio.map { Array($0.prefix(4096)) }, midi: []))  // warm-up
        var running = 0.0
        _ = context.play(instance, stimulus, runBlock: { instance, length in
            let started = DispatchTime.now().uptimeNanoseconds
            instance.run(frames: length)
            running += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        })
        let audio = Double(stimulus.frames) / context.sampleRate
        let factor = audio / max(running, 1e-9)
        let detail = "instantiates in \(milliseconds(instantiate)); run() renders \(String(format: "%.3g", audio)) s of audio in "
            + "\(milliseconds(running)), \(String(format: "%.3g", factor))× real time (\(String(format: "%.2g", 100 / factor))% of a core at 48 kHz, 512-frame blocks)"
        return CheckResult(check: PluginCheck.cost.rawValue, outcome: .pass, detail: detail)
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(format: seconds < 0.01 ? "%.2f ms" : "%.0f ms", seconds * 1000)
    }
}
