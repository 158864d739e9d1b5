import HostFiles
import Foundation
@testable import LV2Host
import TestSupport
import XCTest

/// The example package, built as a newcomer builds it (`make` in its folder), loaded as
/// hosts load it, and played: the notes of the held chord one after another, in time,
/// as sound and as MIDI, and the latched chord back from a saved state.
final class ArpeggiatorExampleTests: XCTestCase {
    /// At the defaults (120 beats per minute, eighth notes, gate 0.5) a step lasts a
    /// quarter of a second at 48 kHz, and each note half of it.
    private static let step = 12000
    private static let noteLength = 6000
    private static let c4 = 261.6256, e4 = 329.6276, g4 = 391.9954

    func testBuildsIntoARealPluginBinary() throws {
        try ExamplePackage.arpeggiator.assertRealPluginBinary(needing: ["libc.so.6", "libm.so.6"])
    }

    func testTurtleValidatesAgainstTheLV2Specifications() throws {
        try BundleTests.assertValidTurtle(in: URL(fileURLWithPath: try ExamplePackage.arpeggiator.lv2Directory())
            .appendingPathComponent("arpeggiator.lv2"))
    }

    func testPlaysTheHeldChordUpwardsInTimeThroughLv2render() throws {
        let folder = TemporaryFolder("arpeggio")
        func render(_ options: [String]) throws -> [Float] {
            let result = try LV2RenderTool.run(["render", ExamplePackage.arpeggiator.uri, "--notes", "67@0:1,60@0:1,64@0:1",
                                                "-o", folder.path("out.wav")] + options,
                                               extraLV2Directories: [try ExamplePackage.arpeggiator.lv2Directory()])
            XCTAssertEqual(result.status, 0, result.standardError)
            return try AudioFile.read(path: folder.path("out.wav")).channels[0]
        }
        let sound = try render([])
        // Held for a second: four steps, lowest key first, then the next one up.
        for (index, expected) in [Self.c4, Self.e4, Self.g4, Self.c4].enumerated() {
            let start = index * Self.step
            let note = sound[(start + 480)..<(start + Self.noteLength - 480)]
            XCTAssertEqual(SignalAnalysis.cents(SignalAnalysis.frequency(of: note, sampleRate: 48000), from: expected), 0,
                           accuracy: 1, "step \(index)")
            // The default level, -12 dB, times lv2render's default velocity, 100.
            XCTAssertEqual(SignalAnalysis.peak(note), 0.2512 * 100 / 127, accuracy: 0.001, "step \(index)")
            // Silent between the gate's end (plus the 3 ms fade) and the next step.
            XCTAssertEqual(SignalAnalysis.peak(sound[(start + Self.noteLength + 200)..<(start + Self.step)]), 0, "after step \(index)")
        }
        XCTAssertEqual(try render(["--block", "random:1-700:5"]), sound, "the same notes whatever the host's blocks")
    }

    func testSendsTheArpeggioAsMIDI() throws {
        let instance = try Self.instance()
        instance.activate()
        let heard = Self.midiOut(of: instance, frames: 2 * Self.step, midi: [(100, [0x90, 64, 90]), (100, [0x90, 60, 80])])
        let expected: [(Int, [UInt8])] = [(100, [0x90, 60, 80]), (100 + Self.noteLength, [0x80, 60, 0]),
                                          (100 + Self.step, [0x90, 64, 90]), (100 + Self.step + Self.noteLength, [0x80, 64, 0])]
        XCTAssertEqual(heard.map(\.frame), expected.map(\.0))
        XCTAssertEqual(heard.map(\.bytes), expected.map(\.1))
    }

    func testLatchedChordComesBackFromTheSavedState() throws {
        let latched = try Self.instance()
        latched.setControl("latch", 1)
        latched.activate()
        _ = Self.midiOut(of: latched, frames: 4800, midi: [(0, [0x90, 62, 100]), (0, [0x90, 69, 100]),
                                                            (10, [0x80, 62, 0]), (10, [0x80, 69, 0])])
        let state = try XCTUnwrap(latched.saveState())

        let restored = try Self.instance()
        restored.setControl("latch", 1)
        restored.activate()
        XCTAssertTrue(restored.restoreState(state))
        let notes = Self.midiOut(of: restored, frames: 3 * Self.step, midi: []).filter { $0.bytes[0] == 0x90 }
        XCTAssertEqual(notes.map(\.bytes[1]), [62, 69, 62], "the latched D4 and A4 play on, with no key held")
        XCTAssertEqual(notes.map(\.frame), [0, Self.step, 2 * Self.step])
    }

    /// Plays `midi` (absolute frames) in blocks of 256, 1000 and 17 frames in turn, and
    /// returns the MIDI output at absolute frames.
    private static func midiOut(of instance: RawInstance, frames: Int, midi: [(Int, [UInt8])]) -> [(frame: Int, bytes: [UInt8])] {
        var heard: [(frame: Int, bytes: [UInt8])] = []
        var start = 0, blockIndex = 0
        while start < frames {
            let length = min([256, 1000, 17][blockIndex % 3], frames - start)
            blockIndex += 1
            instance.events?.clear(sequenceType: instance.sequenceType)
            for (frame, bytes) in midi where (start..<(start + length)).contains(frame) {
                _ = instance.events?.append(frame: frame - start, type: instance.midiEventType, bytes: bytes)
            }
            instance.run(frames: length)
            heard += instance.outputEvents(0).map { (start + $0.frame, $0.bytes) }
            start += length
        }
        return heard
    }

    private static func instance() throws -> RawInstance {
        let world = try LV2World(lv2Path: try ExamplePackage.arpeggiator.lv2Directory())
        let features = HandMadeFeatures(options: HandMadeFeatures.standardOptions(sampleRate: 48000))
        return try XCTUnwrap(RawInstance(try world.plugin(uri: ExamplePackage.arpeggiator.uri), sampleRate: 48000, features: features))
    }
}
