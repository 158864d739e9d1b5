import HostFiles
@testable import LV2Host
import XCTest

/// The renderer's bookkeeping: where MIDI lands and where a silent tail ends.
final class RenderTimingTests: XCTestCase {
    /// round(t × rate), and at one frame the note that ends goes before the note that starts.
    func testScheduleRoundsToFramesAndOrdersNoteOffsFirst() {
        let events = [
            TimedMIDIEvent(seconds: 0.5, bytes: [0x90, 62, 100]),
            TimedMIDIEvent(seconds: 0.000_010_4, bytes: [0x90, 60, 100]),
            TimedMIDIEvent(seconds: 0.500_001, bytes: [0x80, 60, 0]),
            TimedMIDIEvent(seconds: .nan, bytes: [0x90, 61, 100]),
            // Before the start: dropped, even where seconds × rate would not fit an Int.
            TimedMIDIEvent(seconds: -0.5, bytes: [0x90, 63, 100]),
            TimedMIDIEvent(seconds: -1e300, bytes: [0x90, 64, 100]),
            TimedMIDIEvent(seconds: -.infinity, bytes: [0x90, 65, 100]),
        ]
        var schedule = MIDISchedule(events, sampleRate: 48000)
        XCTAssertEqual(schedule.lastFrame, 24000)
        let scheduled = Array(AnyIterator { schedule.next() })
        XCTAssertEqual(scheduled.map(\.frame), [0, 24000, 24000])
        XCTAssertEqual(scheduled.map(\.bytes), [[0x90, 60, 100], [0x80, 60, 0], [0x90, 62, 100]])
    }

    func testSilenceEndsTheRenderAfterTheWindow() {
        var watch = TailWatch(start: 10, window: 5, limit: 1000)
        var sound = [Float](repeating: 0, count: 64)
        sound[12] = 0.5
        let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: 64)
        defer { block.deallocate() }
        _ = block.update(fromContentsOf: sound)
        // Silent before frame 10 does not count; after the sound at 12, frames 13 … 17 are silent.
        XCTAssertEqual(watch.scan([block], frames: 64, first: 0), 18)
    }

    func testSilenceWaitsNoLongerThanTheLimit() {
        var watch = TailWatch(start: 0, window: 5, limit: 100)
        let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: 64)
        defer { block.deallocate() }
        // A ramp, neither silent nor steady from one window to the next.
        for i in 0..<64 { block[i] = 0.1 * Float(i) / 64 }
        XCTAssertNil(watch.scan([block], frames: 64, first: 0))
        XCTAssertEqual(watch.scan([block], frames: 64, first: 64), 100)
    }
}
