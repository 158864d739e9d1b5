import CMath
import DSPKit
import RealTimeMath

/// Converts stereo audio down to an internal rate and back up, one fixed quantum at a
/// time, with a constant delay of exactly `latency` frames.
///
/// The down converter is pushed each quantum's input and makes however many internal
/// frames that allows; they wait in a queue for the up converter, which must make
/// exactly one quantum of output. Its ratio is not simply the inverse of the down
/// ratio: on every call it is steered so that its output frames land exactly on the
/// host times `latency` frames in the past (see `ResamplingTimeline`). The two
/// converters' positions therefore cannot drift apart, whatever the rate automation
/// does, and the delay stays exact; while the ratio is constant the steering is simply
/// the inverse ratio.
///
/// `latency` is the smallest delay that gives the converters all the input they hold
/// back at the lowest ratio (`measureLookahead`), where their filters are longest. It
/// does not change with the ratio, so a host never has to re-align the track.
public struct RoundTripResampler: ~Copyable {
    public static let channels = 2
    public let quantum: Int
    /// Frames between a host frame going in and its converted frame coming out.
    public let latency: Int
    /// Output frames the up converter could not make in time and that were left silent.
    /// Stays 0 unless `latency` is too short; the tests watch it.
    public private(set) var starvedFrames = 0

    private var down: SampleRateConverter
    private var up: SampleRateConverter
    /// Internal frames made by `down`, waiting for `up`.
    private var internalFrames: FrameQueue
    private var timeline: ResamplingTimeline
    /// The internal position the up converter's next output reads, once it has started.
    private var upPosition: Double = 0
    private var upStarted = false
    private let lowestRatio: Double
    /// Reduces the internal frames to the word length asked for, between the converters.
    private var requantizer: Requantizer

    /// The up converter's spacing (internal frames per output frame) is kept within this
    /// while it is steered: never past the internal rate's own frames by more than a
    /// little, so its filter never widens and needs more lookahead than measured.
    private static let largestUpSpacing = 1.05

    /// The lowest ratio a round trip runs at. libsamplerate stops at 1/256; the rest
    /// is room for steering the up converter.
    public static let lowestSupportedRatio = 1.0 / 250

    /// - Parameters:
    ///   - lowestRatio: the lowest internal rate / host rate the caller will ask for
    ///     (at most 1, raised to `lowestSupportedRatio`); it sets the latency.
    ///   - quantum: the frames of every `process` call.
    public init?(quality: SampleRateConverter.Quality, lowestRatio: Double, quantum: Int) {
        guard let down = SampleRateConverter(quality: quality, channels: Self.channels),
              let up = SampleRateConverter(quality: quality, channels: Self.channels),
              lowestRatio > 0, lowestRatio <= 1, quantum > 0
        else { return nil }
        self.down = down
        self.up = up
        self.quantum = quantum
        self.lowestRatio = max(lowestRatio, Self.lowestSupportedRatio)
        requantizer = Requantizer(seed: UInt64(quality.rawValue) + 1)
        latency = Self.requiredLatency(down: &self.down, up: &self.up, lowestRatio: self.lowestRatio)
        // Before the up converter starts, the queue holds what `down` made during the
        // first `latency` frames; later, the few frames `up` leaves each call.
        internalFrames = FrameQueue(capacity: latency + 2 * quantum + 8, channels: Self.channels)
        timeline = ResamplingTimeline(capacity: (latency + quantum) / quantum + 4)
        reset()
    }

    /// The delay that gives the converters all the input they need at `lowestRatio`.
    ///
    /// The output at host time t needs the up converter at internal position
    /// i = (t + d_down) r + d_up (d: the converters' output delays), which needs internal
    /// frames up to ⌊i⌋ + lookahead_up − 1, which lie at host times up to
    /// t + (d_up + lookahead_up − 1) / r + d_down and need host input up to there plus
    /// lookahead_down. With input up to the end of the current quantum, that is the latency.
    private static func requiredLatency(
        down: inout SampleRateConverter, up: inout SampleRateConverter, lowestRatio: Double
    ) -> Int {
        let delay = down.quality.outputDelay
        let lookaheadDown = Double(down.measureLookahead(ratio: lowestRatio))
        // One frame more where a converter must never be left a single frame.
        let lookaheadUp = Double(up.measureLookahead(ratio: 1 / lowestRatio) + up.quality.minimumInputFrames - 1)
        let needed = (delay + lookaheadUp - 1) / lowestRatio + delay + lookaheadDown - 1
        return Int(needed.rounded(.up)) + 1  // one spare frame against rounding
    }

