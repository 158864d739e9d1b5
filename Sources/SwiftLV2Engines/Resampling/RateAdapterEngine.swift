import DSPKit
import RealTimeMath

/// The rate adapter's controls, already checked and clamped. The plugin's declaration
/// holds their ranges and defaults (`RateAdapterSettings.defaults` in the RateAdapter module).
public struct RateAdapterSettings: Equatable {
    /// The internal rate asked for, in Hz (the engine uses it between its lowest rate
    /// and the host rate).
    public var rate: Double
    public var quality: SampleRateConverter.Quality
    /// 0 is the dry input only, 1 the converted signal only.
    public var mix: Double
    /// Off is the host's bypass: the dry input, still delayed by the latency.
    public var enabled: Bool
    /// What the signal is reduced to at the internal rate (at the host rate when the
    /// converters are passed by).
    public var wordLength: WordLength

    @_noAllocation @_noLocks
    public init(rate: Double, quality: SampleRateConverter.Quality, mix: Double, enabled: Bool, wordLength: WordLength) {
        self.rate = rate
        self.quality = quality
        self.mix = mix
        self.enabled = enabled
        self.wordLength = wordLength
    }
}

/// Runs stereo audio through libsamplerate at an internal rate and back, with a
/// phase-aligned dry path, knowing nothing of LV2.
///
/// Everything happens on fixed quanta (`BlockQuantizer`), so the output does not
/// depend on the host's block sizes; the quantizer also sanitizes the input on its way
/// in. Per quantum: the input goes into the dry delay line and through the current
/// quality's `RoundTripResampler`; the wet signal is the converted one, or the dry one
/// bit for bit when the internal rate reaches the host rate; then `mix` and `enabled`
/// blend dry and wet. Every change
/// glides: the rate over `rateGlideSeconds`, the blends over `blendSeconds`, a change
/// of quality by a crossfade (`QualityBank`). The reported latency is the quantizer's
/// plus the round trip's, and the dry path is delayed by exactly as much.
public struct RateAdapterEngine: ~Copyable {
    public typealias Quality = SampleRateConverter.Quality

    /// The shortest quantum, in seconds. The quantum is part of the latency, and
    /// libsamplerate's cost per call (plus our own per quantum) is what makes short ones
    /// dear for the cheap converters: at 48 kHz zero-order hold and linear cost 1.25–1.39 ×
    /// raw libsamplerate with 32-frame quanta, 1.03–1.07 × with these (128 frames), and
    /// 1.02–1.04 × with 10 ms ones, which add 8 ms of latency to every quality (BENCHMARKS.md).
    static let quantumSeconds = 0.0025
    /// Quanta copied in and out of the quantizer at once; longer blocks go in pieces.
    static let quantaPerChunk = 8
    /// The glide steps once per quantum; each step changes the converters' filters a
    /// little, and over 50 ms the steps are small enough that no step stands out.
    static let rateGlideSeconds = 0.05
    static let blendSeconds = 0.01
    /// Long enough that the corners of the fade between two latencies never sound like a click.
    static let qualityFadeSeconds = 0.05
    private static let channels = 2

    public let hostRate: Double
    /// The lowest internal rate asked for; it sets each quality's latency.
    public let lowestRate: Double
    /// Frames per quantum: the smallest power of two, at least 32, that lasts
    /// `quantumSeconds` (128 at 44.1 and 48 kHz, 256 at 96 kHz). Benchmarks/bench.h
    /// repeats the 48 kHz figure, and a test keeps the two equal.
    public let quantum: Int
    private var quantizer: BlockQuantizer
    private var dry: DelayLine
    private var bank: QualityBank
    /// Internal rate / host rate, gliding in octaves, stepped once per quantum.
    private var ratioGlide: GlidingRatio
    private var blend: Blend
    /// Whether the next quantum is the first since `reset` (controls then jump).
    private var isFresh = true
    private let dryTap: SampleBuffer
    private let wet: SampleBuffer
    private let incomingOutput: SampleBuffer
    /// The dry signal reduced to the word length: the wet path while the converters are
    /// passed by (at the host rate, so the reduction happens there).
    private let passedBy: SampleBuffer
    private var hostRateRequantizer = Requantizer(seed: 0)

