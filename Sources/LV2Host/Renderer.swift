import Foundation

/// Renders a chain of plugins offline: instantiates them, feeds audio and MIDI
/// block by block as the request's pattern cuts time, and collects the last
/// plugin's output.
public struct Renderer {
    public let world: LV2World

    public init(world: LV2World) {
        self.world = world
    }

    public func render(_ request: RenderRequest, progress: ((Double) -> Void)? = nil) throws -> RenderResult {
        try request.validate()
        let input = try request.input?.resampled(to: request.sampleRate)
        let midi = MIDISchedule(request.midi, sampleRate: request.sampleRate)
        let chain = try PluginChain(request.stages.map { try makeInstance($0, request) }, input: input, midi: midi)

        let contentEnd = max(input?.frameCount ?? 0, midi.lastFrame)
        let ending = RenderEnding(request, contentEnd: contentEnd)
        guard ending.longest <= RenderRequest.largestFrameCount else {
            throw HostError("The render would be \(ending.longest) frames long, more than the \(RenderRequest.largestFrameCount) lv2render holds in memory.")
        }
        var outputLength: Int? = nil
        var silence: SilenceWatch? = nil
        switch ending {
        case .length(let frames): outputLength = frames
        case .silence(let start, let window, let limit): silence = SilenceWatch(start: start, window: window, limit: limit)
        }

        // Rendered frame n is output frame n - dropped: compensation drops the latency.
        var outputs = [[Float]](repeating: [], count: chain.outputs.count)
        for channel in outputs.indices { outputs[channel].reserveCapacity(ending.longest) }
        var rendered = 0, latency = 0, dropped = 0
        var lengths = request.blocks.lengths()
        let cpuStart = threadCPUTime()
        chain.activate()
        while outputLength.map({ rendered < $0 + dropped }) ?? true {
            var frames = lengths.next()!
            if let outputLength { frames = min(frames, outputLength + dropped - rendered) }
            try chain.run(start: rendered, frames: frames)
            if rendered == 0 {
                latency = chain.reportedLatency
                dropped = request.compensateLatency ? latency : 0
                guard Double(dropped) <= 60 * request.sampleRate else {
                    throw HostError("The plugins report a latency of \(latency) frames, more than a minute, which lv2render will not compensate.")
                }
            }
            let blockOutputs = chain.outputs
            for (channel, samples) in blockOutputs.enumerated() {
                outputs[channel].append(contentsOf: samples[..<frames])
            }
            if outputLength == nil, let found = silence?.scan(blockOutputs, frames: frames, first: rendered - dropped) {
                outputLength = found
            }
            rendered += frames
            progress?(Self.fraction(rendered: rendered, dropped: dropped, ending: ending))
        }
        chain.deactivate()
        let cpuSeconds = threadCPUTime() - cpuStart
        progress?(1)

        // Trimmed in place: an hour of audio is too much to copy.
        let length = outputLength ?? 0
        for channel in outputs.indices {
            outputs[channel].removeFirst(dropped)
            outputs[channel].removeLast(outputs[channel].count - length)
        }
        let audio = AudioData(sampleRate: request.sampleRate, channels: outputs)
        let levels = Levels(audio)
        return RenderResult(audio: audio, latency: latency, cpuSeconds: cpuSeconds, frames: length,
                            peakDBFS: levels.peakDBFS, rmsDBFS: levels.rmsDBFS)
    }

    // MARK: - Setting up

    /// An instance set up as the stage asks: preset first, then the single controls.
    private func makeInstance(_ stage: RenderStage, _ request: RenderRequest) throws -> PluginInstance {
        let instance = try PluginInstance(plugin: stage.plugin, sampleRate: request.sampleRate,
                                          maxBlockLength: request.blocks.maxBlockLength,
                                          nominalBlockLength: request.blocks.nominalBlockLength)
        let presetControls = try stage.presetURI.map { try world.presetControls($0, for: stage.plugin) } ?? []
        for (symbol, value) in presetControls + stage.controls {
            try instance.setControl(symbol, value)
        }
        if request.inPlace {
            guard !stage.plugin.isInPlaceBroken else {
                throw HostError("The plugin \(stage.plugin.uri) is marked lv2:inPlaceBroken, so it cannot render in place.")
            }
            instance.connectsInPlace = true
        }
        return instance
    }

    // MARK: - Helpers

    /// How far along the render is: exact for a fixed length, an estimate while waiting for silence.
    private static func fraction(rendered: Int, dropped: Int, ending: RenderEnding) -> Double {
        switch ending {
        case .length(let frames):
            min(1, Double(rendered) / Double(max(frames + dropped, 1)))
        case .silence(let start, let window, _):
            min(0.99, Double(rendered) / Double(start + window + dropped))
        }
    }
}

/// CPU seconds used by the calling thread so far.
private func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