    /// Back to silence, as freshly made. Allocates nothing.
    public mutating func reset() {
        down.reset()
        up.reset()
        internalFrames.removeAll()
        timeline.reset(firstTime: 0)
        upPosition = 0
        upStarted = false
        starvedFrames = 0
        requantizer.reset()
    }

    /// Converts one quantum of interleaved stereo frames at `ratio` internal frames per
    /// host frame (clamped to lowestRatio…1), writing one quantum of output that is the
    /// input of `latency` frames ago, band-limited to the internal rate and reduced there
    /// to `wordLength`.
    public mutating func process(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, ratio: Double,
                                 wordLength: WordLength = .full) {
        let ratio = min(max(ratio, lowestRatio), 1)
        convertDown(input, ratio: ratio, wordLength: wordLength)
        convertUp(into: output)
        // Host time 0 moves to the next quantum; internal index 0 to the up converter's frame.
        let consumedIndex = upStarted ? LibM.floor(upPosition) : 0
        timeline.shift(time: Double(quantum), index: consumedIndex)
        upPosition -= consumedIndex
        timeline.discard(before: -Double(latency))
    }

    private mutating func convertDown(_ input: UnsafePointer<Float>, ratio: Double, wordLength: WordLength) {
        let result = down.process(
            input, frames: quantum, into: internalFrames.freeSpace, capacity: internalFrames.freeFrames, ratio: ratio)
        requantizer.process(internalFrames.freeSpace, count: result.produced * Self.channels, to: wordLength)
        internalFrames.didAppend(result.produced)
        timeline.append(frames: result.produced, ratio: ratio)
    }

    /// The up converter's position for the output that reproduces host time `time`.
    /// The down converter's frame at host position p holds the input at p − d_down, and
    /// the up converter at position i reads the internal stream at i − d_up.
    private func target(atTime time: Double) -> Double {
        timeline.index(atTime: time + down.quality.outputDelay) + up.quality.outputDelay
    }

    private mutating func convertUp(into output: UnsafeMutablePointer<Float>) {
        var frame = 0
        if !upStarted {
            // Output before the first input (time < 0 after the delays) is silence; the up
            // converter starts at its position 0, internal frame 0.
            while frame < quantum && target(atTime: Double(frame - latency)) < 0 { frame += 1 }
            output.silence(count: frame * Self.channels)
            guard frame < quantum else { return }
            upStarted = true
            upPosition = 0
        }
        // Steer: each stretch of outputs must end where the internal stream says. The
        // stretches end where the down converter's ratio changed, so that each follows
        // one straight line of the timeline; at a steady ratio there is one per quantum.
        while frame < quantum {
            let end = stretchEnd(from: frame)
            let wanted = end - frame
            let ratio = upRatio(covering: target(atTime: Double(end - latency)) - upPosition, in: wanted)
            let spacing = 1 / ratio  // as libsamplerate steps
            let result = up.process(
                internalFrames.frames, frames: internalFrames.count,
                into: output + frame * Self.channels, capacity: wanted, ratio: ratio)
            internalFrames.removeFirst(result.consumed)
            upPosition += Double(result.produced) * spacing
            frame += result.produced
            if result.produced < wanted {
                starvedFrames += quantum - frame
                (output + frame * Self.channels).silence(count: (quantum - frame) * Self.channels)
                return
            }
        }
    }

    /// The up converter's ratio that moves it `distance` internal frames in `outputs`
    /// outputs: never more than `largestUpSpacing` per output, and as slowly as
    /// libsamplerate allows when it is already there. (One division: this runs for every
    /// call, and a second, chained one cost as much as the rest of the call.)
    private func upRatio(covering distance: Double, in outputs: Int) -> Double {
        let slowest = SampleRateConverter.ratioLimits.upperBound
        guard distance > 0 else { return slowest }
        return min(max(Double(outputs) / distance, 1 / Self.largestUpSpacing), slowest)
    }

    /// The output frame (after `frame`, at most the quantum's end) that reproduces the
    /// first host time at which the internal frames were taken at a new ratio.
    private func stretchEnd(from frame: Int) -> Int {
        let delay = down.quality.outputDelay
        guard let change = timeline.nextChange(after: Double(frame - latency) + delay) else { return quantum }
        let changeFrame = LibM.ceil(change - delay + Double(latency))
        return changeFrame < Double(quantum) ? max(Int(changeFrame), frame + 1) : quantum
    }
}