    /// - Parameter lowestRate: the lowest internal rate `process` will be asked for.
    public init?(hostRate: Double, lowestRate: Double) {
        guard hostRate.isFinite, hostRate > 0, lowestRate.isFinite, lowestRate > 0 else { return nil }
        var quantum = 32
        while Double(quantum) < Self.quantumSeconds * hostRate { quantum *= 2 }
        func frames(_ seconds: Double) -> Int { max(1, Int(seconds * hostRate)) }
        guard let bank = QualityBank(lowestRatio: min(1, lowestRate / hostRate), quantum: quantum,
                                     fadeFrames: frames(Self.qualityFadeSeconds))
        else { return nil }
        self.hostRate = hostRate
        self.lowestRate = lowestRate
        self.quantum = quantum
        self.bank = bank
        quantizer = BlockQuantizer(quantum: quantum, largestChunk: Self.quantaPerChunk * quantum)
        dry = DelayLine(maximumDelay: self.bank.longestLatency, maximumBlock: quantum, channels: Self.channels)
        ratioGlide = GlidingRatio(hostRate: hostRate, rampLength: max(1, frames(Self.rateGlideSeconds) / quantum))
        blend = Blend(rampLength: frames(Self.blendSeconds))
        dryTap = SampleBuffer(count: quantum * Self.channels)
        wet = SampleBuffer(count: quantum * Self.channels)
        incomingOutput = SampleBuffer(count: quantum * Self.channels)
        passedBy = SampleBuffer(count: quantum * Self.channels)
        reset()
    }

    /// Back to the state of a fresh engine: silence everywhere, controls jump on the next quantum.
    public mutating func reset() {
        quantizer.reset()
        dry.reset()
        bank.reset()
        hostRateRequantizer.reset()
        isFresh = true
    }

    /// The frames by which the output trails the input with these settings.
    @_noAllocation @_noLocks
    public func latency(with settings: RateAdapterSettings) -> Int {
        let quality = isFresh ? settings.quality : (bank.isFading ? bank.incoming ?? bank.active : bank.active)
        return quantizer.latency + bank.latency(of: quality)
    }

    /// Processes `frames` frames of planar stereo. Inputs may be the same memory as the
    /// outputs; unconnected inputs are silence, unconnected outputs are skipped.
    @_noAllocation @_noLocks
    public mutating func process(
        left: UnsafePointer<Float>?, right: UnsafePointer<Float>?,
        intoLeft outLeft: UnsafeMutablePointer<Float>?, right outRight: UnsafeMutablePointer<Float>?,
        frames: Int, settings: RateAdapterSettings
    ) {
        var done = 0
        while done < frames {
            let chunk = min(frames - done, quantizer.writableFrames)
            quantizer.write(left: left.map { $0 + done }, right: right.map { $0 + done }, frames: chunk)
            while quantizer.isQuantumReady {
                processQuantum(settings)
                quantizer.finishQuantum()
            }
            quantizer.read(left: outLeft.map { $0 + done }, right: outRight.map { $0 + done }, frames: chunk)
            done += chunk
        }
    }

    private mutating func processQuantum(_ settings: RateAdapterSettings) {
        dry.write(quantizer.quantumInput, frames: quantum)

        let internalRate = min(max(settings.rate, lowestRate), hostRate)
        ratioGlide.aim(at: internalRate)
        blend.passThrough.set(internalRate == hostRate ? 1 : 0)
        blend.wetAmount.set(settings.enabled ? min(max(settings.mix, 0), 1) : 0)
        if isFresh {
            ratioGlide.settle()
            blend.passThrough.settle()
            blend.wetAmount.settle()
            bank.start(with: settings.quality)
            isFresh = false
        } else {
            bank.request(settings.quality)
        }
        let ratio = ratioGlide.next()

        // The incoming quality, if any, sees the same glides as the active one.
        var activeBlend = blend, incomingBlend = blend
        let output = quantizer.quantumOutput
        render(bank.active, ratio: ratio, wordLength: settings.wordLength, into: output, blend: &activeBlend)
        blend = activeBlend
        guard let incoming = bank.incoming else { return }
        if bank.isIncomingReady {
            render(incoming, ratio: ratio, wordLength: settings.wordLength, into: incomingOutput.start, blend: &incomingBlend)
            crossfade(from: output, to: incomingOutput.start, into: output, frames: quantum,
                      channels: Self.channels, gain: &bank.fade)
            bank.finishFadeIfComplete()
        } else {
            bank.process(incoming, quantizer.quantumInput, into: incomingOutput.start, ratio: ratio,
                         wordLength: settings.wordLength)
            bank.advanceWarmUp()
        }
    }

