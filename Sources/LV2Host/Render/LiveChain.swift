import AudioMIDIFiles

/// A chain of plugins kept alive between calls, for a program that pushes audio through
/// it piece by piece (the C library, and Python over it).
///
/// It is a render cut into calls: the instances are made as `Renderer` makes them
/// (`RenderStage.makeInstance`: default state, preset, state, controls; then parameters),
/// wired by `PluginChain`, fed MIDI by `MIDISchedule` and time by `Transport`, and run in
/// blocks cut from the same pattern, carried over from one call to the next. So N frames in one call, or in chunks of any
/// sizes that add up to N, give the samples `lv2render` writes for those N frames.
public final class LiveChain {
    /// How each plugin is set up; `reset` makes the instances again from these.
    public private(set) var stages: [RenderStage]
    public let sampleRate: Double
    public let blocks: BlockPattern
    /// The audio channels each call must bring, side-chains included: as the first plugin has
    /// main audio inputs, unless `reset` says otherwise.
    public private(set) var inputChannelCount: Int
    /// How many of those channels, the last ones, feed the first plugin's side-chain inputs.
    public private(set) var sideChainChannelCount = 0
    /// Frames processed since the last reset.
    public private(set) var position = 0
    /// The MIDI the last plugin sent since `takeMIDIOutput` was last called, by frame since the reset.
    private var midiOutput: [(frame: Int, bytes: [UInt8])] = []
    /// The notes the last plugin's MIDI output has started since the reset and not ended.
    private var heldNotes = HeldNotes()

    /// The files the plugins read (bundles, states, presets, path parameters), which nothing
    /// the library writes may replace; kept as the settings change.
    public private(set) var readFiles = ReadFiles(reader: "a chain")

    private let world: LV2World
    private var chain: PluginChain
    private var input: PushedAudio?
    private var lengths: BlockLengths
    /// What is left of the pattern's current block.
    private var remaining = 0
    /// MIDI not yet handed to the chain, in seconds since the reset.
    private var queuedMIDI: [TimedMIDIEvent] = []
    private var hasRun = false

    public init(world: LV2World, stages: [RenderStage], sampleRate: Double, blocks: BlockPattern = .fixed(512)) throws {
        // The main inputs: a side-chain is fed only when a call brings audio for it.
        let firstInputs = stages.first.map { stage in
            (stage.plugin.mainAudioInputs.isEmpty ? stage.plugin.ports(.audio, input: true) : stage.plugin.mainAudioInputs).count
        } ?? 0
        (chain, input) = try Self.makeChain(world: world, stages: stages, sampleRate: sampleRate, blocks: blocks,
                                            inputChannelCount: firstInputs, sideChainChannelCount: 0, beatsPerMinute: nil)
        self.world = world
        self.stages = stages
        self.sampleRate = sampleRate
        self.blocks = blocks
        inputChannelCount = firstInputs
        lengths = blocks.lengths()
        noteReadFiles()
    }

    /// The instances set up (`RenderStage.makeInstance`) and wired as a render's are, after
    /// the checks a render makes of its stages and timing.
    private static func makeChain(world: LV2World, stages: [RenderStage], sampleRate: Double, blocks: BlockPattern,
                                  inputChannelCount: Int, sideChainChannelCount: Int,
                                  beatsPerMinute: Double?) throws -> (PluginChain, PushedAudio?) {
        try RenderRequest.checkSetUp(stages: stages, sampleRate: sampleRate, blocks: blocks, beatsPerMinute: beatsPerMinute)
        // A state's warnings (a partial state) are for a command line's report; a call has none.
        let instances = try stages.map { try $0.makeInstance(in: world, sampleRate: sampleRate, blocks: blocks).instance }
        let input = inputChannelCount > 0 ? PushedAudio(sampleRate: sampleRate, channelCount: inputChannelCount) : nil
        let last = instances[instances.count - 1]
        let first = instances[0].plugin
        let inputMap = input == nil ? nil
            : try ChannelRouting.map(mainCount: inputChannelCount - sideChainChannelCount, sideChainCount: sideChainChannelCount, to: first)
        let chain = try PluginChain(instances, input: input, midi: MIDISchedule([], sampleRate: sampleRate),
                                    transport: Transport(tempoChanges: beatsPerMinute.map { [(0, $0)] } ?? [], meter: .common,
                                                         sampleRate: sampleRate),
                                    collectsMIDIOutput: last.audioOutputCount == 0, inputMap: inputMap)
        chain.activate()
        try RenderStage.setParameters(stages, of: instances)
        return (chain, input)
    }

