import HostFiles
import Foundation
import LV2Host

extension LV2TestPlugin {
    /// Renders the plugin offline through lv2render's own pipeline and returns what it wrote.
    ///
    /// The instance starts from its default state, then gets `state`, then `controls`, then
    /// `parameters` (in a block of no frames before the first, so a file they name is loaded
    /// when the first frame plays). The host's transport rolls from frame 0 at `tempo`.
    ///
    /// - Parameters:
    ///   - input: Audio for the plugin's main inputs, one array per channel in port order
    ///     (one channel feeds every main input; inputs left out get silence).
    ///   - sideChain: Audio for side-chain inputs, by the symbol of a side-chain port (one
    ///     array) or of its group (one array per port of the group in port order, or one for all).
    ///     Side-chains left out get silence. Channels shorter than the longest are padded with silence.
    ///   - notes: Notes to play on the MIDI input.
    ///   - midi: Other MIDI messages, with the second each is due.
    ///   - controls: Control inputs by port symbol.
    ///   - automation: Controls that move, by port symbol: (seconds, value) points in time
    ///     order, joined by straight lines (two at one time make a jump, on its exact frame),
    ///     as `lv2render --automate` moves them.
    ///   - parameters: `patch:writable` parameters by URI, label or the URI's last part, or
    ///     control inputs by symbol, as text (`lv2render --set` reads the same): a path, a
    ///     number, `true`, a scale point's label in any case…
    ///   - state: A state directory to restore (as `savingState` or jalv wrote it).
    ///   - savingState: A directory to save the plugin's state to once the render is over.
    ///   - seconds: The output's length; nil: until the input and the notes end and the
    ///     output has then been silent for 0.1 s (at most 30 s more).
    ///   - sampleRate: Frames per second.
    ///   - blockSize: The frames of each `run` call; `randomBlocks` cuts them at random instead.
    ///   - randomBlocks: The range random block lengths are drawn from.
    ///   - seed: The seed of those random lengths: the same seed, the same blocks.
    ///   - tempo: Beats per minute in the host's transport (`time:Position`).
    ///   - tempoChanges: Later tempos (seconds, beats per minute) in time order; the
    ///     transport tells the plugin each at its exact frame.
    ///   - meter: The transport's meter from frame 0 (beats a bar, the beat's note value): 3/4 is `(3, 4)`.
    ///   - meterChanges: Later meters (seconds, beats a bar, note value) in time order, each told
    ///     at its exact frame, where it starts a bar (the bar it cuts is shorter); beats count on.
    /// - Returns: The output channels, the MIDI the plugin wrote and its control outputs.
    /// - Throws: One sentence naming the argument that is wrong (a symbol the plugin lacks,
    ///   more channels than inputs), or what the render met.
    public func render(input: [[Float]]? = nil, sideChain: [String: [[Float]]] = [:], notes: [TestNote] = [],
                       midi: [(seconds: Double, bytes: [UInt8])] = [], controls: [String: Float] = [:],
                       automation: [String: [(seconds: Double, value: Float)]] = [:], parameters: [String: String] = [:],
                       state: String? = nil, savingState: String? = nil, seconds: Double? = nil,
                       sampleRate: Double = 48000, blockSize: Int = 512, randomBlocks: ClosedRange<Int>? = nil,
                       seed: UInt64 = 1, tempo: Double = 120,
                       tempoChanges: [(seconds: Double, beatsPerMinute: Double)] = [],
                       meter: (beatsPerBar: Double, beatUnit: Int) = (4, 4),
                       meterChanges: [(seconds: Double, beatsPerBar: Double, beatUnit: Int)] = []) throws -> RenderedOutput {
        var stage = try Self.stage(of: info, controls: controls, parameters: parameters, state: state, savingState: savingState)
        stage.automations = try automation.sorted { $0.key < $1.key }.map { symbol, points in
            try Self.controlInput(symbol, of: info, argument: "automation")
            return try Automation(symbol: symbol, points: points, sampleRate: sampleRate, argument: "automation: \(symbol)")
        }
        var request = RenderRequest(stages: [stage])
        request.sampleRate = sampleRate
        request.blocks = randomBlocks.map { .random(min: $0.lowerBound, max: $0.upperBound, seed: seed) } ?? .fixed(blockSize)
        request.midi = notes.flatMap(\.events) + midi.map { TimedMIDIEvent(seconds: $0.seconds, bytes: $0.bytes) }
        request.beatsPerMinute = tempo
        request.tempoChanges = tempoChanges.isEmpty ? [] : [(0, tempo)] + tempoChanges
        request.meter = try Self.meter(meter.beatsPerBar, meter.beatUnit, argument: "meter")
        request.meterChanges = try meterChanges.map { ($0.seconds, try Self.meter($0.beatsPerBar, $0.beatUnit, argument: "meterChanges")) }
        if input != nil || !sideChain.isEmpty {
            let routed = try AudioRouting(info: info, input: input ?? [], sideChain: sideChain)
            request.input = AudioData(sampleRate: sampleRate, channels: routed.channels)
            request.inputMap = routed.map
        }
        request.duration = seconds
        request.collectsMIDIOutput = info.ports.contains { $0.kind == .atom && !$0.isInput }
        request.collectsControlOutputs = true
        let result = try Renderer(world: world).render(request)
        return RenderedOutput(channels: result.audio.channels, midi: result.midiOutput, latency: result.latency,
                              sampleRate: sampleRate, controlOutputs: result.controlOutputs)
    }

