import HostFiles

/// Everything a render needs: the chain, the timing and what goes in.
public struct RenderRequest {
    /// A chain: stage k's audio outputs feed stage k+1's audio inputs.
    public var stages: [RenderStage]
    public var sampleRate: Double = defaultSampleRate
    public var blocks: BlockPattern = .fixed(defaultBlockLength)
    /// MIDI for the first stage, in any order (the renderer sorts it). Events before 0 s,
    /// after `TimedMIDIEvent.latestSeconds` or at no finite time are dropped.
    public var midi: [TimedMIDIEvent] = []
    /// A MIDI file for the first stage, read as it plays; used instead of `midi` when set.
    public var midiFile: MIDIFile? = nil
    /// The tempo plugins that follow the transport get; nil: 120, or the MIDI file's tempo map.
    public var beatsPerMinute: Double? = nil
    /// Tempo changes (seconds from the first frame, beats per minute), in time order: the
    /// transport's tempo map instead of `beatsPerMinute` when not empty (a MIDI file's wins).
    public var tempoChanges: [(seconds: Double, beatsPerMinute: Double)] = []
    public var meter: Transport.Meter = .common
    /// Meter changes (seconds from the first frame, meter), in time order: each starts a bar.
    public var meterChanges: [(seconds: Double, meter: Transport.Meter)] = []
    /// Audio for the first stage, converted to `sampleRate` if it has another rate.
    public var input: AudioData? = nil
    /// The exact output length in seconds. Without it, the render lasts until the
    /// input and the MIDI end, then `tail`.
    public var duration: Double? = nil
    /// Seconds rendered after the end. nil: until the output has been silent for
    /// 0.1 s, but no longer than 30 s.
    public var tail: Double? = nil
    /// Drop the chain's reported latency from the start (and render that much longer).
    public var compensateLatency = false
    /// Connect each plugin's audio outputs to its input buffers.
    public var inPlace = false
    /// Which input file channel (from 0) feeds which audio input of the first plugin, by
    /// symbol; inputs left out get silence. nil: channels in order (see `ChannelRouting`).
    public var inputMap: [(channel: Int, symbol: String)]? = nil
    /// Gather the MIDI the last plugin writes to its atom outputs (`midiOutput`). A last
    /// plugin without audio outputs is then allowed: it renders no audio, only MIDI.
    public var collectsMIDIOutput = false
    /// Gather the last plugin's control outputs after every `run` (`controlOutputs`).
    public var collectsControlOutputs = false

    public init(stages: [RenderStage]) {
        self.stages = stages
    }

    /// The rate and block length a render has unless told otherwise, in every front end
    /// (lv2render's options, the C library's `swiftlv2_default_*`, so Python's).
    public static let defaultSampleRate = 48000.0
    public static let defaultBlockLength = 512

    /// Seconds as whole frames at `sampleRate`, rounded half away from zero: how every time a
    /// render is given (a duration, a tail, an automation point, a tempo change) becomes frames.
    public static func frames(_ seconds: Double, sampleRate: Double) -> Int {
        Int((seconds * sampleRate).rounded())
    }

    /// Durations and tails beyond this are refused: longer is surely a typing mistake.
    public static let longestDuration: Double = 3600
    /// The longest tail the default length rule waits for to go silent or steady, in seconds.
    public static let tailCapSeconds = 30.0
    /// 32 times 48 kHz; anything above is surely a typing mistake.
    public static let highestSampleRate = 1_536_000.0

    /// Throws unless the request can be rendered as far as its own fields tell.
    func validate() throws {
        try Self.checkSetUp(stages: stages, sampleRate: sampleRate, blocks: blocks, beatsPerMinute: beatsPerMinute,
                            tempoChanges: tempoChanges)
        try Self.checkTimes(meterChanges.map(\.seconds), of: "meter change")
        try Self.checkTiming(sampleRate: sampleRate, duration: duration, tail: tail)
        try input?.checkChannelLengths()
    }

    /// Throws unless the stages, rate, blocks and tempo can make a chain (`LiveChain` checks these alone).
    static func checkSetUp(stages: [RenderStage], sampleRate: Double, blocks: BlockPattern, beatsPerMinute: Double?,
                           tempoChanges: [(seconds: Double, beatsPerMinute: Double)] = []) throws {
        guard !stages.isEmpty else {
            throw HostError("A render needs at least one plugin.")
        }
        try checkTiming(sampleRate: sampleRate, duration: nil, tail: nil)
        try blocks.validate()
        for tempo in [beatsPerMinute].compactMap({ $0 }) + tempoChanges.map(\.beatsPerMinute)
        where !Transport.tempoRange.contains(tempo) {
            throw HostError("The tempo must be between \(Int(Transport.tempoRange.lowerBound)) and \(Int(Transport.tempoRange.upperBound)) beats per minute, not \(tempo.compactDescription).")
        }
        try checkTimes(tempoChanges.map(\.seconds), of: "tempo change")
    }

    /// Throws unless the times of the changes called `name` are in order, from 0 seconds on.
    static func checkTimes(_ times: [Double], of name: String) throws {
        for (a, b) in zip(times, times.dropFirst()) where !(a <= b) {
            throw HostError("The \(name)s must be in time order, but \(b.compactDescription) s comes after \(a.compactDescription) s.")
        }
        if let bad = times.first(where: { !($0.isFinite && $0 >= 0) }) {
            throw HostError("A \(name) must come at 0 seconds or later, not at \(bad.compactDescription).")
        }
    }

    /// Throws unless the sample rate, the duration and the tail are in range: what a
    /// command line can check before any plugin is loaded.
    public static func checkTiming(sampleRate: Double, duration: Double?, tail: Double?) throws {
        guard sampleRate.isFinite, sampleRate >= 1, sampleRate <= highestSampleRate else {
            throw HostError("The sample rate must be between 1 and \(Int(highestSampleRate)) Hz, not \(sampleRate.compactDescription).")
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= longestDuration) {
            throw HostError("The duration must be more than 0 and at most \(Int(longestDuration)) seconds, not \(duration).")
        }
        if let tail, !(tail.isFinite && tail >= 0 && tail <= longestDuration) {
            throw HostError("The tail must be between 0 and \(Int(longestDuration)) seconds, not \(tail).")
        }
    }
}
