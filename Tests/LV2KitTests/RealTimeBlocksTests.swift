import CLV2
@_spi(Generated) @testable import LV2Kit
import XCTest

/// The real-time building blocks: each used here inside `@_noAllocation @_noLocks`
/// functions, so that this file compiling is the proof the checker accepts them.
final class RealTimeBlocksTests: XCTestCase {
    struct Echo: ~Copyable {
        let line = FixedBuffer<Float>(count: 4, repeating: 0)
        var index = 0

        @_noAllocation @_noLocks
        mutating func process(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>) {
            for frame in 0..<input.count {
                let delayed = line[index]
                line[index] = input[frame]
                index = (index + 1) % line.count
                output[frame] = LibM.tanh(delayed + LibM.round(Float(0.4)))
            }
        }
    }

    func testAFixedBufferDelaysInsideTheCheckedRunPath() {
        var echo = Echo()
        let input: [Float] = [1, 2, 3, 4, 5, 6]
        var output = [Float](repeating: 9, count: 6)
        input.withUnsafeBufferPointer { source in output.withUnsafeMutableBufferPointer { echo.process(source, into: $0) } }
        XCTAssertEqual(output, [0, 0, 0, 0, tanhf(1), tanhf(2)])
        echo.line.fill(with: 0)
        XCTAssertEqual(Array(echo.line.values), [0, 0, 0, 0])
    }

    func testLibMRoundsAsSwiftDoes() {
        for x in [-2.5, -0.5, 0.5, 1.5, 2.4999, 7.0] {
            XCTAssertEqual(LibM.round(x), x.rounded(), "\(x)")
            XCTAssertEqual(LibM.trunc(x), x.rounded(.towardZero), "\(x)")
            XCTAssertEqual(LibM.round(Float(x)), Float(x).rounded(), "\(x)")
        }
        XCTAssertEqual(LibM.exp2(Float(3)), 8)
        XCTAssertEqual(LibM.fmod(-7, 3), -1)
    }

    /// A `time:Position` as hosts send it (lv2render's fields), read at its frame; garbage
    /// a host might send is left out rather than trapping.
    func testATimePositionIsReadAtItsFrame() throws {
        let host = TestHost()
        let features = HostFeatures(host.features)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1024, alignment: 8)
        defer { buffer.deallocate() }
        host.writeSequence(into: buffer, note: nil)
        var writer = AtomSequenceWriter(buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self), capacity: 1024,
                                        urids: SequenceURIDs(features), atoms: AtomURIDs(features))
        let time = "http://lv2plug.in/ns/ext/time#"
        XCTAssertTrue(writer.beginObject(frame: 37, otype: host.urid(time + "Position")))
        writer.addProperty(host.urid(time + "frame"), .long(96000))
        writer.addProperty(host.urid(time + "speed"), .float(1))
        writer.addProperty(host.urid(time + "bar"), .long(2))
        writer.addProperty(host.urid(time + "barBeat"), .float(1.5))
        writer.addProperty(host.urid(time + "beat"), .double(9.5))
        writer.addProperty(host.urid(time + "beatUnit"), .int(4))
        writer.addProperty(host.urid(time + "beatsPerBar"), .float(4))
        writer.addProperty(host.urid(time + "beatsPerMinute"), .float(140))
        XCTAssertTrue(writer.endObject())
        XCTAssertTrue(writer.beginObject(frame: 40, otype: host.urid(time + "Position")))
        writer.addProperty(host.urid(time + "bar"), .double(1e300))
        writer.addProperty(host.urid(time + "beatsPerMinute"), .double(.nan))
        XCTAssertTrue(writer.endObject())

        let ids = SequenceURIDs(features), atoms = AtomURIDs(features), times = TimeURIDs(features)
        let positions = AtomEvents(UnsafePointer(buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self)), capacity: 1024,
                                   ids: ids, blockLength: 64).compactMap { TransportPosition($0, atoms: atoms, time: times) }
        XCTAssertEqual(positions.count, 2)
        let position = positions[0]
        XCTAssertEqual(position.frameInBlock, 37)
        XCTAssertEqual(position.frame, 96000)
        XCTAssertTrue(position.isPlaying)
        XCTAssertEqual(position.bar, 2)
        XCTAssertEqual(position.barBeat, 1.5)
        XCTAssertEqual(position.beat, 9.5)
        XCTAssertEqual(position.beatUnit, 4)
        XCTAssertEqual(position.beatsPerBar, 4)
        XCTAssertEqual(position.beatsPerMinute, 140)
        XCTAssertNil(positions[1].bar)
        XCTAssertNil(positions[1].beatsPerMinute)
        XCTAssertFalse(positions[1].isPlaying)
    }

    /// A block cut at its events: the frames before each, the events in order (two at one
    /// frame with nothing between), then the rest of the block.
    func testABlockIsCutAtItsEventFrames() {
        let host = TestHost()
        let features = HostFeatures(host.features)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 8)
        defer { buffer.deallocate() }
        host.writeSequence(into: buffer, note: nil)
        var writer = AtomSequenceWriter(buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self), capacity: 512,
                                        urids: SequenceURIDs(features), atoms: AtomURIDs(features))
        for (frame, note) in [(10, 60), (10, 64), (30, 67)] { writer.appendMIDI(frame: frame, 0x90, UInt8(note), 100) }
        let events = AtomEvents(UnsafePointer(buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self)), capacity: 512,
                                ids: SequenceURIDs(features), blockLength: 64)
        let pieces = BlockPieces(events, frames: 64).map(Self.describe)
        XCTAssertEqual(pieces, ["0..<10", "note 60 at 10", "note 64 at 10", "10..<30", "note 67 at 30", "30..<64"])
        XCTAssertEqual(BlockPieces(AtomEvents(nil, capacity: nil, ids: SequenceURIDs(features), blockLength: 5), frames: 5)
            .map(Self.describe), ["0..<5"], "no events: the whole block")
    }

    private static func describe(_ piece: BlockPiece) -> String {
        switch piece {
        case let .frames(range): "\(range)"
        case let .event(event): "note \(event.body[1]) at \(event.frame)"
        }
    }
}
