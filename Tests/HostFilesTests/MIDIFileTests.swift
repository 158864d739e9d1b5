import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

final class MIDIFileTests: XCTestCase {
    typealias Event = MIDIFileWriter.Event

    // MARK: Reading what the writer wrote

    func testType0FileGivesEveryChannelMessageAtItsTime() throws {
        // 480 ticks per quarter at the default 120 bpm: 960 ticks a second.
        let file = try read(MIDIFileWriter(format: 0, tracks: [[
            .noteOn(0, channel: 2, note: 60, velocity: 100),
            Event(0, .channel([0xC2, 5])),            // program change: one data byte
            Event(480, .channel([0xB2, 7, 90])),      // control change
            Event(0, .channel([0xA2, 60, 30])),       // key pressure
            Event(240, .channel([0xD2, 40])),         // channel pressure: one data byte
            Event(0, .channel([0xE2, 0x00, 0x50])),   // pitch bend
            .noteOff(240, channel: 2, note: 60, velocity: 64),
        ]]))
        XCTAssertEqual(file.events, [
            TimedMIDIEvent(seconds: 0, bytes: [0x92, 60, 100]),
            TimedMIDIEvent(seconds: 0, bytes: [0xC2, 5]),
            TimedMIDIEvent(seconds: 0.5, bytes: [0xB2, 7, 90]),
            TimedMIDIEvent(seconds: 0.5, bytes: [0xA2, 60, 30]),
            TimedMIDIEvent(seconds: 0.75, bytes: [0xD2, 40]),
            TimedMIDIEvent(seconds: 0.75, bytes: [0xE2, 0x00, 0x50]),
            TimedMIDIEvent(seconds: 1, bytes: [0x82, 60, 64]),
        ])
        XCTAssertEqual(file.duration, 1)
    }

    func testType1FileMergesItsTracksInTimeThenTrackOrder() throws {
        let file = try read(MIDIFileWriter(format: 1, tracks: [
            [Event(0, .meta(type: 0x03, data: Array("Tempo track".utf8)))],
            [.noteOn(0, note: 60, velocity: 80), .noteOff(960, note: 60), .noteOn(0, note: 64, velocity: 81)],
            [.noteOn(480, channel: 1, note: 48, velocity: 82), .noteOn(480, channel: 1, note: 50, velocity: 83)],
        ]))
        XCTAssertEqual(file.events, [
            TimedMIDIEvent(seconds: 0, bytes: [0x90, 60, 80]),
            TimedMIDIEvent(seconds: 0.5, bytes: [0x91, 48, 82]),
            TimedMIDIEvent(seconds: 1, bytes: [0x80, 60, 0]),
            TimedMIDIEvent(seconds: 1, bytes: [0x90, 64, 81]),
            TimedMIDIEvent(seconds: 1, bytes: [0x91, 50, 83]),
        ])
    }

    func testRunningStatusGivesTheSameEventsAsFullStatusBytes() throws {
        var writer = MIDIFileWriter(format: 0, tracks: [[
            .noteOn(0, note: 60, velocity: 100), .noteOn(10, note: 64, velocity: 100),
            .noteOn(10, note: 67, velocity: 100), Event(0, .channel([0xC0, 3])), Event(0, .channel([0xC0, 4])),
            .noteOn(10, note: 60, velocity: 0), .noteOn(0, note: 64, velocity: 0), .noteOn(0, note: 67, velocity: 0),
        ]])
        let full = writer.bytes()
        writer.usesRunningStatus = true
        let running = writer.bytes()
        // Five status bytes are left out: all but the first of each run of equal statuses.
        XCTAssertEqual(running.count, full.count - 5)
        XCTAssertEqual(try MIDIFile(bytes: running).events, try MIDIFile(bytes: full).events)
        XCTAssertEqual(try MIDIFile(bytes: running).events.count, 8)
    }