    /// Starts afresh: new instances set up from `stages`, the time back at 0, no MIDI queued.
    /// `inputChannelCount`: the channels each call will bring (0 for none), of which the last
    /// `sideChainChannelCount` feed the first plugin's side-chain inputs.
    /// `beatsPerMinute`: the tempo plugins that follow the transport get (nil: 120).
    public func reset(inputChannelCount: Int? = nil, sideChainChannelCount: Int? = nil, beatsPerMinute: Double? = nil) throws {
        let channels = inputChannelCount ?? self.inputChannelCount
        let sideChains = sideChainChannelCount ?? (inputChannelCount == nil ? self.sideChainChannelCount : 0)
        guard (0...channels).contains(sideChains) else {
            throw HostError("The side-chain channels (\(sideChains)) must be part of the \(counted(channels, "input channel")).")
        }
        (chain, input) = try Self.makeChain(world: world, stages: stages, sampleRate: sampleRate, blocks: blocks,
                                            inputChannelCount: channels, sideChainChannelCount: sideChains, beatsPerMinute: beatsPerMinute)
        self.inputChannelCount = channels
        self.sideChainChannelCount = sideChains
        position = 0
        remaining = 0
        lengths = blocks.lengths()
        queuedMIDI = []
        midiOutput = []
        heldNotes = HeldNotes()
        hasRun = false
    }

    public var instances: [PluginInstance] { chain.instances }
    public var outputChannelCount: Int { chain.outputs.count }
    /// Whether the last plugin has an atom output, whose MIDI `takeMIDIOutput` gives.
    public var sendsMIDI: Bool { chain.instances[chain.instances.count - 1].hasAtomOutput }

    /// The sum of the plugins' reported latencies, in frames. Plugins report it from `run`:
    /// before the first call, every plugin runs an empty block to tell it.
    public var latency: Int {
        if !hasRun {
            chain.instances.forEach { $0.run(frames: 0) }
            hasRun = true
        }
        return chain.reportedLatency
    }

    // MARK: - Settings, kept for the next reset and applied now

    /// Sets a control input, a CV input (held at the value) or a parameter of stage `stage`,
    /// as `--set NAME=VALUE` does (`StageSetting`); a parameter is taken in an empty block, as before a render.
    public func set(stage: Int, _ setting: StageSetting) throws {
        let instance = try instance(stage)
        let target = try setting.target(on: instance.plugin)
        switch target {
        case .control(let symbol, let value):
            try instance.hold(symbol, at: value)
        case .parameter(let parameter, let value):
            try instance.setParameter(parameter, value)
            instance.run(frames: 0)
        }
        stages[stage].record(target)
        noteReadFiles()
    }

    /// Loads a preset, by URI or label. The controls set before it that it sets are forgotten,
    /// so that a reset, which loads the preset before the controls, gives what is set now.
    public func loadPreset(stage: Int, _ preset: String) throws {
        let instance = try instance(stage)
        _ = try world.restorePreset(preset, into: instance)
        instance.answerPendingWork()
        let presetSymbols = Set(try world.presetControls(preset, for: instance.plugin).map(\.symbol))
        stages[stage].presetURI = preset
        stages[stage].controls.removeAll { presetSymbols.contains($0.symbol) }
        noteReadFiles()
    }

    /// Restores a state directory (as `saveState`, jalv and `--save-state` write it); the
    /// controls set before it that it sets are forgotten, as for a preset.
    public func loadState(stage: Int, _ path: String) throws {
        let instance = try instance(stage)
        _ = try world.restoreState(path, into: instance)
        instance.answerPendingWork()
        let state = try LoadedState.fromFile(world, path: path, map: instance.features.mapFeature)
        let stateSymbols = Set(state.portValues(types: instance.features.table).map(\.symbol))
        stages[stage].statePath = path
        stages[stage].controls.removeAll { stateSymbols.contains($0.symbol) }
        noteReadFiles()
    }

    /// Saves stage `stage`'s state as it is now to `folder`.
    public func saveState(stage: Int, to folder: StateFolder) throws {
        try world.saveState(of: try instance(stage), to: folder)
    }

    private func noteReadFiles() {
        var reads = ReadFiles(reader: readFiles.reader)
        try? reads.addStages(stages, world: world)
        readFiles = reads
    }

    private func instance(_ stage: Int) throws -> PluginInstance {
        guard chain.instances.indices.contains(stage) else {
            throw HostError("The chain has \(chain.instances.count) plugin\(chain.instances.count == 1 ? "" : "s"), so it has no plugin number \(stage + 1).", kind: .notFound)
        }
        return chain.instances[stage]
    }

    // MARK: - MIDI and time

