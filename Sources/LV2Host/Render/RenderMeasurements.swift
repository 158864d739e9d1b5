/// What was measured while rendering.
public struct RenderMeasurements {
    public var sampleRate: Double
    public var channelCount: Int
    /// The sum of the stages' reported latencies, in frames, read after the first block.
    public var latency: Int
    /// CPU time the rendering thread spent, plugins and host together.
    public var cpuSeconds: Double
    public var frames: Int
    /// Levels over all channels; -infinity for digital silence.
    public var peakDBFS: Double
    public var rmsDBFS: Double
    /// Sentences a user should see, such as which inputs got silence.
    public var notes: [String] = []
    /// Values a preset or state held that were left out or clamped, one sentence each.
    public var warnings: [String] = []
    /// With `collectsMIDIOutput`: the last plugin's MIDI output, by output frame.
    public var midiOutput: [(frame: Int, bytes: [UInt8])] = []
    /// With `collectsControlOutputs`: each control output of the last plugin by symbol, its
    /// value after each `run`, at the output frame where that block starts.
    public var controlOutputs: [String: [(frame: Int, value: Float)]] = [:]
    /// What ended the render: its set length, silence, a steady level, or the tail cap.
    public var endReason: RenderEndReason = .length
    /// Samples whose magnitude is above 1, which an integer format clips.
    public var samplesOverFullScale = 0
    /// NaN and infinite samples from the plugins, written as 0.
    public var nonFiniteSamples = 0

    public var seconds: Double { Double(frames) / sampleRate }
    /// How many times faster than real time the render ran.
    public var realtimeFactor: Double { cpuSeconds > 0 ? seconds / cpuSeconds : .infinity }
}

extension RenderMeasurements {
    /// Measurements made elsewhere (`lv2render render --isolate` gets them from its plugins'
    /// process); the rest keep their defaults until set.
    public init(sampleRate: Double, channelCount: Int, latency: Int, cpuSeconds: Double, frames: Int,
                peakDBFS: Double, rmsDBFS: Double) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.latency = latency
        self.cpuSeconds = cpuSeconds
        self.frames = frames
        self.peakDBFS = peakDBFS
        self.rmsDBFS = rmsDBFS
    }
}
