import DSPKit
import XCTest

final class DelayLineTests: XCTestCase {
    /// Stereo frames numbered 1, 2, 3…: left n, right −n.
    private func frames(from first: Int, count: Int) -> [Float] {
        (first..<(first + count)).flatMap { [Float($0), -Float($0)] }
    }

    func testReadsEachBlockExactlyAsItWasDelayFramesEarlier() {
        var line = DelayLine(maximumDelay: 100, maximumBlock: 16, channels: 2)
        var written = 0
        for block in [16, 1, 7, 16, 3, 16, 16, 16, 16, 16, 16, 16, 5] {
            let input = frames(from: written + 1, count: block)
            input.withUnsafeBufferPointer { line.write($0.baseAddress!, frames: block) }
            for delay in [0, 1, 37, 100] {
                var output = [Float](repeating: .nan, count: 2 * block)
                output.withUnsafeMutableBufferPointer { line.read(delay: delay, frames: block, into: $0.baseAddress!) }
                let expected = (0..<block).flatMap { index -> [Float] in
                    let number = written + 1 + index - delay
                    return number >= 1 ? [Float(number), -Float(number)] : [0, 0]
                }
                XCTAssertEqual(output, expected, "block \(block) after \(written) frames, delay \(delay)")
            }
            written += block
        }
    }

    func testResetForgetsThePast() {
        var line = DelayLine(maximumDelay: 8, maximumBlock: 4, channels: 2)
        line.write(frames(from: 1, count: 4), frames: 4)
        line.reset()
        line.write(frames(from: 5, count: 4), frames: 4)
        var output = [Float](repeating: .nan, count: 8)
        line.read(delay: 4, frames: 4, into: &output)
        XCTAssertEqual(output, [Float](repeating: 0, count: 8))
    }
}
