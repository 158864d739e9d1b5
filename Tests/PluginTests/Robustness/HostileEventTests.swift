import CLV2
@testable import LV2Host
import TestSupport
import XCTest

/// The synth's MIDI input written by a careless host: empty, foreign, cut short and
/// oversized events, running status, sysex, time stamps out of order, before or past the
/// block, and sequence headers that claim more than the buffer holds.
///
/// Each test renders a short score two ways, once cleanly and once as the careless host
/// writes it, and compares the sound sample for sample.
final class HostileEventTests: XCTestCase {
    private static let blockLength = 256

    /// One event as the host writes it into block `block`: any time stamp, type and size.
    struct RawEvent {
        var block: Int
        var stamp: Int
        var bytes: [UInt8]
        /// The event type's URI; nil is `midi:MidiEvent`.
        var type: String? = nil
        var claimedSize: UInt32? = nil
    }

    /// A little score: a chord, a bend, a melody, the pedal, across block edges.
    private static let score: [RawEvent] = [
        RawEvent(block: 0, stamp: 0, bytes: [0x90, 60, 100]), RawEvent(block: 0, stamp: 0, bytes: [0x90, 64, 90]),
        RawEvent(block: 1, stamp: 17, bytes: [0xE0, 0x00, 0x50]), RawEvent(block: 2, stamp: 255, bytes: [0x80, 60, 0]),
        RawEvent(block: 3, stamp: 1, bytes: [0x91, 67, 127]), RawEvent(block: 3, stamp: 128, bytes: [0xB1, 64, 127]),
        RawEvent(block: 4, stamp: 40, bytes: [0x81, 67, 0]), RawEvent(block: 5, stamp: 200, bytes: [0x90, 72, 60]),
        RawEvent(block: 7, stamp: 3, bytes: [0xB1, 64, 0]), RawEvent(block: 8, stamp: 99, bytes: [0x80, 64, 0]),
    ]

    /// Renders 12 blocks; `features` may announce a sequence size.
    private func render(_ events: [RawEvent], features: HandMadeFeatures = HandMadeFeatures(options: []),
                        prepare: (AtomSequenceBuffer, Int) -> Void = { _, _ in }) throws -> [Float] {
        let instance = try XCTUnwrap(RawInstance(OurPlugin.synth.info, sampleRate: 48000, features: features, sequenceCapacity: 8192))
        let sequence = try XCTUnwrap(instance.events)
        instance.activate()
        var output: [Float] = []
        for block in 0..<12 {
            sequence.clear(sequenceType: instance.sequenceType)
            for event in events where event.block == block {
                let type = event.type.map(features.urid) ?? instance.midiEventType
                let fits = event.claimedSize.map { sequence.append(frame: event.stamp, type: type, bytes: event.bytes, claimedSize: $0) }
                    ?? sequence.append(frame: event.stamp, type: type, bytes: event.bytes)
                XCTAssertTrue(fits)
            }
            prepare(sequence, block)
            instance.run(frames: Self.blockLength)
            output += instance.audioOutput(0)[..<Self.blockLength]
        }
        XCTAssertGreaterThan(SignalAnalysis.peak(output), 0.01, "the score plays")
        return output
    }

    private func assertSameSound(_ actual: [Float], _ expected: [Float], _ context: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        assertSameSamples([actual], [expected], context, file: file, line: line)
    }

