import DSP
import XCTest

final class BlockQuantizerTests: XCTestCase {
    /// Runs `input` (one channel, copied to both) through a quantizer whose processing
    /// doubles every sample, in blocks of the given lengths, optionally in place.
    private func run(_ input: [Float], blocks: [Int], quantum: Int, inPlace: Bool) -> (left: [Float], right: [Float]) {
        var quantizer = BlockQuantizer(quantum: quantum)
        var left = input, right = input.map { -$0 }
        var outLeft = [Float](repeating: .nan, count: input.count), outRight = outLeft
        var start = 0
        for block in blocks {
            var done = 0
            while done < block {
                let frames = min(block - done, quantizer.framesUntilQuantum)
                let offset = start + done
                left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
                    outLeft.withUnsafeMutableBufferPointer { ol in outRight.withUnsafeMutableBufferPointer { or in
                        quantizer.write(left: l.baseAddress! + offset, right: r.baseAddress! + offset, frames: frames)
                        if quantizer.isQuantumReady {
                            for index in 0..<(quantum * 2) { quantizer.quantumOutput[index] = 2 * quantizer.quantumInput[index] }
                            quantizer.finishQuantum()
                        }
                        let (toLeft, toRight) = inPlace ? (l.baseAddress!, r.baseAddress!) : (ol.baseAddress!, or.baseAddress!)
                        quantizer.read(left: toLeft + offset, right: toRight + offset, frames: frames)
                    }}
                }}
                done += frames
            }
            start += block
        }
        return inPlace ? (left, right) : (outLeft, outRight)
    }

    func testOutputIsTheProcessedInputOneQuantumLessOneFrameLaterWhateverTheBlocks() {
        let quantum = 8
        let input = (1...200).map(Float.init)
        let expected = [Float](repeating: 0, count: quantum - 1) + input.dropLast(quantum - 1).map { 2 * $0 }
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<20 {
            var blocks: [Int] = []
            while blocks.reduce(0, +) < input.count {
                blocks.append(min(Int.random(in: 0...(attempt < 10 ? 3 : 40), using: &generator), input.count - blocks.reduce(0, +)))
            }
            let inPlace = attempt % 2 == 1
            let output = run(input, blocks: blocks, quantum: quantum, inPlace: inPlace)
            XCTAssertEqual(output.left, expected, "blocks \(blocks), in place: \(inPlace)")
            XCTAssertEqual(output.right, expected.map { -$0 })
        }
    }

    func testUnconnectedInputReadsAsSilence() {
        var quantizer = BlockQuantizer(quantum: 4)
        quantizer.write(left: nil, right: nil, frames: 4)
        XCTAssertTrue(quantizer.isQuantumReady)
        XCTAssertEqual((0..<8).map { quantizer.quantumInput[$0] }, [Float](repeating: 0, count: 8))
    }
}