    /// Queues MIDI for the first plugin, each event at its time in seconds since the reset.
    /// Events before the current position can no longer be played, and are refused.
    public func addMIDI(_ events: [TimedMIDIEvent]) throws {
        guard events.isEmpty || chain.instances[0].acceptsMIDI else {
            throw HostError("The plugin \(chain.instances[0].plugin.uri) has no MIDI input, so it cannot play notes.")
        }
        if let late = events.first(where: { $0.frame(atSampleRate: sampleRate) < position }) {
            throw HostError("A MIDI event at \(late.seconds.compactDescription) s comes before the \(position) frames already processed; reset to play from the start.")
        }
        queuedMIDI += events.filter { (0...TimedMIDIEvent.latestSeconds).contains($0.seconds) && !$0.bytes.isEmpty }
    }

    /// Queues a MIDI file's events from `offset` seconds on, and follows its tempo map if it has
    /// one and nothing has been processed yet. Returns the time of its last event, in seconds since the reset.
    public func addMIDIFile(_ file: MIDIFile, offset: Double) throws -> Double {
        var events: [TimedMIDIEvent] = []
        var stream = file.eventStream()
        while let event = stream.next() {
            events.append(TimedMIDIEvent(seconds: event.seconds + offset, bytes: event.bytes))
        }
        try addMIDI(events)
        if position == 0, offset == 0, !file.tempoChanges.isEmpty {
            chain.transport = Transport(tempoChanges: file.tempoChanges, meter: .common, sampleRate: sampleRate)
        }
        return offset + (file.lastEventSeconds ?? 0)
    }

    /// Whether the last plugin's MIDI output holds a note: a render runs on while it does.
    public var holdsNotes: Bool { !heldNotes.isEmpty }

    /// Ends each note the last plugin still holds with a note-off at the last frame processed,
    /// in the MIDI output, as a render ends; the sentence that says so, or nil.
    public func endHeldNotes() -> String? {
        guard position > 0, !heldNotes.isEmpty else { return nil }
        let count = heldNotes.count
        midiOutput += heldNotes.noteOffs().map { (position - 1, $0) }
        return HeldNotes.sentence(count, plugin: chain.instances[chain.instances.count - 1].plugin)
    }

    /// The MIDI the last plugin sent since the last time this was asked, by frame since the reset.
    public func takeMIDIOutput() -> [(frame: Int, bytes: [UInt8])] {
        defer { midiOutput = [] }
        return midiOutput
    }

    // MARK: - Processing

    /// Runs the chain over the next `frames` frames: `inputs` holds that many samples of each
    /// of `inputChannelCount` channels, `outputs` room for as many of each output channel.
    public func process(inputs: [UnsafePointer<Float>], outputs: [UnsafeMutablePointer<Float>], frames: Int) throws {
        guard frames >= 0 else { throw HostError("The number of frames to process must not be negative, not \(frames).") }
        guard inputs.count == inputChannelCount else {
            throw HostError("The chain takes \(inputChannelCount) input channel\(inputChannelCount == 1 ? "" : "s") since its last reset, not \(inputs.count); reset it to change.")
        }
        guard outputs.count == outputChannelCount else {
            throw HostError("The chain gives \(outputChannelCount) output channels, not \(outputs.count).")
        }
        input?.channels = inputs
        input?.offset = 0
        // The events due in this call go to the chain all at once, so each frame's events are
        // ordered together, as in one render.
        let end = position + frames
        let due = queuedMIDI.filter { $0.frame(atSampleRate: sampleRate) < end }
        if !due.isEmpty {
            queuedMIDI.removeAll { $0.frame(atSampleRate: sampleRate) < end }
            chain.midi = MIDISchedule(due, sampleRate: sampleRate)
        }
        let last = chain.instances[chain.instances.count - 1]
        let sendsMIDI = self.sendsMIDI
        var done = 0
        while done < frames {
            if remaining == 0 { remaining = lengths.next()! }
            let count = min(remaining, frames - done)
            try chain.run(start: position, frames: count)
            for (channel, samples) in chain.outputs.enumerated() {
                (outputs[channel] + done).update(from: samples.baseAddress!, count: count)
            }
            if sendsMIDI {
                let sent: [(frame: Int, bytes: [UInt8])] = last.midiOutput(frames: count).map { (position + $0.frame, $0.bytes) }
                sent.forEach { heldNotes.add($0.bytes) }
                midiOutput += sent
            }
            remaining -= count
            done += count
            position += count
            hasRun = true
        }
    }
}

/// The audio of the current call, handed to `PluginChain` as its input.
private final class PushedAudio: AudioSource {
    let sampleRate: Double
    let channelCount: Int
    var channels: [UnsafePointer<Float>] = []
    var offset = 0
    var expectedFrames: Int? { nil }

    init(sampleRate: Double, channelCount: Int) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }

    func read(into buffers: [UnsafeMutableBufferPointer<Float>], frames: Int) throws -> Int {
        for (source, destination) in zip(channels, buffers) {
            destination.baseAddress!.update(from: source + offset, count: frames)
        }
        offset += frames
        return frames
    }
}