    func testMalformedAndForeignEventsAreIgnored() throws {
        let reference = try render(Self.score)
        let noteOn: [UInt8] = [0x90, 50, 100]
        let longSysex: [UInt8] = [0xF0] + (0..<300).map { [0x90, 0x3C, 0x64][$0 % 3] & 0x7F } + [0xF7]
        let garbage: [(String, RawEvent)] = [
            ("an empty MIDI event", RawEvent(block: 0, stamp: 0, bytes: [])),
            ("an empty event of unknown type", RawEvent(block: 0, stamp: 0, bytes: [], type: "urn:nobody:knows")),
            ("a note on of unknown type", RawEvent(block: 0, stamp: 0, bytes: noteOn, type: "urn:nobody:knows")),
            ("a note on typed as a chunk", RawEvent(block: 0, stamp: 0, bytes: noteOn, type: LV2URI.atomChunk)),
            ("a note on typed as an integer", RawEvent(block: 0, stamp: 0, bytes: noteOn, type: LV2URI.atomInt)),
            ("a status byte alone", RawEvent(block: 0, stamp: 0, bytes: [0x90])),
            ("a note on cut short", RawEvent(block: 0, stamp: 0, bytes: [0x90, 50])),
            ("a pitch bend cut short", RawEvent(block: 0, stamp: 0, bytes: [0xE0, 0x7F])),
            ("running status (data bytes only)", RawEvent(block: 0, stamp: 0, bytes: [50, 100])),
            ("a status byte where data belongs", RawEvent(block: 0, stamp: 0, bytes: [0x90, 0x90, 100])),
            ("a sysex message", RawEvent(block: 0, stamp: 0, bytes: [0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7])),
            ("a long sysex full of note bytes", RawEvent(block: 0, stamp: 0, bytes: longSysex)),
            ("a sysex without its end", RawEvent(block: 0, stamp: 0, bytes: [0xF0, 0x43, 0x10])),
            ("system common and real-time bytes", RawEvent(block: 0, stamp: 0, bytes: [0xF8, 0xFA, 0xFF])),
            ("a time code quarter frame", RawEvent(block: 0, stamp: 0, bytes: [0xF1, 0x05])),
            ("a program change", RawEvent(block: 0, stamp: 0, bytes: [0xC0, 5])),
            ("channel pressure", RawEvent(block: 0, stamp: 0, bytes: [0xD3, 64])),
            ("polyphonic aftertouch", RawEvent(block: 0, stamp: 0, bytes: [0xA0, 60, 64])),
            ("an unknown controller", RawEvent(block: 0, stamp: 0, bytes: [0xB0, 7, 0])),
        ]
        for (name, item) in garbage {
            // Before every event of the score, at its very time.
            let polluted = Self.score.flatMap { event -> [RawEvent] in
                var copy = item
                copy.block = event.block
                copy.stamp = event.stamp
                return [copy, event]
            }
            assertSameSound(try render(polluted), reference, name)
        }
    }

    func testOversizedMIDIEventActsOnItsFirstMessage() throws {
        let padded = Self.score.map { event -> RawEvent in
            var copy = event
            copy.bytes += [0x90, 30, 127] + [UInt8](repeating: 0, count: 500)
            return copy
        }
        assertSameSound(try render(padded), try render(Self.score), "500 bytes after each message")
    }

    func testTimeStampsAreClampedIntoTheBlockAndIntoOrder() throws {
        func moved(_ changes: [Int: (block: Int, stamp: Int)]) -> [RawEvent] {
            Self.score.enumerated().map { index, event in
                var copy = event
                if let change = changes[index] { (copy.block, copy.stamp) = change }
                return copy
            }
        }
        let last = Self.blockLength
        // The pedal (event 5) moved to frame 128 of block 4 comes before the note off at
        // frame 40 of that block (event 6): out of order, the note off waits for it.
        assertSameSound(try render(moved([5: (4, 128), 6: (4, 40)])), try render(moved([5: (4, 128), 6: (4, 128)])), "out of order")
        assertSameSound(try render(moved([2: (1, -5)])), try render(moved([2: (1, 0)])), "a negative stamp")
        assertSameSound(try render(moved([2: (1, Int.min)])), try render(moved([2: (1, 0)])), "the most negative stamp")
        // Past the block: at its end, which is the next block's start.
        assertSameSound(try render(moved([7: (5, last + 10)])), try render(moved([7: (6, 0)])), "a stamp past the block")
        assertSameSound(try render(moved([7: (5, Int.max)])), try render(moved([7: (6, 0)])), "the largest stamp")
    }

