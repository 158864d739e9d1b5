import HostFiles
import Foundation

/// Renders a chain of plugins offline: instantiates them, feeds audio and MIDI
/// block by block as the request's pattern cuts time, and passes the last plugin's
/// output on as it comes, so memory stays the same however long the render.
public struct Renderer {
    public let world: LV2World

    public init(world: LV2World) {
        self.world = world
    }

    /// Renders `request` (with its `input`, if any) into memory.
    public func render(_ request: RenderRequest, progress: ((Double) -> Void)? = nil) throws -> RenderResult {
        try request.validate()
        var sink: MemorySink?
        let measurements = try render(request, input: try request.input.map(MemorySource.init), output: { channelCount in
            let memory = MemorySink(sampleRate: request.sampleRate, channelCount: channelCount)
            sink = memory
            return memory
        }, progress: progress)
        return RenderResult(audio: sink!.audio, measurements: measurements)
    }

    /// Renders `request`, reading `input` (converted to the request's rate if needed, in
    /// place of `request.input`) and writing to the sink `output` makes for the chain's
    /// channel count. The sink is finished only when the render succeeds. `beforeCleanup` gets
    /// the measurements while the plugins are still alive, so that a caller can keep them
    /// safe before a plugin's cleanup runs (and perhaps crashes).
    public func render(_ request: RenderRequest, input: AudioSource?, output: (_ channelCount: Int) throws -> AudioSink,
                       progress: ((Double) -> Void)? = nil,
                       beforeCleanup: ((RenderMeasurements) throws -> Void)? = nil) throws -> RenderMeasurements {
        try request.validate()
        let rate = request.sampleRate
        let source = try input.map { $0.sampleRate == rate ? $0 : try ResamplingSource($0, to: rate) }
        let midi = request.midiFile.map { MIDISchedule(file: $0, sampleRate: rate) } ?? MIDISchedule(request.midi, sampleRate: rate)
        let tempoChanges = request.midiFile?.tempoChanges ?? (request.tempoChanges.isEmpty ? nil : request.tempoChanges)
            ?? request.beatsPerMinute.map { [(0, $0)] } ?? []
        let transport = Transport(tempoChanges: tempoChanges, meter: request.meter, meterChanges: request.meterChanges,
                                  sampleRate: rate)
        var warnings: [String] = []
        let instances = try request.stages.map { stage in
            let (instance, stateWarnings) = try stage.makeInstance(in: world, sampleRate: rate, blocks: request.blocks,
                                                                   inPlace: request.inPlace)
            warnings += stateWarnings
            return instance
        }
        let inputMap = source == nil ? nil : request.inputMap
        let chain = try PluginChain(instances, input: source, midi: midi,
                                    transport: transport, collectsMIDIOutput: request.collectsMIDIOutput,
                                    inputMap: inputMap)
        var setupNotes = zip(request.stages, instances).enumerated().flatMap { position, pair in
            Self.idleCVNote(pair.0, pair.1, fedBy: position == 0 ? (inputMap ?? []).map(\.symbol) : [])
        }
        let channelCount = chain.outputs.count
        let sink = try output(channelCount)

        let cpuStart = threadCPUTime()
        chain.activate()
        try RenderStage.setParameters(request.stages, of: instances)
        let blocks = try runBlocks(request, chain, midiEnd: midi.lastFrame, expectedFrames: source?.expectedFrames,
                                   into: sink, progress: progress)
        let cpuSeconds = threadCPUTime() - cpuStart
        for (stage, instance) in zip(request.stages, chain.instances) {
            if let directory = stage.savedStatePath { try world.saveState(of: instance, to: directory) }
        }
        chain.deactivate()
        if blocks.written > 0 { try sink.finish() }
        progress?(1)
        var midiOutput = blocks.midiOutput
        if let note = HeldNotes.close(&midiOutput, length: blocks.written, plugin: request.stages[request.stages.count - 1].plugin) {
            setupNotes.append(note)
        }
        let measurements = RenderMeasurements(sampleRate: rate, channelCount: channelCount, latency: blocks.latency,
                                  cpuSeconds: cpuSeconds, frames: blocks.written, peakDBFS: blocks.levels.peakDBFS,
                                  rmsDBFS: blocks.levels.rmsDBFS, notes: setupNotes + chain.notes, warnings: warnings,
                                  midiOutput: midiOutput,
                                  controlOutputs: blocks.controlOutputs.mapValues { $0.filter { $0.frame < blocks.written } },
                                  endReason: blocks.endReason,
                                  samplesOverFullScale: blocks.levels.overFullScale, nonFiniteSamples: blocks.levels.nonFinite)
        try withExtendedLifetime(chain) { try beforeCleanup?(measurements) }
        return measurements
    }

    // MARK: - The block loop

    /// What the block loop wrote and measured.
    private struct BlocksRun {
        var written = 0
        var latency = 0
        var levels = Levels()
        var midiOutput: [(frame: Int, bytes: [UInt8])] = []
        /// Each control output of the last plugin after each block, from the block's first output frame.
        var controlOutputs: [String: [(frame: Int, value: Float)]] = [:]
        var endReason = RenderEndReason.length
    }

