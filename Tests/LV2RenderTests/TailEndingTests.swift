import HostFiles
import Foundation
@testable import LV2Host
import TestSupport
import XCTest

/// The default length rule: after the input ends, the render goes on until the output
/// is silent or holds a steady level (dither, noise, hum), and a decay is kept whole.
final class TailEndingTests: XCTestCase {
    let folder = TemporaryFolder("tail")
    static let rate = 48000.0
    /// swh-lv2's GVerb (Debian package swh-lv2): a reverb whose decay time is a control.
    static let reverb = "http://plugin.org.uk/swh-plugins/gverb"

    /// Feeds `signal` to a watch starting at frame 0, in blocks of 512; the length and the reason.
    private func watch(_ signal: [Float]) -> (frames: Int?, reason: RenderEndReason?) {
        var watch = TailWatch(start: 0, window: Int(0.1 * Self.rate), limit: Int(30 * Self.rate))
        let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: 512)
        defer { block.deallocate() }
        for first in stride(from: 0, to: signal.count, by: 512) {
            let frames = min(512, signal.count - first)
            _ = block.update(fromContentsOf: signal[first..<(first + frames)])
            if let end = watch.scan([block], frames: frames, first: first) { return (end, watch.reason) }
        }
        return (nil, nil)
    }

    /// Noise whose level falls `decibelsPerSecond` from `amplitude`, for `seconds`.
    private func decayingNoise(decibelsPerSecond: Double, seconds: Double, amplitude: Float = 0.5) -> [Float] {
        TestSignals.noise(count: Int(seconds * Self.rate), amplitude: amplitude).enumerated().map { index, sample in
            sample * Float(pow(10, -decibelsPerSecond * Double(index) / Self.rate / 20))
        }
    }

    func testSteadyNoiseEndsTheTailWithinTwoSeconds() {
        let (frames, reason) = watch(TestSignals.noise(count: Int(5 * Self.rate), amplitude: 0.004))
        XCTAssertEqual(reason, .steadyLevel)
        XCTAssertLessThanOrEqual(try XCTUnwrap(frames), Int(2 * Self.rate))
    }

    func testSteadyHumEndsTheTail() {
        let (frames, reason) = watch(TestSignals.sine(frequency: 55, sampleRate: Self.rate, seconds: 5, amplitude: 0.01))
        XCTAssertEqual(reason, .steadyLevel)
        XCTAssertLessThanOrEqual(try XCTUnwrap(frames), Int(2 * Self.rate))
    }

    /// A decay of 1.5 dB/s is a reverb time of 40 s: still a decay, kept for the 10 s given.
    func testSlowDecayIsNotSteady() {
        XCTAssertNil(watch(decayingNoise(decibelsPerSecond: 1.5, seconds: 10)).reason)
    }

    /// A decay of 12 dB/s (a reverb time of 5 s) runs whole, to below -100 dBFS.
    func testDecayRunsToSilence() throws {
        let (frames, reason) = watch(decayingNoise(decibelsPerSecond: 12, seconds: 12) + [Float](repeating: 0, count: 48000))
        XCTAssertEqual(reason, .silence)
        // -6 dBFS to -100 dBFS at 12 dB/s: about 7.8 s.
        XCTAssertGreaterThan(try XCTUnwrap(frames), Int(7 * Self.rate))
    }

    /// A level that keeps changing (a tremolo) is neither silent nor steady: the cap ends it.
    func testChangingLevelRunsToTheCap() {
        let tremolo = (0..<Int(31 * Self.rate)).map { Float(0.1 + 0.09 * sin(2 * Double.pi * 0.7 * Double($0) / Self.rate)) }
        let (frames, reason) = watch(zip(tremolo, TestSignals.noise(count: tremolo.count)).map { $0 * $1 })
        XCTAssertEqual(reason, .tailCap)
        XCTAssertEqual(frames, Int(30 * Self.rate))
    }

    // MARK: - Whole renders

    private func renderJSON(_ arguments: [String]) throws -> (summary: [String: Any], standardError: String) {
        let result = try LV2RenderTool.run(arguments + ["--json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return (summary, result.standardError)
    }

    /// Dither never goes silent; the render still ends within 2 s after the input plus the latency.
    func testDitheredRenderEndsSoonAfterTheInput() throws {
        let input = folder.path("in.wav")
        try writeWAV(TestSignals.stereo(TestSignals.sine(frequency: 440, sampleRate: Self.rate, seconds: 2)), sampleRate: Self.rate, to: input)
        for settings in [["--preset", "urn:swiftlv2:rate-adapter#early-digital"], ["--set", "dither=1", "--set", "bits=8"]] {
            let output = folder.path("dithered.wav")
            let (summary, standardError) = try renderJSON(["render", "urn:swiftlv2:rate-adapter", "--input", input, "-o", output] + settings)
            XCTAssertEqual(standardError, "")
            XCTAssertEqual(summary["ending"] as? String, "steady-level", "\(settings)")
            let latency = try XCTUnwrap(summary["latency"] as? Int)
            let frames = try AudioFile.read(path: output).frameCount
            XCTAssertEqual(summary["frames"] as? Int, frames)
            XCTAssertLessThanOrEqual(frames, Int(2 * Self.rate) + latency + Int(2 * Self.rate), "\(settings)")
            // The dither is still there at the end: the render did not wait for silence.
            let rendered = try AudioFile.read(path: output).channels[0]
            XCTAssertGreaterThan(SignalAnalysis.rms(rendered.suffix(4800)), 1e-4)
        }
    }

    /// A reverb's decay (GVerb, 8 s) is kept whole: the render goes on until it is silent.
    func testReverbDecayIsKeptWhole() throws {
        let input = folder.path("burst.wav"), output = folder.path("reverb.wav")
        try writeWAV([TestSignals.noise(count: Int(0.3 * Self.rate))], sampleRate: Self.rate, to: input)
        let (summary, _) = try renderJSON(["render", Self.reverb, "--input", input, "--set", "revtime=8", "-o", output])
        XCTAssertEqual(summary["ending"] as? String, "silence")
        let left = try AudioFile.read(path: output).channels[0]
        XCTAssertGreaterThan(left.count, Int(6 * Self.rate))
        // From its first second after the burst to its last, the tail fell more than 60 dB.
        let early = SignalAnalysis.rms(left[Int(0.3 * Self.rate)..<Int(1.3 * Self.rate)])
        XCTAssertLessThan(SignalAnalysis.decibels(SignalAnalysis.rms(left.suffix(4800)) / early), -60)
    }

    /// A decay longer than the cap ends at it, and says so on stderr and in --json.
    func testTailCapIsReported() throws {
        let input = folder.path("burst.wav"), output = folder.path("long.wav")
        try writeWAV([TestSignals.noise(count: Int(0.3 * Self.rate))], sampleRate: Self.rate, to: input)
        let (summary, standardError) = try renderJSON(["render", Self.reverb, "--input", input, "--set", "revtime=30", "-o", output])
        XCTAssertEqual(summary["ending"] as? String, "tail-cap")
        XCTAssertEqual(summary["frames"] as? Int, Int(30.3 * Self.rate))
        XCTAssertEqual(standardError.split(separator: "\n").count, 1, standardError)
        XCTAssertTrue(standardError.contains("30 s") && standardError.contains("--tail"), standardError)
    }
}
