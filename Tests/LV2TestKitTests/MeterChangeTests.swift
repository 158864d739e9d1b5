import LV2TestKit
import XCTest

/// The transport's meter in `render`, heard through the LV2 book's eg-metro (Debian's
/// lv2-examples), which clicks where `time:barBeat` says a beat of the bar begins.
final class MeterChangeTests: XCTestCase {
    private func metronome() throws -> LV2TestPlugin {
        try LV2TestPlugin(bundle: "/usr/lib/lv2/eg-metro.lv2", uri: "http://lv2plug.in/plugins/eg-metro", sources: nil)
    }

    /// The frames where clicks start: sound after at least 2000 silent frames.
    private func clicks(_ samples: [Float]) -> [Int] {
        var starts: [Int] = [], quiet = 2000
        for (frame, sample) in samples.enumerated() {
            if abs(sample) > 1e-3 {
                if quiet >= 2000 { starts.append(frame) }
                quiet = 0
            } else {
                quiet += 1
            }
        }
        return starts
    }

    private func assertClicks(_ starts: [Int], at expected: [Int], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(starts.count, expected.count, "\(starts)", file: file, line: line)
        for (start, frame) in zip(starts, expected) {
            // The click's envelope rises from 0 over a few frames before it passes the threshold.
            XCTAssertEqual(Double(start), Double(frame), accuracy: 8, "\(starts)", file: file, line: line)
        }
    }

    /// At 120 beats per minute a beat is 24000 frames. A change to 3/4 a quarter of a second in,
    /// between two beats, starts a bar there: the clicks start again on its frame, whatever the
    /// blocks. A change on a beat (half a second in) starts a bar where a beat falls anyway.
    func testAMeterChangeStartsABarOnItsFrame() throws {
        let metronome = try metronome()
        assertClicks(clicks(try metronome.render(seconds: 1.2, tempo: 120)[0]), at: [0, 24000, 48000])
        let between = try metronome.render(seconds: 1.2, randomBlocks: 1...700, tempo: 120, meterChanges: [(0.25, 3, 4)])
        assertClicks(clicks(between[0]), at: [0, 12000, 36000])
        let onABeat = try metronome.render(seconds: 1.2, tempo: 120, meter: (3, 4), meterChanges: [(0.5, 6, 8)])
        assertClicks(clicks(onABeat[0]), at: [0, 24000, 48000])
    }
}