    /// Runs the active chain block by block, as the request's pattern and automation cut
    /// time, into `sink` until the ending rule (`OutputEnd`) says the output is complete.
    /// Output frame n is rendered frame n + dropped: compensation drops the latency. The
    /// ending is known once the latency is and the input has ended.
    private func runBlocks(_ request: RenderRequest, _ chain: PluginChain, midiEnd: Int, expectedFrames: Int?,
                           into sink: AudioSink, progress: ((Double) -> Void)?) throws -> BlocksRun {
        var run = BlocksRun()
        var end = OutputEnd(request)
        var heldNotes = HeldNotes()
        let last = chain.instances[chain.instances.count - 1]
        let controlOutputSymbols = request.collectsControlOutputs
            ? last.plugin.ports.filter { $0.kind == .control && !$0.isInput }.map(\.symbol) : []
        for symbol in controlOutputSymbols { run.controlOutputs[symbol] = [] }
        var rendered = 0, dropped = 0
        var lengths = request.blocks.lengths()
        // What is left of the pattern's current block, once automation has cut it.
        var remaining = 0
        while end.wants(after: run.written) {
            if remaining == 0 { remaining = lengths.next()! }
            var frames = remaining
            if let length = end.length { frames = min(frames, length + dropped - rendered) }
            frames = try automate(request, chain, at: rendered, frames: frames)
            remaining -= min(remaining, frames)
            try chain.run(start: rendered, frames: frames)
            if rendered == 0 {
                run.latency = chain.reportedLatency
                dropped = request.compensateLatency ? run.latency : 0
                guard Double(dropped) <= 60 * request.sampleRate else {
                    throw HostError("The plugins report a latency of \(run.latency) frames, more than a minute, which lv2render will not compensate.")
                }
            }
            if let inputEnd = chain.inputEnd {
                end.inputEnded(request, contentEnd: max(inputEnd, midiEnd), latency: run.latency - dropped)
            }
            let blockOutputs = chain.outputs
            let first = rendered - dropped
            if request.collectsMIDIOutput {
                let sent: [(frame: Int, bytes: [UInt8])] = last.midiOutput(frames: frames)
                    .map { (first + $0.frame, $0.bytes) }.filter { $0.frame >= 0 }
                sent.forEach { heldNotes.add($0.bytes) }
                run.midiOutput += sent
            }
            if first + frames > 0 {
                for symbol in controlOutputSymbols { run.controlOutputs[symbol]!.append((max(first, 0), try last.control(symbol))) }
            }
            end.scan(blockOutputs, frames: frames, first: first, notesHeld: !heldNotes.isEmpty)
            // The part of the block that is output: past the dropped latency, up to the end.
            let from = max(0, -first), to = end.length.map { min(frames, $0 - first) } ?? frames
            if to > from {
                // Measured first: that replaces any NaN or infinity before the sink sees it.
                run.levels.add(blockOutputs, offset: from, frames: to - from)
                try sink.write(blockOutputs, offset: from, frames: to - from)
                run.written += to - from
            }
            rendered += frames
            progress?(Self.fraction(written: run.written, ending: end.ending, expected: expectedFrames))
        }
        run.endReason = end.reason
        return run
    }

    // MARK: - Setting up

    /// One sentence naming the CV inputs nothing drives, which stay at 0.
    private static func idleCVNote(_ stage: RenderStage, _ instance: PluginInstance, fedBy mapped: [String]) -> [String] {
        let driven = Set(stage.controls.map(\.symbol) + stage.automations.map(\.symbol) + mapped)
        let idle = instance.plugin.ports.filter { $0.kind == .cv && $0.isInput && !driven.contains($0.symbol) }.map(\.symbol)
        guard !idle.isEmpty else { return [] }
        let inputs = idle.count == 1 ? "input \(idle[0]) of \(instance.plugin.uri) stays" : "inputs \(idle.joined(separator: ", ")) of \(instance.plugin.uri) stay"
        return ["The CV \(inputs) at 0; drive \(idle.count == 1 ? "it" : "them") with --set, --automate or --map."]
    }

    /// Sets every automated control to its value at `frame` and fills every automated CV
    /// input for the block; returns how much of the `frames` to run before the next change (at least 1).
    private func automate(_ request: RenderRequest, _ chain: PluginChain, at frame: Int, frames: Int) throws -> Int {
        var length = frames
        for (stage, instance) in zip(request.stages, chain.instances) {
            for automation in stage.automations where instance.cvInput(automation.symbol) == nil {
                try instance.setControl(automation.symbol, automation.value(at: frame))
                if let steady = automation.steadyFrames(from: frame) { length = min(length, steady) }
            }
        }
        length = max(1, length)
        // A CV input follows its curve sample by sample, so it need not cut the block.
        for (stage, instance) in zip(request.stages, chain.instances) {
            for automation in stage.automations {
                guard let cv = instance.cvInput(automation.symbol) else { continue }
                for offset in 0..<length { cv[offset] = automation.value(at: frame + offset) }
            }
        }
        return length
    }

    // MARK: - Helpers

    /// How far along the render is: exact for a known length, an estimate while waiting
    /// for the input to end (from the length its header declares) or for silence.
    private static func fraction(written: Int, ending: RenderEnding?, expected: Int?) -> Double {
        switch ending {
        case .length(let frames):
            min(1, Double(written) / Double(max(frames, 1)))
        case .tail(let start, let window, _):
            min(0.99, Double(written) / Double(start + window))
        case nil:
            expected.map { min(0.99, Double(written) / Double(max($0, 1))) } ?? 0
        }
    }
}

/// CPU seconds used by the calling thread so far.
private func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