    func testMetaAndSysexCancelRunningStatus() throws {
        // The writer repeats the status after meta and sysex events, so this reads back whole.
        let writer = MIDIFileWriter(format: 0, tracks: [[
            .noteOn(0, note: 60, velocity: 100), Event(0, .meta(type: 0x01, data: [0x41])),
            .noteOn(0, note: 62, velocity: 100), Event(0, .sysex(data: [0x7E, 0xF7])),
            .noteOn(0, note: 64, velocity: 100),
        ]], usesRunningStatus: true)
        XCTAssertEqual(try MIDIFile(bytes: writer.bytes()).events.map(\.bytes),
                       [[0x90, 60, 100], [0x90, 62, 100], [0x90, 64, 100]])

        // A data byte right after a meta event has no status to run on.
        let afterMeta: [UInt8] = [0x00, 0x90, 60, 100, 0x00, 0xFF, 0x01, 0x01, 0x41, 0x00, 62, 100, 0x00, 0xFF, 0x2F, 0x00]
        XCTAssertThrowsMessage(try MIDIFile(bytes: fileBytes(trackBodies: [afterMeta])),
                               "The MIDI data has a data byte with no status byte before it at byte 32 (meta and sysex events cancel running status).")
        let afterSysex: [UInt8] = [0x00, 0x90, 60, 100, 0x00, 0xF0, 0x01, 0xF7, 0x00, 62, 100, 0x00, 0xFF, 0x2F, 0x00]
        XCTAssertThrowsMessage(try MIDIFile(bytes: fileBytes(trackBodies: [afterSysex])),
                               "The MIDI data has a data byte with no status byte before it at byte 31 (meta and sysex events cancel running status).")
    }

    func testMetaAndSysexEventsOfEveryLengthAreSkipped() throws {
        let long = [UInt8](repeating: 0x55, count: 300)   // a two-byte length
        let file = try read(MIDIFileWriter(format: 0, tracks: [[
            Event(0, .meta(type: 0x03, data: long)),
            Event(0, .meta(type: 0x59, data: [0x02, 0x00])),        // key signature
            Event(0, .meta(type: 0x7F, data: [])),                  // empty sequencer-specific
            Event(0, .sysex(data: long + [0xF7])),
            .noteOn(480, note: 60, velocity: 100),
            Event(0, .sysex(data: [0x43, 0x12])),                   // a sysex sent in packets...
            Event(10, .sysexEscape(data: [0x00, 0xF7])),            // ...ending in an escape
            Event(0, .sysexEscape(data: [0xF8])),                   // a real-time byte sent as an escape
            .noteOff(470, note: 60),
        ]]))
        XCTAssertEqual(file.events, [
            TimedMIDIEvent(seconds: 0.5, bytes: [0x90, 60, 100]),
            TimedMIDIEvent(seconds: 1, bytes: [0x80, 60, 0]),
        ])
    }

    func testDurationIsTheLastEndOfTrackOfAnyTrack() throws {
        let file = try read(MIDIFileWriter(format: 1, tracks: [
            [.noteOn(0, note: 60, velocity: 100), .noteOff(480, note: 60)],
            [Event(1920, .endOfTrack)],
            [.noteOn(960, note: 64, velocity: 100), Event(0, .endOfTrack)],
        ]))
        XCTAssertEqual(file.duration, 2)
        XCTAssertEqual(file.events.last?.seconds, 1)
    }

    func testAnEmptyFileHasNoEventsAndNoDuration() throws {
        let file = try read(MIDIFileWriter(format: 1, tracks: []))
        XCTAssertEqual(file.events, [])
        XCTAssertEqual(file.duration, 0)
    }

    func testVelocityZeroNoteOnIsKeptAsItIs() throws {
        let file = try read(MIDIFileWriter(format: 0, tracks: [[
            .noteOn(0, note: 60, velocity: 100), .noteOn(480, note: 60, velocity: 0),
        ]]))
        XCTAssertEqual(file.events.map(\.bytes), [[0x90, 60, 100], [0x90, 60, 0]])
        XCTAssertTrue(file.events[1].isNoteOff)
        XCTAssertFalse(file.events[1].isNoteOn)
    }

