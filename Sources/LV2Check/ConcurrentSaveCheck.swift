import HostFiles
import LV2Host
import CLV2
import Foundation
import RTProbe
import Synchronization

/// Saves the state on another thread while `run` runs, as LV2's threading rules let a
/// host do (state.h: save may be called concurrently with run), and watches `run` with
/// RTProbe: a plugin that makes `run` wait for the save, or allocate for it, glitches
/// whenever a host autosaves.
enum ConcurrentSaveCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        guard rt_probe_is_active() == 1 else {
            return CheckResult(check: PluginCheck.stateDuringRun.rawValue, outcome: .skip,
                               detail: "this lv2render does not route allocations through its probe")
        }
        guard try StateInterface.isProvided(by: context.plugin) else {
            return CheckResult(check: PluginCheck.stateDuringRun.rawValue, outcome: .skip, detail: "the plugin has no state interface")
        }
        let instance = try context.activeInstance()
        guard let interface = StateInterface(instance) else { throw HostError("The state interface went away.") }
        let plugin = context.plugin
        let hardRT = (plugin.requiredFeatures + plugin.optionalFeatures).contains(LV2URI.hardRTCapable)
        let stimulus = Stimulus.standard(for: plugin, frames: context.frames(quick: 0.5, full: 4),
                                         sampleRate: context.sampleRate, random: &context.random)
        // A first block before the saves: what a plugin allocates in its first run() is the
        // real-time check's finding, not this one's.
        context.step("a first block, before any save", frames: 512)
        _ = context.play(instance, Stimulus(frames: 512, audio: stimulus.audio.map { Array($0.prefix(512)) }, midi: []))
        let saver = Saver(interface)
        context.step("starting a thread that saves the state over and over")
        saver.start()
        let started = Date()
        while saver.saves.load(ordering: .relaxed) == 0, Date().timeIntervalSince(started) < 1 { usleep(100) }
        var total = RTProbeCounts(), runs = 0, runsDuringSaves = 0
        var first: (run: Int, counts: RTProbeCounts)?
        var output: [[Float]] = []
        // The stimulus again until 50 saves have overlapped the runs (or a few seconds went by):
        // rendering runs faster than real time, and each run must get its chance to meet a save.
        let limit = context.quick ? 2.0 : 8.0
        repeat {
            context.step("running in 256-frame blocks while another thread saves the state", frames: stimulus.frames)
            output = context.play(instance, stimulus, nextBlock: { 256 }, runBlock: { instance, length in
                let savesBefore = saver.saves.load(ordering: .relaxed)
                rt_probe_begin()
                instance.run(frames: length)
                let counts = rt_probe_end()
                runs += 1
                // Only runs that overlapped a save count: the others are the real-time check's.
                guard saver.saves.load(ordering: .relaxed) != savesBefore || saver.saving.load(ordering: .relaxed) else { return }
                runsDuringSaves += 1
                if counts.allocations + counts.frees + counts.locks > 0, first == nil { first = (runs, counts) }
                total.allocations += counts.allocations
                total.frees += counts.frees
                total.locks += counts.locks
            })
        } while saver.saves.load(ordering: .relaxed) < 50 && Date().timeIntervalSince(started) < limit
        context.step("waiting for the saving thread to finish")
        saver.stop()
        let saves = saver.saves.load(ordering: .relaxed)
        var findings = Findings()
        if let bad = OutputScan(output).nonFiniteDescription {
            findings.fail("while another thread saved the state, \(bad)")
        }
        if let first {
            let found = "while another thread saved the state (\(saves) saves), run() made \(total.counted) in the \(runsDuringSaves) of \(runs) runs that overlapped a save "
                + "(the first in run \(first.run): \(first.counts.counted))"
            if hardRT {
                findings.fail(found + ", yet it declares lv2:hardRTCapable")
            } else {
                findings.warn(found + "; it does not declare lv2:hardRTCapable")
            }
        }
        if findings.isEmpty {
            findings.note("\(saves) saves on another thread during \(runs) runs (\(runsDuringSaves) overlapping one): no allocation, free or lock in run()")
        }
        return context.result(findings)
    }
}

/// A thread that calls the plugin's `save` over and over until stopped.
private final class Saver: @unchecked Sendable {
    let interface: StateInterface
    let saves = Atomic<Int>(0)
    let saving = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private var thread: pthread_t?

    init(_ interface: StateInterface) {
        self.interface = interface
    }

    func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&thread, nil, { context in
            let saver = Unmanaged<Saver>.fromOpaque(context!).takeRetainedValue()
            while !saver.stopping.load(ordering: .relaxed) {
                saver.saving.store(true, ordering: .relaxed)
                _ = saver.interface.save()
                saver.saving.store(false, ordering: .relaxed)
                saver.saves.add(1, ordering: .relaxed)
            }
            return nil
        }, context) == 0 else {
            Unmanaged<Saver>.fromOpaque(context).release()
            return
        }
        self.thread = thread
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        if let thread { pthread_join(thread, nil) }
        thread = nil
    }
}
