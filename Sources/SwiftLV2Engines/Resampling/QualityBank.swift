import DSPKit

/// One round trip per libsamplerate quality, all made up front, and the change from
/// one to another while audio plays.
///
/// Creating a converter allocates, so every quality's pair exists from `init`; a
/// change of quality only resets the new pair (no allocation). A freshly reset pair
/// has heard nothing, so it first runs alongside the old one until its output is
/// real (its latency, plus as much again for its filters' history), and only then does
/// the output crossfade to it.
public struct QualityBank: ~Copyable {
    public typealias Quality = SampleRateConverter.Quality

    /// One per quality, indexed by libsamplerate's number. (Not an `InlineArray`: Embedded
    /// Swift 6.3 cannot destroy one whose elements have a deinit in another module.)
    private let resamplers: UnsafeMutablePointer<RoundTripResampler>
    private static let count = 5
    /// The quality being heard.
    public private(set) var active: Quality
    /// The quality being prepared or faded in, if any.
    public private(set) var incoming: Quality?
    private var warmUpQuanta = 0
    private let fadeFrames: Int
    /// 0 while `active` is heard alone, gliding to 1 as `incoming` fades in.
    public var fade: SmoothedValue

    /// - Parameters:
    ///   - lowestRatio: the lowest internal rate / host rate (sets each quality's latency).
    ///   - fadeFrames: how long the crossfade from one quality to the next takes.
    public init?(lowestRatio: Double, quantum: Int, fadeFrames: Int) {
        resamplers = .allocate(capacity: Self.count)
        for index in 0..<Self.count {
            let quality = Quality(rawValue: Int32(index)) ?? .sincFastest
            guard let resampler = RoundTripResampler(quality: quality, lowestRatio: lowestRatio, quantum: quantum) else {
                resamplers.deinitialize(count: index)
                resamplers.deallocate()
                return nil
            }
            (resamplers + index).initialize(to: resampler)
        }
        active = .sincFastest
        self.fadeFrames = fadeFrames
        fade = SmoothedValue(0, rampLength: fadeFrames)
    }

    deinit {
        resamplers.deinitialize(count: Self.count)
        resamplers.deallocate()
    }

    /// Frames of delay a quality's round trip adds.
    public func latency(of quality: Quality) -> Int { resamplers[Int(quality.rawValue)].latency }

    /// The longest of those delays.
    public var longestLatency: Int {
        var longest = 0
        for index in 0..<Self.count { longest = max(longest, resamplers[index].latency) }
        return longest
    }

    /// Every round trip back to silence.
    public mutating func reset() {
        for index in 0..<Self.count { resamplers[index].reset() }
        incoming = nil
        fade = SmoothedValue(0, rampLength: fadeFrames)
    }

    /// Makes `quality` the one heard, at once; for the first quantum after `reset`,
    /// when every round trip is fresh and there is nothing to fade from.
    public mutating func start(with quality: Quality) {
        active = quality
        incoming = nil
    }

    /// Asks for `quality` from the next quantum on. A crossfade under way finishes first.
    public mutating func request(_ quality: Quality) {
        guard !isFading else { return }
        if quality == active {
            // Written only when it changes: storing this byte on every quantum made the
            // next quantum's wider read of `active` wait for the store (perf: 1 % of the
            // zero-order hold's time).
            if incoming != nil { incoming = nil }
        } else if quality != incoming {
            incoming = quality
            resamplers[Int(quality.rawValue)].reset()
            let warmUpFrames = 2 * latency(of: quality)
            warmUpQuanta = (warmUpFrames + resamplers[0].quantum - 1) / resamplers[0].quantum
        }
    }

    public var isFading: Bool { fade.current > 0 || !fade.isSettled }
    /// Whether the incoming quality's output is ready to be heard.
    public var isIncomingReady: Bool { incoming != nil && warmUpQuanta == 0 }

    /// Converts one quantum with `quality`'s round trip.
    public mutating func process(
        _ quality: Quality, _ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, ratio: Double,
        wordLength: WordLength
    ) {
        resamplers[Int(quality.rawValue)].process(input, into: output, ratio: ratio, wordLength: wordLength)
    }

    /// Counts a quantum of warm-up; once warm, starts the crossfade.
    public mutating func advanceWarmUp() {
        guard incoming != nil, warmUpQuanta > 0 else { return }
        warmUpQuanta -= 1
        if warmUpQuanta == 0 { fade.set(1) }
    }

    /// Once the crossfade is complete, the incoming quality becomes the active one.
    public mutating func finishFadeIfComplete() {
        guard let incoming, fade.isSettled, fade.current == 1 else { return }
        active = incoming
        self.incoming = nil
        fade = SmoothedValue(0, rampLength: fadeFrames)
    }
}