    func testSequenceHeadersThatClaimTooMuchAreReadOnlyAsFarAsTheBuffer() throws {
        // The host announces 256-byte sequences but claims a body of 4 GB; past byte 256
        // lies bait, a loud note in every block, which must never sound.
        let announced = HandMadeFeatures(options: [.int(LV2URI.sequenceSize, 256)])
        let reference = try render(Self.score, features: announced)
        let baited = try render(Self.score, features: announced) { sequence, _ in
            let filler = 256 - sequence.usedBytes - MemoryLayout<LV2_Atom_Event>.size  // ends exactly at byte 256
            XCTAssertTrue(sequence.append(frame: 0, type: 0, bytes: [UInt8](repeating: 0, count: filler)))
            XCTAssertTrue(sequence.append(frame: 10, type: announced.urid(LV2URI.midiEvent), bytes: [0x90, 30, 127]))
            sequence.claimBodySize(.max - 8)
        }
        XCTAssertEqual(baited.count, reference.count)
        assertSameSound(baited, reference, "a body of 4 GB in a 256-byte buffer")
    }

    func testEventsClaimingMoreThanTheSequenceHoldsEndIt() throws {
        // An event whose size runs past the sequence's end stops the reading there: the
        // events written after it are lost, those before it play.
        let cut = Self.score.map { event -> RawEvent in
            var copy = event
            if event.block == 3 && event.stamp == 1 { copy.claimedSize = 1 << 20 }
            return copy
        }
        let withoutRest = Self.score.filter { !($0.block == 3 && $0.stamp >= 1) }
        assertSameSound(try render(cut), try render(withoutRest), "an event claiming a megabyte")
    }

    func testGarbageInTheTimeUnitAndPaddingPlaysAsFrames() throws {
        // Carla 2.6 resets only the sequence atom's size and type and leaves `unit` and
        // `pad` as malloc left them; the notes must sound exactly as with a clean header.
        let features = HandMadeFeatures(options: [])
        let reference = try render(Self.score, features: features)
        var random = SplitMix64(seed: 18)
        let garbage: [(String, (AtomSequenceBuffer) -> (UInt32, UInt32))] = [
            ("frameTime spelled out", { _ in (features.urid(LV2URI.atom + "frameTime"), 0) }),
            ("an unknown unit", { _ in (features.urid("urn:nobody:knows"), 0) }),
            ("all ones", { _ in (.max, .max) }),
            ("malloc's leftovers", { _ in (UInt32(truncatingIfNeeded: random.next()), UInt32(truncatingIfNeeded: random.next())) }),
        ]
        for (name, values) in garbage {
            let output = try render(Self.score, features: features) { sequence, _ in
                let (unit, pad) = values(sequence)
                sequence.claimUnit(unit)
                sequence.claimPad(pad)
            }
            assertSameSound(output, reference, name)
        }
    }

    func testSequencesOfAnotherTypeOrInBeatsOrTooShortAreSilent() throws {
        let features = HandMadeFeatures(options: [])
        let lies: [(String, (AtomSequenceBuffer) -> Void)] = [
            ("a chunk, not a sequence", { $0.claimType(features.urid(LV2URI.atomChunk)) }),
            ("a sequence in beats", { $0.claimUnit(features.urid("http://lv2plug.in/ns/ext/atom#beatTime")) }),
            ("a body of 0 bytes", { $0.claimBodySize(0) }),
            ("a body of 4 bytes", { $0.claimBodySize(4) }),
        ]
        for (name, lie) in lies {
            let instance = try XCTUnwrap(RawInstance(OurPlugin.synth.info, sampleRate: 48000, features: features))
            instance.activate()
            let sequence = try XCTUnwrap(instance.events)
            _ = sequence.append(frame: 0, type: instance.midiEventType, bytes: [0x90, 69, 127])
            lie(sequence)
            instance.run(frames: Self.blockLength)
            XCTAssertEqual(SignalAnalysis.peak(instance.audioOutput(0)[..<Self.blockLength]), 0, name)
        }
    }
}
