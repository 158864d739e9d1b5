import SwiftLV2Engines
import XCTest

final class VoiceAllocatorTests: XCTestCase {
    func testFreeVoicesFirstThenOldestReleasedThenOldestHeld() {
        var allocator = VoiceAllocator()
        XCTAssertEqual(allocator.allocate(note: 60, channel: 0, voiceCount: 3).slot, 0)
        XCTAssertEqual(allocator.allocate(note: 62, channel: 0, voiceCount: 3).slot, 1)
        XCTAssertEqual(allocator.allocate(note: 64, channel: 0, voiceCount: 3).slot, 2)
        allocator.release(slot: 2)
        allocator.release(slot: 1)
        let reuse = allocator.allocate(note: 65, channel: 0, voiceCount: 3)
        XCTAssertEqual(reuse, .init(slot: 2, steals: true, retriggers: false), "oldest released")
        let steal = allocator.allocate(note: 67, channel: 0, voiceCount: 3)
        XCTAssertEqual(steal.slot, 1, "the other released voice")
        XCTAssertEqual(allocator.allocate(note: 69, channel: 0, voiceCount: 3).slot, 0, "then the oldest held")
    }

    func testRetriggeringASoundingNoteReusesItsVoice() {
        var allocator = VoiceAllocator()
        _ = allocator.allocate(note: 60, channel: 0, voiceCount: 4)
        _ = allocator.allocate(note: 62, channel: 0, voiceCount: 4)
        allocator.release(slot: 0)
        XCTAssertEqual(allocator.allocate(note: 60, channel: 0, voiceCount: 4), .init(slot: 0, steals: false, retriggers: true))
        XCTAssertEqual(allocator.allocate(note: 60, channel: 1, voiceCount: 4).slot, 2, "another channel is another note")
    }

    func testFreedSlotsAreReused() {
        var allocator = VoiceAllocator()
        _ = allocator.allocate(note: 60, channel: 0, voiceCount: 1)
        allocator.release(slot: 0)
        allocator.free(slot: 0)
        XCTAssertEqual(allocator.allocate(note: 61, channel: 0, voiceCount: 1), .init(slot: 0, steals: false, retriggers: false))
    }
}
