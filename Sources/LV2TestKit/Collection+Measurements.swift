/// What a listener would notice in one rendered channel, as properties of the samples.
/// Each is `SignalAnalysis`'s measurement, named for a test to read well:
/// `XCTAssertEqual(out[0].frequency(sampleRate: 48000), 440, accuracy: 0.1)`.
extension Collection where Element == Float, Index == Int {
    /// The frequency of a steady tone, in Hz (`SignalAnalysis.frequency`).
    public func frequency(sampleRate: Double) -> Double {
        SignalAnalysis.frequency(of: self, sampleRate: sampleRate)
    }

    /// The largest magnitude, in dB relative to full scale (1.0); -infinity for silence.
    public var peakDecibels: Double { SignalAnalysis.decibels(SignalAnalysis.peak(self)) }

    /// The root mean square level, in dB relative to full scale; -infinity for silence.
    public var rmsDecibels: Double { SignalAnalysis.decibels(SignalAnalysis.rms(self)) }

    /// The first frame whose magnitude is above `threshold`, or nil when none is: where a
    /// note or an echo starts.
    public func firstFrame(above threshold: Float) -> Int? {
        SignalAnalysis.onset(self, threshold: threshold)
    }

    /// The frames whose samples are not 0, with their values: an impulse's echoes.
    public var nonZeroFrames: [(frame: Int, value: Float)] {
        indices.compactMap { self[$0] != 0 ? ($0, self[$0]) : nil }
    }
}
