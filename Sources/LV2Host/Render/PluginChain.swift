import HostFiles

/// The plugins of one render, wired together: the input and the MIDI go into the
/// first, each one's audio outputs into the next one's inputs.
final class PluginChain {
    let instances: [PluginInstance]
    private let links: [ChannelRouting]
    private let input: AudioSource?
    private let inputRouting: ChannelRouting?
    /// The first plugin's CV inputs that `--map` feeds from the input: channel and buffer.
    private let cvFeeds: [(channel: Int, buffer: UnsafeMutableBufferPointer<Float>)]
    /// Which inputs get silence, one sentence each, for the command to show.
    let notes: [String]
    /// One block of the input, per input channel.
    private let inputBlock: [UnsafeMutableBufferPointer<Float>]
    /// Replaced by `LiveChain` as MIDI arrives call by call.
    var midi: MIDISchedule
    var transport: Transport
    /// The frame where the input ended, once it has (0 without input).
    private(set) var inputEnd: Int?

    /// `input` must already be at the render's sample rate.
    /// `inputMap`: explicit source channels for the first plugin's inputs (`--map`).
    init(_ instances: [PluginInstance], input: AudioSource?, midi: MIDISchedule, transport: Transport,
         collectsMIDIOutput: Bool = false, inputMap: [(channel: Int, symbol: String)]? = nil) throws {
        let first = instances[0], last = instances[instances.count - 1]
        if collectsMIDIOutput {
            guard last.hasAtomOutput else {
                throw HostError("The plugin \(last.plugin.uri) has no atom outputs, so it sends no MIDI for --midi-out.")
            }
        } else {
            guard last.audioOutputCount > 0 else {
                throw HostError("The plugin \(last.plugin.uri) has no audio outputs, so there is nothing to render.")
            }
        }
        guard midi.isEmpty || first.acceptsMIDI else {
            throw HostError("The plugin \(first.plugin.uri) has no MIDI input, so it cannot play notes.")
        }
        self.instances = instances
        links = try zip(instances, instances.dropFirst()).map { try Self.routing(from: $0, to: $1) }
        self.input = input
        inputRouting = try input.map { try Self.routing(from: $0, to: first, map: inputMap) }
        cvFeeds = (inputMap ?? []).compactMap { item in first.cvInput(item.symbol).map { (item.channel, $0) } }
        notes = ([inputRouting].compactMap { $0 } + links).flatMap(\.notes)
        inputBlock = (0..<(input?.channelCount ?? 0)).map { _ in .allocate(capacity: first.maxBlockLength) }
        inputEnd = input == nil ? 0 : nil
        self.midi = midi
        self.transport = transport
    }

    deinit {
        inputBlock.forEach { $0.deallocate() }
    }

    /// The last plugin's audio outputs, holding the latest block.
    var outputs: [UnsafeMutableBufferPointer<Float>] {
        let last = instances[instances.count - 1]
        return (0..<last.audioOutputCount).map { last.audioOutput($0) }
    }

    /// The sum of the plugins' reported latencies, in frames.
    var reportedLatency: Int {
        instances.reduce(0) { $0 + $1.reportedLatency }
    }

    func activate() {
        instances.forEach { $0.activate() }
    }

    func deactivate() {
        instances.forEach { $0.deactivate() }
    }

    /// Runs every plugin over frames `start ..< start + frames`.
    func run(start: Int, frames: Int) throws {
        let first = instances[0]
        if let input, let inputRouting {
            let count = inputEnd == nil ? try input.read(into: inputBlock, frames: frames) : 0
            if count < frames, inputEnd == nil { inputEnd = start + count }
            // Silence once the input has ended.
            inputBlock.forEach { $0[count..<frames].update(repeating: 0) }
            inputRouting.feed(first, frames: frames) { channel, destination in
                _ = destination.update(fromContentsOf: inputBlock[channel][..<frames])
            }
            for (channel, buffer) in cvFeeds {
                _ = UnsafeMutableBufferPointer(rebasing: buffer[..<frames]).update(fromContentsOf: inputBlock[channel][..<frames])
            }
        } else {
            // Cleared every block: in place, the plugin's last output is still there.
            (0..<first.audioInputCount).forEach { first.audioInput($0).update(repeating: 0) }
        }
        try deliverTime(start: start, frames: frames)
        try midi.deliver(blockStart: start, frames: frames, to: first)
        first.run(frames: frames)
        for (link, (source, destination)) in zip(links, zip(instances, instances.dropFirst())) {
            link.feed(destination, frames: frames) { channel, samples in
                _ = samples.update(fromContentsOf: source.audioOutput(channel)[..<frames])
            }
            destination.run(frames: frames)
        }
    }

    /// Moves the time controls to the block's start and adds a `time:Position` where one is
    /// due. Where the first plugin takes MIDI and time in one sequence, the MIDI before each
    /// position goes in first, so that the events stay in time order.
    private func deliverTime(start: Int, frames: Int) throws {
        let due = transport.changes(from: start, frames: frames)
        let blockStart = transport.position(at: start)
        for instance in instances {
            instance.followTime(blockStart)
            guard instance.acceptsTime else { continue }
            for frame in due {
                if instance === instances[0], instance.sharesTimeAndMIDI {
                    try midi.deliver(blockStart: start, frames: frame - start, to: instance)
                }
                try instance.addPosition(frame: frame - start, transport.position(at: frame))
            }
        }
    }

    private static func routing(from input: AudioSource, to instance: PluginInstance,
                                map: [(channel: Int, symbol: String)]?) throws -> ChannelRouting {
        let uri = instance.plugin.uri
        let cvInputs = instance.plugin.ports.filter { $0.kind == .cv && $0.isInput }.map(\.symbol)
        if let map {
            return try ChannelRouting(map: map, sourceCount: input.channelCount, to: instance.plugin, alsoValid: cvInputs)
        }
        guard instance.audioInputCount > 0 else {
            let cv = cvInputs.isEmpty ? "" : "; feed its CV inputs with --map CH:\(cvInputs[0])"
            throw HostError("The plugin \(uri) has no audio inputs, so it cannot take an input file\(cv).")
        }
        guard let routing = ChannelRouting(from: input.channelCount, to: instance.plugin) else {
            let main = instance.plugin.mainAudioInputs.map(\.symbol)
            let sideChains = instance.plugin.ports(.audio, input: true).filter(\.isSideChain).map(\.symbol)
            let inputs = counted(main.count, sideChains.isEmpty ? "audio input" : "main audio input") + " (\(main.joined(separator: ", ")))"
                + (sideChains.isEmpty ? "" : " and the side-chain\(sideChains.count == 1 ? "" : "s") \(sideChains.joined(separator: ", "))")
            throw HostError("The input has \(counted(input.channelCount, "channel")) but the plugin \(uri) has \(inputs); choose the channels with --map CH:SYMBOL,….")
        }
        return routing
    }

    private static func routing(from source: PluginInstance, to destination: PluginInstance) throws -> ChannelRouting {
        let from = source.plugin.uri, to = destination.plugin.uri
        guard destination.audioInputCount > 0 else {
            throw HostError("The plugin \(to) has no audio inputs, so it cannot follow \(from) in a chain.")
        }
        guard let routing = ChannelRouting(from: source.audioOutputCount, to: destination.plugin) else {
            throw HostError("The plugin \(from) has \(counted(source.audioOutputCount, "audio output")) but \(to), which follows it, has \(counted(destination.audioInputCount, "audio input")).")
        }
        return routing
    }
}
