import SwiftLV2Engines
import XCTest

final class ResamplingTimelineTests: XCTestCase {
    func testFindsTheInternalPositionOfAHostTimeAcrossRatioChanges() {
        var timeline = ResamplingTimeline(capacity: 8)
        timeline.reset(firstTime: 0)
        timeline.append(frames: 10, ratio: 0.5)  // internal 0…10 at host 0…20
        timeline.append(frames: 0, ratio: 0.25)  // no frames yet: the ratio waits for them
        timeline.append(frames: 5, ratio: 0.25)  // internal 10…15 at host 20…40
        XCTAssertEqual(timeline.index(atTime: 8), 4)
        XCTAssertEqual(timeline.index(atTime: 30), 12.5)
        XCTAssertEqual(timeline.index(atTime: -4), -2, "before the first frame the first line extends")
        XCTAssertEqual(timeline.endTime, 40)
        XCTAssertEqual(timeline.endIndex, 15)
        XCTAssertEqual(timeline.nextChange(after: 8), 20, "where the ratio changed")
        XCTAssertNil(timeline.nextChange(after: 20), "a straight line from there on")

        timeline.shift(time: 20, index: 10)
        timeline.discard(before: 0)
        XCTAssertEqual(timeline.index(atTime: 10), 2.5, "the same point, measured from the new origins")
    }
}
