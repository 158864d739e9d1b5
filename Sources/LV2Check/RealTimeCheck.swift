import LV2Host
import RTProbe

/// Counts what `run()` allocates, frees and locks, with RTProbe's replacements of
/// malloc, calloc, realloc, free, posix_memalign, aligned_alloc, memalign and
/// pthread_mutex_lock (linked into lv2render, so the plugin's calls land there too),
/// over blocks of random length with notes and controls moving.
enum RealTimeCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        guard rt_probe_is_active() == 1 else {
            return CheckResult(check: PluginCheck.realTime.rawValue, outcome: .skip,
                               detail: "this lv2render does not route allocations through its probe")
        }
        let plugin = context.plugin
        let hardRT = (plugin.requiredFeatures + plugin.optionalFeatures).contains(LV2URI.hardRTCapable)
        let stimulus = Stimulus.standard(for: plugin, frames: context.frames(quick: 0.5, full: 10),
                                         sampleRate: context.sampleRate, random: &context.random)
        let instance = try context.activeInstance()
        var random = SplitMix64(seed: context.random.next())
        var blockRandom = SplitMix64(seed: context.random.next())
        var total = RTProbeCounts(), blocks = 0
        var first: (block: Int, counts: RTProbeCounts)?
        context.step("probing run() in random blocks, controls moving", frames: stimulus.frames)
        _ = context.play(instance, stimulus, nextBlock: { context.randomBlock(upTo: context.maxBlockLength, &blockRandom) },
                          beforeBlock: { _, _ in
                              guard blocks % 4 == 3 else { return }
                              for control in context.controlInputs {
                                  try? instance.setControlUnchecked(control.symbol, HostileInputChecks.randomValue(for: control, &random))
                              }
                          },
                          runBlock: { instance, length in
                              rt_probe_begin()
                              instance.run(frames: length)
                              let counts = rt_probe_end()
                              blocks += 1
                              if counts.allocations + counts.frees + counts.locks > 0, first == nil { first = (blocks, counts) }
                              total.allocations += counts.allocations
                              total.frees += counts.frees
                              total.locks += counts.locks
                          })
        guard let first else {
            return CheckResult(check: PluginCheck.realTime.rawValue, outcome: .pass,
                               detail: "no allocation, free or lock in \(blocks) runs")
        }
        let found = "\(total.counted) in \(blocks) runs (the first in run \(first.block): \(first.counts.counted))"
        return CheckResult(check: PluginCheck.realTime.rawValue, outcome: hardRT ? .fail : .warn,
                           detail: found + (hardRT ? ", yet it declares lv2:hardRTCapable" : "; it does not declare lv2:hardRTCapable"))
    }
}

extension RTProbeCounts {
    /// "2 allocations, 1 free, 0 mutex locks"
    var counted: String {
        [(allocations, "allocation"), (frees, "free"), (locks, "mutex lock")]
            .map { count, word in "\(count) \(word)\(count == 1 ? "" : "s")" }.joined(separator: ", ")
    }
}