    // MARK: Order at one instant

    func testANoteStruckAgainAsItEndsIsNotCutOff() throws {
        // The note-on of the second A comes before the note-off of the first in the file.
        let file = try read(MIDIFileWriter(format: 1, tracks: [
            [.noteOn(0, note: 69, velocity: 100), .noteOn(480, note: 69, velocity: 90), .noteOff(480, note: 69)],
            [.noteOff(480, note: 69, velocity: 7)],
        ]))
        XCTAssertEqual(file.events.map(\.bytes), [[0x90, 69, 100], [0x80, 69, 7], [0x90, 69, 90], [0x80, 69, 0]])
    }

    func testANoteOffStaysAfterASustainPedalPressedJustBeforeIt() throws {
        let file = try read(MIDIFileWriter(format: 0, tracks: [[
            .noteOn(0, note: 60, velocity: 100), .noteOn(480, note: 62, velocity: 100),
            Event(0, .channel([0xB0, 64, 127])), .noteOff(0, note: 60),
        ]]))
        XCTAssertEqual(file.events.map(\.bytes), [[0x90, 60, 100], [0x90, 62, 100], [0xB0, 64, 127], [0x80, 60, 0]])
    }

    func testANoteThatStartsAndEndsAtOneInstantKeepsItsNoteOnFirst() throws {
        let file = try read(MIDIFileWriter(format: 0, tracks: [[
            .noteOn(480, note: 36, velocity: 100), .noteOff(0, note: 36),
        ]]))
        XCTAssertEqual(file.events.map(\.bytes), [[0x90, 36, 100], [0x80, 36, 0]])
    }

    // MARK: Tempo and time division

    func testATempoChangeMidFilePutsLaterNotesAtTheirExactTimes() throws {
        // Quarters at 120 bpm until tick 1920 (2 s), then 150 bpm (0.4 s a quarter), then
        // 180.00018 bpm (333 333 µs) from tick 2880 (2.8 s). The tempo lives in track 0 and the
        // notes in track 1, as in a type-1 file from a sequencer.
        let file = try read(MIDIFileWriter(format: 1, tracks: [
            [Event(1920, .tempo(microsecondsPerQuarter: 400_000)), Event(960, .tempo(microsecondsPerQuarter: 333_333))],
            [.noteOn(480, note: 60, velocity: 100), .noteOff(1920, note: 60),
             .noteOn(240, note: 62, velocity: 100), .noteOff(240, note: 62),
             .noteOn(7 * 480, note: 64, velocity: 100), .noteOff(480_000, note: 64)],
        ]))
        let expected: [(seconds: Double, frame: Int)] = [
            (0.5, 24_000), (2.4, 115_200), (2.6, 124_800), (2.8, 134_400),
            (2.8 + 7 * 0.333333, 246_400), (2.8 + 1007 * 0.333333, 16_246_384),
        ]
        XCTAssertEqual(file.events.count, expected.count)
        for (event, expected) in zip(file.events, expected) {
            XCTAssertEqual(event.seconds, expected.seconds, accuracy: 1e-9)
            XCTAssertEqual(event.frame(atSampleRate: 48_000), expected.frame)
        }
        XCTAssertEqual(file.duration, 2.8 + 1007 * 0.333333, accuracy: 1e-9)
    }

