import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// The example ducker in Ardour 7 (see `ArdourSession`): Ardour gives the insert a side-chain
/// input of its own for the ducker's `lv2:isSideChain` port (`Route:add_sidechain`, what the
/// plugin window's "Side Chain" button does), and a second track feeds it.
final class ArdourSideChainTests: XCTestCase {
    static let rate = ArdourSession.sampleRate
    static let frames = 144_000
    /// A steady 440 Hz tone all along, and a loud 880 Hz burst from 1 s to 1.5 s (frames on
    /// Ardour's MIDI ticks, 12.5 frames at its default 120 bpm).
    static let tone = ArdourSession.Note(pitch: 69, start: 0, length: frames, velocity: 100)
    static let burst = ArdourSession.Note(pitch: 81, start: 48000, length: 24000, velocity: 127)
    /// A ratio steep enough that the burst (the sine synth at its default −12 dB) turns the
    /// tone down by the whole depth.
    static let depth = 10.0
    static let controls = ["Ratio": 20.0, "Depth": depth]
    /// Away from the burst's edges: the ducker's attack (5 ms) and release (100 ms), the synth's own.
    static let before = 4800..<48000, during = 52800..<72000, after = 81600..<139_200

    /// The burst on the side-chain turns the tone down by the depth while it plays and leaves
    /// it as the synth played it otherwise; the burst is not heard.
    func testArdourFeedsTheDuckersSideChainFromAnotherTrack() throws {
        let ducker = ExamplePackage.ducker
        var ardour = ArdourSession()
        ardour.lv2Path = try ducker.lv2Directory() + ":" + Repository.lv2PathWithOnlyOurBundle
        let master = try ardour.renderSideChain(synth: SynthPluginTests.uri, effect: ducker.uri, tone: Self.tone,
                                                burst: Self.burst, controls: Self.controls, frames: Self.frames)
        XCTAssertEqual(master.frameCount, Self.frames, "the export covers the session range")
        XCTAssertEqual(SignalAnalysis.peak(master.channels[1]), 0, "only the ducker's left goes to the master")
        let heard = master.channels[0]

        // The tone as the synth plays it, in Ardour's periods.
        let folder = TemporaryFolder("ardour-sidechain")
        let reference = try LV2RenderTool.run(["render", SynthPluginTests.uri, "--duration", String(Double(Self.frames) / Self.rate),
                                               "--block", "1024", "--notes", Self.tone.lv2renderSpec, "-o", folder.path("tone.wav")])
        XCTAssertEqual(reference.status, 0, reference.standardError)
        let tone = try AudioFile.read(path: folder.path("tone.wav")).channels[0]
        XCTAssertEqual(tone.count, Self.frames)

        for window in [Self.before, Self.after] {
            XCTAssertLessThan(ArdourTests.largestDifference(Array(heard[window]), Array(tone[window])), 1e-6,
                              "the tone untouched in \(window)")
        }
        let reduction = SignalAnalysis.decibels(SignalAnalysis.rms(heard[Self.during]) / SignalAnalysis.rms(tone[Self.during]))
        XCTAssertEqual(reduction, -Self.depth, accuracy: 0.05, "the tone turned down by the depth while the burst plays")
        // Only through the side-chain: no 880 Hz in what is heard.
        let during = heard[Self.during]
        let burstLevel = SignalAnalysis.amplitude(of: during, at: 880, sampleRate: Self.rate)
        let toneLevel = SignalAnalysis.amplitude(of: during, at: 440, sampleRate: Self.rate)
        XCTAssertLessThan(SignalAnalysis.decibels(burstLevel / toneLevel), -100, "the burst is not heard")
    }
}
