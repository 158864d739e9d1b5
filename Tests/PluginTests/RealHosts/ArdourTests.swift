import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// Both plugins in Ardour 7, the DAW most of our users open (see `ArdourSession`): the
/// synth on a MIDI track and the rate adapter, with a factory preset, on an audio track,
/// exported, and compared with what lv2render renders of the same.
final class ArdourTests: XCTestCase {
    static let rate = ArdourSession.sampleRate
    /// B5 (988 Hz), which the Telephone preset passes, then F#8 (5920 Hz), which it
    /// removes. At Ardour's default 120 bpm a MIDI tick is 12.5 frames: these frames
    /// fall on ticks, so the notes lie in Ardour's region exactly where they are asked.
    static let notes = [ArdourSession.Note(pitch: 83, start: 6000, length: 12000),
                        ArdourSession.Note(pitch: 114, start: 30000, length: 12000)]
    static let frames = 96000
    static let telephone = "urn:swiftlv2:rate-adapter#telephone"

    /// On the master's left, the synth track sounds sample for sample as lv2render renders
    /// the synth (notes at their frames, the level the defaults give); on the right, the
    /// adapter's audio track sounds as lv2render renders the synth through the adapter with
    /// the preset and the latency removed: Ardour loaded the preset, read the latency the
    /// adapter reports and compensated it, so the audio track is not shifted in time.
    func testSessionInArdourSoundsAsLV2RenderRendersIt() throws {
        let ardour = try ArdourSession().render(frames: Self.frames, notes: Self.notes, preset: Self.telephone)
        let master = ardour.master
        XCTAssertEqual(master.sampleRate, Self.rate)
        XCTAssertEqual(master.channels.count, 2)
        XCTAssertEqual(master.frameCount, Self.frames, "the export covers the session range")

        let folder = TemporaryFolder("ardour-references")
        // lv2render in Ardour's period (1024 frames), as long as the session.
        let common = ["--notes", Self.notes.map(\.lv2renderSpec).joined(separator: ","), "--block", "1024",
                      "--duration", String(Double(Self.frames) / Self.rate), "--json"]
        let synth = try render(["render", SynthPluginTests.uri] + common, to: folder.path("synth.wav"))
        let chain = try render(["render", SynthPluginTests.uri, "--then", RateAdapterHarness.uri, "--preset", Self.telephone,
                                "--compensate-latency"] + common, to: folder.path("chain.wav"))

        XCTAssertEqual(ardour.adapterLatency, chain.latency, "Ardour reads the latency lv2render reads")
        XCTAssertGreaterThan(ardour.adapterLatency, 1000, "the preset's sinc converter has a latency to compensate")

        // The sine starts at phase 0, an exact zero: each note sounds from the frame after its start.
        let left = master.channels[0], right = master.channels[1]
        XCTAssertEqual(JalvTests.wholeNotes(in: left).map(\.lowerBound), Self.notes.map { $0.start + 1 })
        XCTAssertLessThan(Self.largestDifference(left, synth.audio.channels[0]), 1e-6, "the synth track against lv2render")
        XCTAssertLessThan(Self.largestDifference(right, chain.audio.channels[0]), 1e-6, "the adapter track against lv2render")

        // The preset audible, at the notes' own frames: 988 Hz at its level, 5920 Hz gone.
        let gains = Self.notes.map { note in
            let held = (note.start + 2400)..<(note.start + note.length - 2400)
            return SignalAnalysis.decibels(SignalAnalysis.rms(right[held]) / SignalAnalysis.rms(left[held]))
        }
        XCTAssertEqual(gains[0], 0, accuracy: 0.05, "988 Hz passes")
        XCTAssertLessThan(gains[1], -90, "5920 Hz is removed")
    }

    private func render(_ arguments: [String], to path: String) throws -> (audio: AudioData, latency: Int) {
        let result = try LV2RenderTool.run(arguments + ["-o", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let summary = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let latency = try XCTUnwrap(summary?["latency"] as? Int, result.standardOutput)
        return (try AudioFile.read(path: path), latency)
    }

    static func largestDifference(_ signal: [Float], _ reference: [Float]) -> Double {
        guard signal.count == reference.count else { return .infinity }
        return zip(signal, reference).reduce(0) { max($0, Double(abs($1.0 - $1.1))) }
    }
}