    func testTempoChangesAtOneTickTheLastWinsInAnyTrack() throws {
        // Three tempo changes at tick 480, the last in the note track itself; one at 960.
        let file = try read(MIDIFileWriter(format: 1, division: .ticksPerQuarter(96), tracks: [
            [Event(480, .tempo(microsecondsPerQuarter: 1_000_000)), Event(0, .tempo(microsecondsPerQuarter: 2_000_000))],
            [Event(480, .tempo(microsecondsPerQuarter: 250_000)), .noteOn(0, note: 60, velocity: 100),
             .noteOn(96, note: 62, velocity: 100), Event(384, .tempo(microsecondsPerQuarter: 3_000_000)),
             .noteOn(48, note: 64, velocity: 100)],
        ]))
        // 480 ticks at 96 a quarter and 120 bpm are 2.5 s; then 0.25 s a quarter; then 3 s.
        XCTAssertEqual(file.events.map(\.seconds), [2.5, 2.75, 2.5 + 5 * 0.25 + 1.5])
        XCTAssertEqual(file.events.map { $0.frame(atSampleRate: 44_100) }, [110_250, 121_275, 231_525])
    }

    func testManyTempoChangesAddNoDrift() throws {
        // 10 000 quarters, each at its own tempo, alternating 333 333 and 333 334 µs:
        // the note at the end is at 3333.335 s exactly, to the frame.
        var tempos: [Event] = []
        for quarter in 0..<10_000 {
            tempos.append(Event(quarter == 0 ? 0 : 480, .tempo(microsecondsPerQuarter: 333_333 + quarter % 2)))
        }
        let file = try read(MIDIFileWriter(format: 1, tracks: [tempos, [.noteOn(4_800_000, note: 60, velocity: 1)]]))
        XCTAssertEqual(file.events[0].seconds, 3333.335)
        XCTAssertEqual(file.events[0].frame(atSampleRate: 48_000), 160_000_080)
    }

    func testSMPTEDivisionCountsAbsoluteTimeAndIgnoresTempo() throws {
        // 25 frames per second, 40 ticks a frame: a tick is a millisecond.
        let millisecondTicks = try read(MIDIFileWriter(format: 0, division: .smpte(framesPerSecond: 25, ticksPerFrame: 40), tracks: [[
            Event(0, .tempo(microsecondsPerQuarter: 100_000)), .noteOn(1000, note: 60, velocity: 100), .noteOff(1, note: 60),
        ]]))
        XCTAssertEqual(millisecondTicks.events.map(\.seconds), [1.0, 1.001])
        XCTAssertEqual(millisecondTicks.events.map { $0.frame(atSampleRate: 48_000) }, [48_000, 48_048])

        // 29.97 frames per second (30000/1001), 80 ticks a frame: 30 frames last 1.001 s.
        let dropFrame = try read(MIDIFileWriter(format: 0, division: .smpte(framesPerSecond: 29, ticksPerFrame: 80), tracks: [[
            .noteOn(30 * 80, note: 60, velocity: 100),
        ]]))
        XCTAssertEqual(dropFrame.events[0].seconds, 1.001, accuracy: 1e-12)
        XCTAssertEqual(dropFrame.events[0].frame(atSampleRate: 48_000), 48_048)
    }

    func testFramesRoundToTheNearest() {
        let rate = 48_000.0
        XCTAssertEqual(TimedMIDIEvent(seconds: 10.4 / rate, bytes: []).frame(atSampleRate: rate), 10)
        XCTAssertEqual(TimedMIDIEvent(seconds: 10.6 / rate, bytes: []).frame(atSampleRate: rate), 11)
        XCTAssertEqual(TimedMIDIEvent(seconds: 0, bytes: []).frame(atSampleRate: rate), 0)
    }

    // MARK: Files from disk

