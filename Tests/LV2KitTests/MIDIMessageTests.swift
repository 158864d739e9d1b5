import LV2Kit
import XCTest

/// Every channel message decodes; what is not one, or is cut short, does not.
final class MIDIMessageTests: XCTestCase {
    private func decode(_ bytes: [UInt8]) -> MIDIMessage? {
        bytes.withUnsafeBytes { MIDIMessage($0) }
    }

    func testEveryChannelMessageDecodes() {
        XCTAssertEqual(decode([0x93, 60, 100]), .noteOn(channel: 3, note: 60, velocity: 100))
        XCTAssertEqual(decode([0x93, 60, 0]), .noteOff(channel: 3, note: 60), "velocity 0 is a note off")
        XCTAssertEqual(decode([0x80, 61, 40]), .noteOff(channel: 0, note: 61))
        XCTAssertEqual(decode([0xA2, 62, 90]), .keyPressure(channel: 2, note: 62, pressure: 90))
        XCTAssertEqual(decode([0xB1, 64, 127]), .controlChange(channel: 1, controller: 64, value: 127))
        XCTAssertEqual(decode([0xC5, 12]), .programChange(channel: 5, program: 12))
        XCTAssertEqual(decode([0xDF, 77]), .channelPressure(channel: 15, pressure: 77))
        XCTAssertEqual(decode([0xE0, 0, 64]), .pitchBend(channel: 0, value: 0))
        XCTAssertEqual(decode([0xE0, 0x7F, 0x7F]), .pitchBend(channel: 0, value: 8191))
    }

    func testWhatIsNotAChannelMessageIsNil() {
        for bytes: [UInt8] in [[], [0xF0, 1, 2, 0xF7], [0xF8], [60, 100], [0x90, 60], [0xC0], [0x90, 200, 1], [0xD0, 0x80]] {
            XCTAssertNil(decode(bytes), "\(bytes)")
        }
    }
}
