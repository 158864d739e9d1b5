import HostFiles
import LV2Host
import lv2render
import TestSupport
import XCTest

final class NoteSpecTests: XCTestCase {
    func testEachNoteGivesANoteOnAndANoteOffOnChannelZero() throws {
        XCTAssertEqual(try NoteSpec.parse("69@1.0:0.5:100,72@1.5:0.25:90"), [
            TimedMIDIEvent(seconds: 1.0, bytes: [0x90, 69, 100]),
            TimedMIDIEvent(seconds: 1.5, bytes: [0x80, 69, 0]),
            TimedMIDIEvent(seconds: 1.5, bytes: [0x90, 72, 90]),
            TimedMIDIEvent(seconds: 1.75, bytes: [0x80, 72, 0]),
        ])
    }

    func testVelocityDefaultsTo100() throws {
        XCTAssertEqual(try NoteSpec.parse("60@0:1").map(\.bytes), [[0x90, 60, 100], [0x80, 60, 0]])
        XCTAssertEqual(NoteSpec.defaultVelocity, 100)
    }

    func testNotesInAnyOrderComeOutSortedAndChordsKeepTheirOrder() throws {
        let events = try NoteSpec.parse("67@2:1, 60@0:3:10 , 64@0:3:20,0@0.25:0.5:127")
        XCTAssertEqual(events.map(\.seconds), [0, 0, 0.25, 0.75, 2, 3, 3, 3])
        XCTAssertEqual(events.map(\.bytes), [
            [0x90, 60, 10], [0x90, 64, 20], [0x90, 0, 127], [0x80, 0, 0],
            [0x90, 67, 100], [0x80, 67, 0], [0x80, 60, 0], [0x80, 64, 0],
        ])
    }

    func testANoteRepeatedAsItEndsEndsFirst() throws {
        // Written later-first: the second A's note-on comes before the first A's note-off.
        let events = try NoteSpec.parse("69@0.5:0.5,69@0:0.5")
        XCTAssertEqual(events.map(\.seconds), [0, 0.5, 0.5, 1])
        XCTAssertEqual(events.map(\.bytes), [[0x90, 69, 100], [0x80, 69, 0], [0x90, 69, 100], [0x80, 69, 0]])
    }

    func testFramesOfTheNotes() throws {
        let events = try NoteSpec.parse("60@0.1:0.0000104")
        XCTAssertEqual(events.map { $0.frame(atSampleRate: 48_000) }, [4800, 4800])
        XCTAssertEqual(events.map { $0.frame(atSampleRate: 96_000) }, [9600, 9601])
    }

    func testMalformedItemsAreNamed() {
        for (number, spec) in ["72@x", "72", "72@1", "72@1:2:3:4", "C4@0:1", "72@1@2:3", "72@1:2:", "72@1:2:loud", ""].enumerated() {
            XCTAssertThrowsMessage(try NoteSpec.parse("60@0:1," + spec),
                                   "Note 2 of --notes, '\(spec)', is not note@start:duration:velocity.", "item \(number)")
        }
        XCTAssertThrowsMessage(try NoteSpec.parse("60@0:1,,62@1:1"), "Note 2 of --notes, '', is not note@start:duration:velocity.")
    }

    func testOutOfRangeValuesAreNamed() {
        let cases = [
            ("128@0:1", "Note 1 of --notes, '128@0:1', has note number 128; it must be 0 to 127."),
            ("-1@0:1", "Note 1 of --notes, '-1@0:1', has note number -1; it must be 0 to 127."),
            ("60@-0.5:1", "Note 1 of --notes, '60@-0.5:1', starts at -0.5 seconds; it must start at 0 or later."),
            ("60@nan:1", "Note 1 of --notes, '60@nan:1', starts at nan seconds; it must start at 0 or later."),
            ("60@0:0", "Note 1 of --notes, '60@0:0', lasts 0 seconds; it must last more than 0."),
            ("60@0:inf", "Note 1 of --notes, '60@0:inf', lasts inf seconds; it must last more than 0."),
            ("60@86400:1", "Note 1 of --notes, '60@86400:1', ends more than 24 hours in, later than lv2render plays."),
            ("60@0:1:0", "Note 1 of --notes, '60@0:1:0', has velocity 0; it must be 1 to 127."),
            ("60@0:1:128", "Note 1 of --notes, '60@0:1:128', has velocity 128; it must be 1 to 127."),
        ]
        for (spec, message) in cases {
            XCTAssertThrowsMessage(try NoteSpec.parse(spec), message)
        }
    }

    func testAnEmptySpecIsRefused() {
        for spec in ["", "  "] {
            XCTAssertThrowsMessage(try NoteSpec.parse(spec),
                                   "--notes is empty; give notes as note@start:duration:velocity, like 69@0:1:100.")
        }
    }
}
