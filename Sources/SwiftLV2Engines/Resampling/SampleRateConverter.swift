import CMath
import CSampleRate
import DSPKit
import RealTimeMath

/// One libsamplerate converter of interleaved frames, driven with `src_process`.
///
/// Each call converts at one constant ratio: the ratio is set with `src_set_ratio`
/// before the call, which turns off libsamplerate's own ramp from the previous ratio.
/// Every output frame's input position is then known exactly (each output advances
/// the position by 1 / ratio input frames), which `RoundTripResampler` relies on.
public struct SampleRateConverter: ~Copyable {
    /// libsamplerate's converters, numbered as libsamplerate numbers them.
    public enum Quality: Int32, CaseIterable {
        case sincBest = 0, sincMedium, sincFastest, zeroOrderHold, linear

        /// Where the output sits behind the input position, in input frames.
        ///
        /// The sinc converters are time-aligned. Linear interpolates between the frames
        /// at p − 1 and p; zero-order hold repeats the frame at ⌊p⌋ − 1, which is 1.5
        /// frames behind p on average. (Measured with libsamplerate 0.2.2; SwiftLV2EnginesTests
        /// check it.)
        public var outputDelay: Double {
            switch self {
            case .sincBest, .sincMedium, .sincFastest: 0
            case .linear: 1
            case .zeroOrderHold: 1.5
            }
        }

        /// The fewest input frames a call may bring. Zero-order hold and linear read the
        /// frame before the buffer when given exactly one (libsamplerate 0.2.2, seen
        /// with valgrind), so they get at least two.
        public var minimumInputFrames: Int {
            switch self {
            case .sincBest, .sincMedium, .sincFastest: 1
            case .zeroOrderHold, .linear: 2
            }
        }
    }

    /// libsamplerate refuses ratios beyond 1/256…256.
    public static let ratioLimits: ClosedRange<Double> = 1.0 / 256...256

    public let quality: Quality
    public let channels: Int
    private let state: OpaquePointer

    public init?(quality: Quality, channels: Int) {
        var error: Int32 = 0
        guard channels > 0, let state = src_new(quality.rawValue, Int32(channels), &error) else { return nil }
        self.quality = quality
        self.channels = channels
        self.state = state
    }

    deinit { src_delete(state) }

    /// Forgets all history, as if just created. Allocates nothing.
    public mutating func reset() { LibSampleRate.reset(state) }

    /// Converts up to `frames` input frames into at most `capacity` output frames at
    /// `ratio` output frames per input frame (clamped to `ratioLimits`).
    ///
    /// Returns how many input frames were taken and output frames made. The sinc
    /// converters take all the input their buffer has room for and make as many
    /// outputs as the input allows; zero-order hold and linear take only what the
    /// outputs needed. A single frame is left for the next call when this quality
    /// cannot take one alone.
    public mutating func process(
        _ input: UnsafePointer<Float>, frames: Int,
        into output: UnsafeMutablePointer<Float>, capacity: Int, ratio: Double
    ) -> (consumed: Int, produced: Int) {
        convert(input, frames: frames < quality.minimumInputFrames ? 0 : frames, into: output, capacity: capacity, ratio: ratio)
    }

    private mutating func convert(
        _ input: UnsafePointer<Float>, frames: Int,
        into output: UnsafeMutablePointer<Float>, capacity: Int, ratio: Double
    ) -> (consumed: Int, produced: Int) {
        let ratio = min(max(ratio, Self.ratioLimits.lowerBound), Self.ratioLimits.upperBound)
        LibSampleRate.setRatio(state, ratio)
        var data = SRC_DATA(
            data_in: input, data_out: output, input_frames: frames, output_frames: max(capacity, 0),
            input_frames_used: 0, output_frames_gen: 0, end_of_input: 0, src_ratio: ratio)
        guard LibSampleRate.process(state, &data) == 0 else { return (0, 0) }
        return (data.input_frames_used, data.output_frames_gen)
    }

    /// The input this converter holds back at `ratio`: the output at input position p
    /// appears once ⌊p⌋ + lookahead input frames have been given.
    ///
    /// Measured by feeding silence, since libsamplerate keeps its filter lengths
    /// private (and a sinc filter widens as the ratio drops). Leaves the converter reset.
    public mutating func measureLookahead(ratio: Double) -> Int {
        let ratio = min(max(ratio, Self.ratioLimits.lowerBound), Self.ratioLimits.upperBound)
        let capacity = 2 * Int(ratio.rounded(.up)) + 4
        // One frame at a time, for an exact count. The frame handed over is the second of
        // a silent pair, so the frame before it that zero-order hold and linear misread
        // is real memory, and silent.
        let silence = SampleBuffer(count: 2 * channels)
        let scratch = SampleBuffer(count: capacity * channels)
        // Enough outputs to have seen every phase of the input frames they fall between.
        let wanted = 2 * Int(ratio.rounded(.up)) + 8
        let giveUpAfterCalls = 1 << 22
        var given = 0, made = 0, calls = 0, lookahead = 0
        reset()
        while made < wanted && calls < giveUpAfterCalls {
            calls += 1
            let result = convert(silence.start + channels, frames: 1, into: scratch.start, capacity: capacity, ratio: ratio)
            given += result.consumed
            for output in made..<(made + result.produced) {
                let position = Int(floor(Double(output) / ratio))
                lookahead = max(lookahead, given - position)
            }
            made += result.produced
        }
        reset()
        return lookahead
    }
}
