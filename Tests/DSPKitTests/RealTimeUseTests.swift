import DSPKit
import XCTest

/// Every DSPKit type used as a plugin's `run` uses it, inside a `@_noAllocation @_noLocks`
/// function: this file compiling is the proof that the checker accepts each per-sample call.
final class RealTimeUseTests: XCTestCase {
    struct Channel: ~Copyable {
        var gain = SmoothedValue(1, rampTime: 0.01, sampleRate: 48000)
        var fade = SmoothedValue(0, rampLength: 64)
        var echo = FractionalDelayLine(maximumDelay: 256)
        var block = DelayLine(maximumDelay: 32, maximumBlock: 64, channels: 1)
        var tone = Biquad(.lowPass, frequency: 2000, sampleRate: 48000)
        var dcBlocker = OnePole(.highPass, cutoff: 10, sampleRate: 48000)
        let scratch = SampleBuffer(count: 64)

        @_noAllocation @_noLocks
        mutating func run(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, frames: Int, cutoff: Double) {
            tone.set(.peaking(decibels: 3), frequency: cutoff, q: 2)
            tone.set(.lowPass, frequency: cutoff)
            dcBlocker.setCutoff(20, sampleRate: 48000)
            gain.set(0.5)
            fade.set(1)
            for frame in 0..<frames {
                let dry = SignalGuard.sanitized(input[frame])
                let delayed = echo.read(delay: 10.5)
                echo.write(SignalGuard.finite(dry + delayed * 0.5))
                let wet = tone.process(dcBlocker.process(delayed))
                output[frame] = SignalGuard.flushDenormal(wet * Float(gain.next()))
            }
            block.write(UnsafePointer(output), frames: frames)
            block.read(delay: 32, frames: frames, into: scratch.start)
            crossfade(from: UnsafePointer(output), to: UnsafePointer(scratch.start), into: output, frames: frames, channels: 1,
                      gain: &fade, law: .equalPower)
            tone.process(output, count: frames)
            SignalGuard.sanitize(output, count: frames)
            _ = CrossfadeLaw.linear.gains(at: 0.5)
            _ = echo.readCubic(delay: 20.25)
            scratch.zero()
        }
    }

    func testEveryTypeRunsInsideTheCheckedRunPath() {
        var channel = Channel()
        var input = Measure.noise(count: 64, seed: 9)
        input[3] = .nan
        var output = [Float](repeating: .nan, count: 64)
        for cutoff in [500.0, 5000, .nan] {
            output.withUnsafeMutableBufferPointer { channel.run(input, $0.baseAddress!, frames: 64, cutoff: cutoff) }
            XCTAssertTrue(output.allSatisfy(\.isFinite))
        }
    }
}