    /// One quality's output for the current quantum: its wet signal (or the dry one at
    /// the host rate, reduced to the word length), blended with the dry signal delayed by
    /// the same latency.
    private mutating func render(
        _ quality: Quality, ratio: Double, wordLength: WordLength, into output: UnsafeMutablePointer<Float>,
        blend: inout Blend
    ) {
        guard blend.hearsDry else {
            // The converted signal alone, as usual: no dry tap to read, nothing to blend.
            bank.process(quality, quantizer.quantumInput, into: output, ratio: ratio, wordLength: wordLength)
            return
        }
        bank.process(quality, quantizer.quantumInput, into: wet.start, ratio: ratio, wordLength: wordLength)
        dry.read(delay: bank.latency(of: quality), frames: quantum, into: dryTap.start)
        var passing = dryTap.start
        if !wordLength.keepsEveryBit && !(blend.passThrough.isSettled && blend.passThrough.current == 0) {
            passedBy.start.copySamples(from: dryTap.start, count: quantum * Self.channels)
            hostRateRequantizer.process(passedBy.start, count: quantum * Self.channels, to: wordLength)
            passing = passedBy.start
        }
        crossfade(from: wet.start, to: passing, into: wet.start, frames: quantum,
                  channels: Self.channels, gain: &blend.passThrough)
        crossfade(from: dryTap.start, to: wet.start, into: output, frames: quantum,
                  channels: Self.channels, gain: &blend.wetAmount)
    }

    /// The two gains that blend wet and dry, gliding per frame.
    private struct Blend {
        /// 1 while the internal rate is the host rate and the wet path is the dry one.
        var passThrough: SmoothedValue
        /// `mix`, or 0 while bypassed.
        var wetAmount: SmoothedValue

        init(rampLength: Int) {
            passThrough = SmoothedValue(0, rampLength: rampLength)
            wetAmount = SmoothedValue(1, rampLength: rampLength)
        }

        /// Whether the output may contain any of the dry signal now.
        var hearsDry: Bool {
            !(passThrough.isSettled && passThrough.current == 0 && wetAmount.isSettled && wetAmount.current == 1)
        }
    }

    /// The conversion ratio, gliding in octaves so that a change of rate sounds even.
    ///
    /// `log2` and `exp2` are called only when the rate or the glide moves: at a steady
    /// rate they would give the same answer every quantum, at the price of two libm calls.
    /// At rest the ratio is exactly internal rate / host rate, not exp2(log2(…)) of it,
    /// which misses by an ulp: at 8 kHz in 48 kHz the down converter then steps by exactly
    /// 6 frames, as raw libsamplerate does, instead of drifting around whole frames, and
    /// zero-order hold and linear ran about 3 % faster there (BENCHMARKS.md).
    private struct GlidingRatio {
        private let hostRate: Double
        /// log2(ratio), gliding.
        private var octaves: SmoothedValue
        /// The internal rate `octaves` aims at.
        private var aimedRate: Double
        private var lastOctaves = 0.0
        private var lastRatio = 1.0

        init(hostRate: Double, rampLength: Int) {
            self.hostRate = hostRate
            aimedRate = hostRate
            octaves = SmoothedValue(0, rampLength: rampLength)
        }

        mutating func aim(at internalRate: Double) {
            guard internalRate != aimedRate else { return }
            aimedRate = internalRate
            octaves.set(LibM.log2(internalRate / hostRate))
        }

        mutating func settle() { octaves.settle() }

        mutating func next() -> Double {
            let value = octaves.next()
            guard !octaves.isSettled else { return aimedRate / hostRate }
            if value != lastOctaves {
                lastOctaves = value
                lastRatio = LibM.exp2(value)
            }
            return lastRatio
        }
    }
}
