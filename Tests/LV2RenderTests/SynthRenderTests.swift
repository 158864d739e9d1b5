import HostFiles
import LV2Host
import TestSupport
import XCTest

/// Our synth through the lv2render command line, from a Standard MIDI File.
final class SynthRenderTests: XCTestCase {
    let folder = TemporaryFolder("synth-render")

    /// A type-1 file: a tempo track (120 bpm, then 240 bpm from beat 2) and a track of
    /// four quarter notes, one per beat.
    func writeScore() throws -> String {
        let path = folder.path("tempo-change.mid")
        let notes: [MIDIFileWriter.Event] = [60, 64, 67, 72].enumerated().flatMap { index, pitch in
            [MIDIFileWriter.Event.noteOn(index == 0 ? 0 : 120, note: UInt8(pitch), velocity: 100),
             .noteOff(360, note: UInt8(pitch))]
        }
        let file = MIDIFileWriter(format: 1, division: .ticksPerQuarter(480), tracks: [
            [.init(0, .tempo(microsecondsPerQuarter: 500_000)), .init(960, .tempo(microsecondsPerQuarter: 250_000))],
            notes,
        ])
        try file.write(to: URL(fileURLWithPath: path))
        return path
    }

    func testEachNoteStartsOnItsFrameAcrossATempoChange() throws {
        let output = folder.path("notes.wav")
        try renderSucceeding(["render", "urn:swiftlv2:sine-synth", "--midi", try writeScore(),
                              "--set", "release=5", "--block", "256", "-o", output])
        let audio = try AudioFile.read(path: output).channels[0]
        // Beats 0 and 1 at 120 bpm (0.5 s), beats 2 and 3 at 240 bpm (0.25 s).
        for (start, end) in [(0, 18000), (24000, 42000), (48000, 57000), (60000, 69000)] {
            // A note's sine starts at phase 0: silent on its own frame, sounding from the next.
            XCTAssertEqual(SignalAnalysis.peak(audio[max(start - 20, 0)...start]), 0, "silence up to frame \(start)")
            XCTAssertGreaterThan(abs(audio[start + 1]), 0, "sound right after frame \(start)")
            XCTAssertGreaterThan(SignalAnalysis.peak(audio[(end - 100)..<end]), 0.05, "still sounding before its note-off")
        }
    }

    func testMIDIFileRendersTheSameWithAnyBlockSizes() throws {
        let score = try writeScore()
        let fixed = folder.path("fixed.wav"), random = folder.path("random.wav")
        try renderSucceeding(["render", "urn:swiftlv2:sine-synth", "--midi", score, "--block", "256", "-o", fixed])
        try renderSucceeding(["render", "urn:swiftlv2:sine-synth", "--midi", score, "--block", "random:1-4096:77", "-o", random])
        let reference = try AudioFile.read(path: fixed).channels[0]
        XCTAssertGreaterThan(SignalAnalysis.peak(reference), 0.1)
        XCTAssertEqual(try AudioFile.read(path: random).channels[0], reference)
    }
}
