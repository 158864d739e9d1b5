import AudioMIDIFiles
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
    /// channel count. The sink is finished only when the render succeeds.
    public func render(_ request: RenderRequest, input: AudioSource?, output: (_ channelCount: Int) throws -> AudioSink,
                       progress: ((Double) -> Void)? = nil) throws -> RenderMeasurements {
        try request.validate()
        let rate = request.sampleRate
        let source = try input.map { $0.sampleRate == rate ? $0 : try ResamplingSource($0, to: rate) }
        let midi = request.midiFile.map { MIDISchedule(file: $0, sampleRate: rate) } ?? MIDISchedule(request.midi, sampleRate: rate)
        let tempoChanges = request.midiFile?.tempoChanges ?? (request.tempoChanges.isEmpty ? nil : request.tempoChanges)
            ?? request.beatsPerMinute.map { [(0, $0)] } ?? []
        let transport = Transport(tempoChanges: tempoChanges, meter: request.meter, sampleRate: rate)
        var setupNotes: [String] = [], warnings: [String] = []
        let instances = try request.stages.map { stage in
            let (instance, stateWarnings) = try makeInstance(stage, request)
            warnings += stateWarnings
            return instance
        }
        let inputMap = source == nil ? nil : request.inputMap
        let chain = try PluginChain(instances, input: source, midi: midi,
                                    transport: transport, collectsMIDIOutput: request.collectsMIDIOutput,
                                    inputMap: inputMap)
        for (position, (stage, instance)) in zip(request.stages, instances).enumerated() {
            let mapped = position == 0 ? (inputMap ?? []).map(\.symbol) : []
            setupNotes += Self.idleCVNote(stage, instance, fedBy: mapped)
        }
        let channelCount = chain.outputs.count
        let sink = try output(channelCount)

        // Output frame n is rendered frame n + dropped: compensation drops the latency.
        // The ending is known once the latency is and the input has ended.
        var ending: RenderEnding? = nil
        var outputLength: Int? = nil
        var tailWatch: TailWatch? = nil
        func settle(_ known: RenderEnding) {
            ending = known
            switch known {
            case .length(let frames): outputLength = frames
            case .tail(let start, let window, let limit): tailWatch = TailWatch(start: start, window: window, limit: limit)
            }
        }
        if request.duration != nil { settle(RenderEnding(request, contentEnd: 0, latency: 0)) }
        var rendered = 0, written = 0, latency = 0, dropped = 0
        var levels = Levels()
        var midiOutput: [(frame: Int, bytes: [UInt8])] = []
        let last = request.stages[request.stages.count - 1].plugin
        let controlOutputSymbols = request.collectsControlOutputs ? last.ports.filter { $0.kind == .control && !$0.isInput }.map(\.symbol) : []
        var controlOutputs = Dictionary(uniqueKeysWithValues: controlOutputSymbols.map { ($0, [(frame: Int, value: Float)]()) })
        var lengths = request.blocks.lengths()
        let cpuStart = threadCPUTime()
        chain.activate()
        try setParameters(request, chain)
        // What is left of the pattern's current block, once automation has cut it.
        var remaining = 0
        while outputLength.map({ written < $0 }) ?? true {
            if remaining == 0 { remaining = lengths.next()! }
            var frames = remaining
            if let outputLength { frames = min(frames, outputLength + dropped - rendered) }
            frames = try automate(request, chain, at: rendered, frames: frames)
            remaining -= min(remaining, frames)
            try chain.run(start: rendered, frames: frames)
            if rendered == 0 {
                latency = chain.reportedLatency
                dropped = request.compensateLatency ? latency : 0
                guard Double(dropped) <= 60 * rate else {
                    throw HostError("The plugins report a latency of \(latency) frames, more than a minute, which lv2render will not compensate.")
                }
            }
            if ending == nil, let inputEnd = chain.inputEnd {
                settle(RenderEnding(request, contentEnd: max(inputEnd, midi.lastFrame), latency: latency - dropped))
            }
            let blockOutputs = chain.outputs
            let first = rendered - dropped
            if request.collectsMIDIOutput {
                midiOutput += chain.instances[chain.instances.count - 1].midiOutput(frames: frames)
                    .map { (first + $0.frame, $0.bytes) }.filter { $0.frame >= 0 }
            }
            if first + frames > 0 {
                let instance = chain.instances[chain.instances.count - 1]
                for symbol in controlOutputSymbols { controlOutputs[symbol]!.append((max(first, 0), try instance.control(symbol))) }
            }
            if outputLength == nil, let found = tailWatch?.scan(blockOutputs, frames: frames, first: first) {
                outputLength = found
            }
            // The part of the block that is output: past the dropped latency, up to the end.
            let from = max(0, -first), to = outputLength.map { min(frames, $0 - first) } ?? frames
            if to > from {
                // Measured first: that replaces any NaN or infinity before the sink sees it.
                levels.add(blockOutputs, offset: from, frames: to - from)
                try sink.write(blockOutputs, offset: from, frames: to - from)
                written += to - from
            }
            rendered += frames
            progress?(Self.fraction(written: written, ending: ending, expected: source?.expectedFrames))
        }
        let cpuSeconds = threadCPUTime() - cpuStart
        for (stage, instance) in zip(request.stages, chain.instances) {
            if let directory = stage.savedStatePath { try world.saveState(of: instance, to: directory) }
        }
        chain.deactivate()
        if written > 0 { try sink.finish() }
        progress?(1)
        return RenderMeasurements(sampleRate: rate, channelCount: channelCount, latency: latency,
                                  cpuSeconds: cpuSeconds, frames: written, peakDBFS: levels.peakDBFS, rmsDBFS: levels.rmsDBFS,
                                  notes: setupNotes + chain.notes, warnings: warnings, midiOutput: midiOutput.filter { $0.frame < written },
                                  controlOutputs: controlOutputs.mapValues { $0.filter { $0.frame < written } },
                                  endReason: tailWatch?.reason ?? .length,
                                  samplesOverFullScale: levels.overFullScale, nonFiniteSamples: levels.nonFinite)
    }

    // MARK: - Setting up

    /// An instance set up as the stage asks: the plugin's default state, the preset, the
    /// state directory, then the single controls (a CV input's is a constant). Also returns
    /// the warnings of the states it restored. (`LiveChain` makes its instances here too.)
    func makeInstance(_ stage: RenderStage, _ request: RenderRequest) throws -> (PluginInstance, [String]) {
        let instance = try PluginInstance(plugin: stage.plugin, sampleRate: request.sampleRate,
                                          maxBlockLength: request.blocks.maxBlockLength,
                                          nominalBlockLength: request.blocks.nominalBlockLength, urids: world.urids)
        var notes = try world.loadDefaultState(into: instance)
        notes += try stage.setUp(instance, in: world)
        // Every point must be a value the port takes; the lines between them then are too.
        for automation in stage.automations where instance.cvInput(automation.symbol) == nil {
            try automation.values.forEach { try instance.setControl(automation.symbol, $0) }
        }
        if request.inPlace {
            guard !stage.plugin.isInPlaceBroken else {
                throw HostError("The plugin \(stage.plugin.uri) is marked lv2:inPlaceBroken, so it cannot render in place.")
            }
            instance.connectsInPlace = true
        }
        return (instance, notes)
    }

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

    /// Hands each stage its parameters in a block of no frames before the render, so
    /// that they hold from frame 0: work they cause (loading a file) is done, and its
    /// response delivered, before the first frame is rendered.
    func setParameters(_ request: RenderRequest, _ chain: PluginChain) throws {
        for (stage, instance) in zip(request.stages, chain.instances) {
            try stage.setParameters(of: instance)
        }
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