    func testReadsAFileFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("MIDIFileTests-\(UUID()).mid")
        defer { try? FileManager.default.removeItem(at: url) }
        try MIDIFileWriter(format: 0, tracks: [[.noteOn(960, note: 60, velocity: 100)]]).write(to: url)
        XCTAssertEqual(try MIDIFile(path: url.path).events, [TimedMIDIEvent(seconds: 1, bytes: [0x90, 60, 100])])
    }

    func testAFileThatCannotBeReadIsNamedWithTheReason() {
        XCTAssertThrowsMessage(try MIDIFile(path: "/nonexistent/song.mid"),
                               "Cannot read MIDI file /nonexistent/song.mid: No such file or directory.")
        let directory = FileManager.default.temporaryDirectory.path
        XCTAssertThrowsMessage(try MIDIFile(path: directory),
                               "Cannot read MIDI file \(directory): it is not a regular file.")
    }

    func testAHugeFileIsRefusedBeforeItIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("MIDIFileTests-\(UUID()).mid")
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data("MThd".utf8)))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(MIDIFile.largestFileSize) + 1)   // sparse: nothing is written
        try handle.close()
        XCTAssertThrowsMessage(try MIDIFile(path: url.path), "\(url.path) is 67108865 bytes, too large to be a MIDI file.")
    }

    // MARK: Bad files

    func testAFileThatIsNotMIDIIsRefused() {
        for bytes in [[], Array("RIFF....WAVEfmt ".utf8), Array("MTrk\0\0\0\0".utf8)] {
            XCTAssertThrowsMessage(try MIDIFile(bytes: bytes, name: "x.mid"), "x.mid is not a Standard MIDI File.")
        }
    }

    func testEveryTruncationOfAFileIsRefused() throws {
        let whole = MIDIFileWriter(format: 1, tracks: [
            [Event(0, .tempo(microsecondsPerQuarter: 400_000))],
            [.noteOn(0, note: 60, velocity: 100), Event(200, .sysex(data: [UInt8](repeating: 1, count: 200) + [0xF7])),
             .noteOff(0, note: 60)],
        ], usesRunningStatus: true).bytes()
        for length in 4..<whole.count {
            // Cut between chunks, the message also says how many tracks are missing.
            XCTAssertThrowsError(try MIDIFile(bytes: Array(whole.prefix(length)), name: "x.mid")) { error in
                XCTAssertTrue("\(error)".hasPrefix("x.mid is a truncated MIDI file"), "cut to \(length) bytes: \(error)")
            }
        }
    }

    func testAMissingTrackIsNamed() throws {
        var bytes = MIDIFileWriter(format: 1, tracks: [[.noteOn(0, note: 60, velocity: 100)]]).bytes()
        bytes[11] = 3   // three tracks declared, one present
        XCTAssertThrowsMessage(try MIDIFile(bytes: bytes, name: "x.mid"),
                               "x.mid is a truncated MIDI file: it declares 3 tracks but holds 1.")
    }

    func testHeaderProblemsAreNamed() {
        func header(length: Int = 6, format: Int = 1, division: [UInt8] = [0x01, 0xE0]) -> [UInt8] {
            Array("MThd".utf8) + MIDIFileWriter.bigEndian(length, byteCount: 4)
                + MIDIFileWriter.bigEndian(format, byteCount: 2) + [0, 0] + division
        }
        XCTAssertThrowsMessage(try MIDIFile(bytes: header(format: 2), name: "x.mid"),
                               "x.mid is a type-2 MIDI file (independent patterns), which lv2render does not play; save it as type 0 or 1.")
        XCTAssertThrowsMessage(try MIDIFile(bytes: header(format: 3), name: "x.mid"),
                               "x.mid declares MIDI file type 3, which does not exist.")
        XCTAssertThrowsMessage(try MIDIFile(bytes: header(length: 4), name: "x.mid"),
                               "x.mid has a header of 4 bytes, shorter than the 6 a MIDI file needs.")
        XCTAssertThrowsMessage(try MIDIFile(bytes: header(division: [0, 0]), name: "x.mid"),
                               "x.mid has a time division of 0 ticks per quarter note.")
        XCTAssertThrowsMessage(try MIDIFile(bytes: header(division: [UInt8(bitPattern: -26), 4]), name: "x.mid"),
                               "x.mid has an SMPTE time division of 26 frames per second and 4 ticks per frame, which is not valid.")
        XCTAssertThrowsMessage(try MIDIFile(bytes: header(division: [UInt8(bitPattern: -25), 0]), name: "x.mid"),
                               "x.mid has an SMPTE time division of 25 frames per second and 0 ticks per frame, which is not valid.")
        // A longer header is allowed; its extra bytes are skipped.
        XCTAssertNoThrow(try MIDIFile(bytes: header(length: 8) + [0xAA, 0xBB]))
    }

    func testAbsurdLengthsAreRefusedWithoutAllocatingThem() {
        let endOfTrack: [UInt8] = [0x00, 0xFF, 0x2F, 0x00]
        let cases: [(body: [UInt8], message: String)] = [
            // A meta event and a sysex claiming 256 MiB.
            ([0x00, 0xFF, 0x01] + MIDIFileWriter.variableLength(0x0FFF_FFFF) + endOfTrack, "x.mid is a truncated MIDI file."),
            ([0x00, 0xF0] + MIDIFileWriter.variableLength(0x0FFF_FFFF) + endOfTrack, "x.mid is a truncated MIDI file."),
            // A delta time of five bytes.
            ([0xFF, 0xFF, 0xFF, 0xFF, 0x7F] + endOfTrack, "x.mid has a variable-length number longer than 4 bytes at byte 22."),
        ]
        for (body, message) in cases {
            XCTAssertThrowsMessage(try MIDIFile(bytes: fileBytes(trackBodies: [body]), name: "x.mid"), message)
        }
        // A track chunk claiming 4 GiB.
        var hugeChunk = fileBytes(trackBodies: [endOfTrack])
        hugeChunk.replaceSubrange(18..<22, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertThrowsMessage(try MIDIFile(bytes: hugeChunk, name: "x.mid"), "x.mid is a truncated MIDI file.")
        // A header chunk claiming 4 GiB.
        var hugeHeader = hugeChunk
        hugeHeader.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertThrowsMessage(try MIDIFile(bytes: hugeHeader, name: "x.mid"), "x.mid is a truncated MIDI file.")
    }

    func testAFileLongerThan24HoursIsRefused() {
        // One tick a quarter at 16.7 s a quarter, then the longest delta time.
        let writer = MIDIFileWriter(format: 0, division: .ticksPerQuarter(1), tracks: [[
            Event(0, .tempo(microsecondsPerQuarter: 0xFF_FFFF)), .noteOn(0x0FFF_FFFF, note: 60, velocity: 100),
        ]])
        XCTAssertThrowsMessage(try MIDIFile(bytes: writer.bytes(), name: "x.mid"),
                               "x.mid lasts more than 24 hours, longer than lv2render plays.")
    }

    func testMalformedEventsAreNamed() {
        let endOfTrack: [UInt8] = [0x00, 0xFF, 0x2F, 0x00]
        let cases: [(body: [UInt8], message: String)] = [
            ([0x00, 60, 100] + endOfTrack,
             "x.mid has a data byte with no status byte before it at byte 23 (meta and sysex events cancel running status)."),
            ([0x00, 0x90, 60, 0x80, 0x00] + endOfTrack,
             "x.mid has status byte 0x80 at byte 25, where a data byte of a 0x90 message belongs."),
            ([0x00, 0xF2, 0x00, 0x00] + endOfTrack, "x.mid has status byte 0xF2 at byte 23, which a MIDI file may not contain."),
            ([0x00, 0xFF, 0x51, 0x02, 0x07, 0xA1] + endOfTrack, "x.mid has a Set Tempo event of 2 bytes instead of 3 at byte 23."),
            ([0x00, 0xFF, 0x51, 0x03, 0, 0, 0] + endOfTrack, "x.mid sets a tempo of 0 microseconds per quarter note at byte 23."),
        ]
        for (body, message) in cases {
            XCTAssertThrowsMessage(try MIDIFile(bytes: fileBytes(trackBodies: [body]), name: "x.mid"), message)
        }
    }

    func testBytesAfterEndOfTrackAndForeignChunksAreIgnored() throws {
        let track: [UInt8] = [0x00, 0x90, 60, 100, 0x00, 0xFF, 0x2F, 0x00, 0xDE, 0xAD]
        var bytes = fileBytes(trackBodies: [track])
        bytes.insert(contentsOf: Array("XFIH".utf8) + [0, 0, 0, 2, 0xBE, 0xEF], at: 14)
        XCTAssertEqual(try MIDIFile(bytes: bytes).events.map(\.bytes), [[0x90, 60, 100]])
    }

    func testRandomlyDamagedFilesNeverCrash() throws {
        let original = MIDIFileWriter(format: 1, tracks: [
            [Event(0, .tempo(microsecondsPerQuarter: 400_000)), Event(960, .tempo(microsecondsPerQuarter: 600_000))],
            [.noteOn(0, note: 60, velocity: 100), Event(10, .channel([0xB0, 64, 127])), Event(0, .channel([0xC0, 3])),
             Event(100, .sysex(data: [0x7E, 0x7F, 0x09, 0x01, 0xF7])), .noteOff(370, note: 60),
             Event(0, .meta(type: 0x05, data: Array("la".utf8))), Event(5, .channel([0xE0, 0, 64])), .noteOn(0, note: 62, velocity: 0)],
            [Event(0, .channel([0xD1, 20])), Event(1, .channel([0xD1, 21])), .noteOn(480, channel: 1, note: 40, velocity: 1)],
        ], usesRunningStatus: true).bytes()
        var random = SplitMix64(seed: 0x5EED_4D1D)
        var parsed = 0
        for _ in 0..<4000 {
            var bytes = original
            for _ in 0...random.next(below: 4) {
                let position = random.next(below: bytes.count)
                switch random.next(below: 4) {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes[position] ^= 0x80
                case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
                default: bytes.removeSubrange(position...)
                }
                if bytes.isEmpty { break }
            }
            do {
                let file = try MIDIFile(bytes: bytes)
                parsed += 1
                assertPlayable(file)
            } catch is HostError {
                // A clear refusal is what damaged input should get.
            }
        }
        // Some damage leaves a readable file (a changed note number); most is refused.
        XCTAssertGreaterThan(parsed, 100)
        XCTAssertLessThan(parsed, 3900)
    }

    // MARK: Helpers

    private func read(_ writer: MIDIFileWriter) throws -> MIDIFile {
        try MIDIFile(bytes: writer.bytes())
    }

    /// A type-0 or -1 file at 480 ticks per quarter around hand-made track bodies.
    private func fileBytes(trackBodies: [[UInt8]]) -> [UInt8] {
        var bytes = Array("MThd".utf8) + [0, 0, 0, 6, 0, 1, 0, UInt8(trackBodies.count), 0x01, 0xE0]
        for body in trackBodies {
            bytes += Array("MTrk".utf8) + MIDIFileWriter.bigEndian(body.count, byteCount: 4) + body
        }
        return bytes
    }

    /// What a renderer relies on: events in time order, within the file, each a whole channel message.
    private func assertPlayable(_ file: MIDIFile, line: UInt = #line) {
        XCTAssertTrue(file.duration.isFinite && file.duration >= 0 && file.duration <= TimedMIDIEvent.latestSeconds, line: line)
        for (event, next) in zip(file.events, file.events.dropFirst()) {
            XCTAssertLessThanOrEqual(event.seconds, next.seconds, line: line)
        }
        for event in file.events {
            XCTAssertTrue(event.seconds >= 0 && event.seconds <= file.duration, line: line)
            let kind = event.bytes[0] & 0xF0
            XCTAssertTrue(kind >= 0x80 && kind < 0xF0, line: line)
            XCTAssertEqual(event.bytes.count, kind == 0xC0 || kind == 0xD0 ? 2 : 3, line: line)
            XCTAssertTrue(event.bytes.dropFirst().allSatisfy { $0 < 0x80 }, line: line)
        }
    }
}

/// LV2Host's seeded generator keeps the damaged files the same on every run.
private extension SplitMix64 {
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
