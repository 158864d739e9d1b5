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
    ///     (inputs left out get silence).
    ///   - notes: Notes to play on the MIDI input.
    ///   - midi: Other MIDI messages, with the second each is due.
    ///   - controls: Control inputs by port symbol.
    ///   - parameters: `patch:writable` parameters by URI, label or the URI's last part, or
    ///     control inputs by symbol, as text (`lv2render --set` reads the same): a path, a
    ///     number, `true`, a scale point's label in any case…
    ///   - state: A state directory to restore (as `savingState` or jalv wrote it).
    ///   - savingState: A directory to save the plugin's state to once the render is over.
    ///   - seconds: The output's length; nil: until the input and the notes end and the
    ///     output has then been silent for 0.1 s (at most 30 s more).
    ///   - sampleRate: Frames per second.
    ///   - blockSize: The frames of each `run` call; `randomBlocks` cuts them at random instead.
    ///   - tempo: Beats per minute in the host's transport (`time:Position`).
    /// - Returns: The output channels and the MIDI the plugin wrote.
    public func render(input: [[Float]]? = nil, notes: [TestNote] = [], midi: [(seconds: Double, bytes: [UInt8])] = [],
                       controls: [String: Float] = [:], parameters: [String: String] = [:],
                       state: String? = nil, savingState: String? = nil, seconds: Double? = nil,
                       sampleRate: Double = 48000, blockSize: Int = 512, randomBlocks: ClosedRange<Int>? = nil,
                       tempo: Double = 120) throws -> RenderedOutput {
        let stage = try Self.stage(of: info, controls: controls, parameters: parameters, state: state, savingState: savingState)
        var request = RenderRequest(stages: [stage])
        request.sampleRate = sampleRate
        request.blocks = randomBlocks.map { .random(min: $0.lowerBound, max: $0.upperBound, seed: 1) } ?? .fixed(blockSize)
        request.midi = notes.flatMap(\.events) + midi.map { TimedMIDIEvent(seconds: $0.seconds, bytes: $0.bytes) }
        request.beatsPerMinute = tempo
        request.input = input.map { AudioData(sampleRate: sampleRate, channels: $0) }
        request.duration = seconds
        request.collectsMIDIOutput = info.ports.contains { $0.kind == .atom && !$0.isInput }
        let result = try Renderer(world: world).render(request)
        return RenderedOutput(channels: result.audio.channels, midi: result.midiOutput, latency: result.latency,
                              sampleRate: sampleRate)
    }
}

extension LV2TestPlugin {
    /// The settings a render's instance gets (and each instance the checks make): `state`,
    /// then `controls`, then `parameters`, each as lv2render's `--set` takes it (`StageSetting`).
    /// Throws one sentence for a name the plugin lacks.
    static func stage(of info: PluginInfo, controls: [String: Float], parameters: [String: String],
                      state: String?, savingState: String? = nil) throws -> RenderStage {
        var stage = RenderStage(plugin: info, statePath: state, savedStatePath: savingState)
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

/// What a render wrote: audio channels and MIDI.
public struct RenderedOutput {
    /// One array per audio output, in port order.
    public var channels: [[Float]]
    /// What the plugin wrote to its event outputs, by frame: MIDI messages only.
    public var midi: [(frame: Int, bytes: [UInt8])]
    /// The latency the plugin reported, in frames.
    public var latency: Int
    /// The render's frames per second.
    public var sampleRate: Double

    /// The audio output `channel` (0 is the first).
    public subscript(channel: Int) -> [Float] { channels[channel] }

    /// The note-ons in `midi`: frame, key and velocity.
    public var noteOns: [(frame: Int, key: UInt8, velocity: UInt8)] {
        midi.compactMap { event in
            TimedMIDIEvent(seconds: 0, bytes: event.bytes).isNoteOn ? (event.frame, event.bytes[1], event.bytes[2]) : nil
        }
    }
}
