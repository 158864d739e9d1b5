import Delay
import LV2TestKit
import XCTest

/// The delay as a host plays it: its built bundle, rendered with LV2TestKit.
final class DelayTests: XCTestCase {
    private let delay = Result { try LV2TestPlugin(uri: Delay.declaration.uri) }

    /// A click in each channel: full scale 1000 frames in on the left, half 2000 frames in on the right.
    private let clicks = [TestSignals.impulse(at: 1000, frames: 48000), TestSignals.impulse(at: 2000, frames: 48000).map { $0 / 2 }]

    /// The click at the mix (half), then its echo an eighth note later at the host's tempo
    /// (12000 frames at 120 beats per minute, 15000 at 96), exactly on its frame, each
    /// repeat at the feedback's level (half) of the one before; nothing else sounds.
    func testEchoesComeAnEighthNoteLaterAtTheHostsTempo() throws {
        for (tempo, step) in [(120.0, 12000), (96, 15000)] {
            let out = try delay.get().render(input: clicks, controls: ["mix": 0.5, "feedback": 0.5], seconds: 1.2, tempo: tempo)
            let frames = Array(stride(from: 1000, to: 57600, by: step))
            XCTAssertEqual(out[0].nonZeroFrames.map(\.frame), frames, "\(tempo) bpm")
            XCTAssertEqual(out[0].nonZeroFrames.map(\.value), [0.5] + (0..<frames.count - 1).map { 0.5 / Float(1 << $0) })
            XCTAssertEqual(out[1].nonZeroFrames.map(\.frame), Array(stride(from: 2000, to: 57600, by: step)), "\(tempo) bpm")
            XCTAssertEqual(out[1].nonZeroFrames.map(\.value), out[0].nonZeroFrames.map { $0.value / 2 },
                           "the right channel's click is half the left's")
        }
    }

    /// The note value sets the echo's time: a quarter note is 24000 frames at 120 beats
    /// per minute, a sixteenth 6000.
    func testTheDivisionSetsTheEchoTime() throws {
        for (division, step) in [(Float(0), 24000), (3, 6000)] {
            let out = try delay.get().render(input: clicks, controls: ["division": division, "mix": 1, "feedback": 0], seconds: 1)
            XCTAssertEqual(out[0].nonZeroFrames.map(\.frame), [1000 + step], "division \(division)")
            XCTAssertEqual(out[0].nonZeroFrames.first?.value, 1, "mix 1: the echo alone, at the click's level")
        }
    }

    /// A tone through the delay: the same samples whatever blocks the host cuts time into.
    func testTheSameSamplesInAnyBlocks() throws {
        let tone = TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.5)
        let reference = try delay.get().render(input: [tone, tone], seconds: 1)
        XCTAssertEqual(reference[0][..<12000].peakDecibels, SignalAnalysis.decibels(0.5 * 0.7), accuracy: 0.01,
                       "before the first echo: the dry tone at 1 − mix (0.3)")
        XCTAssertEqual(try delay.get().render(input: [tone, tone], seconds: 1, randomBlocks: 1...700).channels, reference.channels)
    }

    /// Every check of `lv2render check`: real-time safety, hostile input (NaN never reaches
    /// the feedback), the same output in any blocks.
    func testPassesTheChecks() throws {
        try delay.get().assertPassesChecks()
    }
}