    /// The meter `beatsPerBar`/`beatUnit`, or one sentence naming the kit's `argument`.
    static func meter(_ beatsPerBar: Double, _ beatUnit: Int, argument: String) throws -> Transport.Meter {
        guard Transport.Meter.isValid(beatsPerBar: beatsPerBar, beatUnit: beatUnit) else {
            throw HostError("\(beatsPerBar.compactDescription)/\(beatUnit) is no meter (in \(argument):): a meter has more than 0 and at most 1000 beats a bar, of a note value that is a power of two up to 64.")
        }
        return Transport.Meter(beatsPerBar: beatsPerBar, beatUnit: beatUnit)
    }

    /// Throws unless `symbol` is a control input of the plugin, naming the kit's `argument`.
    static func controlInput(_ symbol: String, of info: PluginInfo, argument: String) throws {
        let inputs = info.ports.filter { $0.kind == .control && $0.isInput }.map(\.symbol)
        guard inputs.contains(symbol) else {
            throw HostError("The plugin \(info.uri) has no control input \(symbol) (in \(argument):); its control inputs are \(inputs.isEmpty ? "none" : inputs.joined(separator: ", ")).")
        }
    }
}

extension LV2TestPlugin {
    /// The settings a render's instance gets (and each instance the checks make): `state`,
    /// then `controls`, then `parameters`, each as lv2render's `--set` takes it (`StageSetting`).
    /// Throws one sentence for a name the plugin lacks.
    static func stage(of info: PluginInfo, controls: [String: Float], parameters: [String: String],
                      state: String?, savingState: String? = nil) throws -> RenderStage {
        var stage = RenderStage(plugin: info, statePath: state, savedStatePath: savingState)
        for symbol in controls.keys { try controlInput(symbol, of: info, argument: "controls") }
        let settings = controls.sorted { $0.key < $1.key }.map { StageSetting($0.key, "\($0.value)") }
            + parameters.sorted { $0.key < $1.key }.map { StageSetting($0.key, $0.value) }
        for setting in settings { try stage.set(setting) }
        return stage
    }
}

/// A note for `LV2TestPlugin.render`: a note-on and, `length` seconds later, its note-off.
public struct TestNote {
    /// The MIDI key, 60 is middle C and 69 the A at 440 Hz.
    public var key: UInt8
    /// How hard the key is struck, 1 to 127.
    public var velocity: UInt8
    /// When the note starts, in seconds from the render's first frame.
    public var start: Double
    /// How long the key is held, in seconds.
    public var length: Double
    /// The MIDI channel, 0 to 15.
    public var channel: UInt8

    /// The key `key` struck at `velocity` at `start` seconds and held for `length` seconds.
    public init(_ key: UInt8, velocity: UInt8 = 100, at start: Double = 0, length: Double = 0.5, channel: UInt8 = 0) {
        self.key = key
        self.velocity = velocity
        self.start = start
        self.length = length
        self.channel = channel
    }

    var events: [TimedMIDIEvent] {
        [TimedMIDIEvent(seconds: start, bytes: [0x90 | channel, key, velocity]),
         TimedMIDIEvent(seconds: start + length, bytes: [0x80 | channel, key, 0])]
    }
}

/// What a render wrote: audio channels, MIDI and control outputs.
public struct RenderedOutput {
    /// One array per audio output, in port order.
    public var channels: [[Float]]
    /// What the plugin wrote to its event outputs, by frame: MIDI messages only.
    public var midi: [(frame: Int, bytes: [UInt8])]
    /// The latency the plugin reported, in frames.
    public var latency: Int
    /// The render's frames per second.
    public var sampleRate: Double
    /// Each control output (a meter, a gain reduction) by symbol: its value after each `run`,
    /// at the frame where that block starts. Blocks are as `blockSize` or `randomBlocks` cut
    /// them, and cut again where `automation` moves a control.
    public var controlOutputs: [String: [(frame: Int, value: Float)]]

    /// The value the control output `symbol` held when the render ended; nil for a symbol that
    /// is no control output.
    public func lastValue(of symbol: String) -> Float? { controlOutputs[symbol]?.last?.value }

    /// The audio output `channel` (0 is the first).
    public subscript(channel: Int) -> [Float] { channels[channel] }

    /// The note-ons in `midi`: frame, key and velocity.
    public var noteOns: [(frame: Int, key: UInt8, velocity: UInt8)] {
        midi.compactMap { event in
            TimedMIDIEvent(seconds: 0, bytes: event.bytes).isNoteOn ? (event.frame, event.bytes[1], event.bytes[2]) : nil
        }
    }
}
