import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// `--midi-out`: the last plugin's MIDI output as a Standard MIDI File, each event at its frame.
final class MIDIOutputTests: XCTestCase {
    let folder = TemporaryFolder("midi-out")

    /// eg-fifths sends each note on and off with its fifth: the file holds both, on the
    /// exact frames of the notes given, under any block partition. eg-fifths has no audio
    /// outputs, so no --output is needed.
    func testFifthsHoldsTheFifthsAtTheirFrames() throws {
        let expected: [(frame: Int, bytes: [UInt8])] = [
            (4800, [0x90, 60, 100]), (4800, [0x90, 67, 100]), (9600, [0x90, 64, 100]), (9600, [0x90, 71, 100]),
            (14400, [0x80, 60, 0]), (14400, [0x80, 67, 0]), (19200, [0x80, 64, 0]), (19200, [0x80, 71, 0]),
        ]
        for block in ["512", "random:1-777:5"] {
            let midi = folder.path("fifths-\(block).mid")
            try renderSucceeding(["render", Examples.fifths, "--notes", "60@0.1:0.2:100,64@0.2:0.2:100", "--block", block,
                                  "--midi-out", midi])
            let events = try MIDIFile(path: midi).events
            XCTAssertEqual(events.map { Int(($0.seconds * 48000).rounded()) }, expected.map(\.frame), block)
            XCTAssertEqual(events.map(\.bytes), expected.map(\.bytes), block)
        }
    }

    /// At 96 kHz a tick is two frames, still exact for events on even frames.
    func testEventsKeepTheirFramesAtOtherRates() throws {
        let midi = folder.path("fifths-96k.mid")
        try renderSucceeding(["render", Examples.fifths, "--notes", "60@0.25:0.5", "--rate", "96000", "--midi-out", midi])
        let frames = try MIDIFile(path: midi).events.map { Int(($0.seconds * 96000).rounded()) }
        XCTAssertEqual(frames, [24000, 24000, 72000, 72000])
    }

    func testAudioOutputForAPluginWithoutAudioIsRefused() throws {
        let result = try LV2RenderTool.run(["render", Examples.fifths, "--notes", "60@0:0.1", "--midi-out", folder.path("f.mid"),
                                            "-o", folder.path("f.wav")])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "The plugin \(Examples.fifths) has no audio outputs, so there is no audio for --output; leave it out and keep --midi-out.\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("f.mid")))
    }
}
