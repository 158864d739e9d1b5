import SwiftLV2Engines
import XCTest

final class FrameQueueTests: XCTestCase {
    func testReadsFromTheFrontAndKeepsTheRestContiguous() {
        var queue = FrameQueue(capacity: 4, channels: 2)
        for (index, value) in [1, -1, 2, -2, 3, -3].enumerated() { queue.freeSpace[index] = Float(value) }
        queue.didAppend(3)
        XCTAssertEqual(queue.freeFrames, 1)
        queue.removeFirst(2)
        XCTAssertEqual(queue.count, 1)
        XCTAssertEqual([queue.frames[0], queue.frames[1]], [3, -3])
        queue.didAppend(10)
        XCTAssertEqual(queue.count, 4, "never more than its capacity")
    }
}
