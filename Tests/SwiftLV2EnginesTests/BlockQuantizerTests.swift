import DSPKit
import SwiftLV2Engines
import XCTest

final class BlockQuantizerTests: XCTestCase {
    /// Runs `input` (one channel, copied to both) through a quantizer whose processing
    /// doubles every sample, in blocks of the given lengths, optionally in place.
    private func run(_ input: [Float], blocks: [Int], quantum: Int, largestChunk: Int, inPlace: Bool) -> (left: [Float], right: [Float]) {
        var quantizer = BlockQuantizer(quantum: quantum, largestChunk: largestChunk)
        var left = input, right = input.map { -$0 }
        var outLeft = [Float](repeating: .nan, count: input.count), outRight = outLeft
        var start = 0
        for block in blocks {
            var done = 0
            while done < block {
                let frames = min(block - done, quantizer.writableFrames)
                let offset = start + done
                left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
                    outLeft.withUnsafeMutableBufferPointer { ol in outRight.withUnsafeMutableBufferPointer { or in
                        quantizer.write(left: l.baseAddress! + offset, right: r.baseAddress! + offset, frames: frames)
                        while quantizer.isQuantumReady {
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
            // Chunks of one quantum up to several, and one that is not a whole number of quanta.
            let largestChunk = [quantum, 3 * quantum, 5 * quantum - 3][attempt % 3]
            let output = run(input, blocks: blocks, quantum: quantum, largestChunk: largestChunk, inPlace: inPlace)
            XCTAssertEqual(output.left, expected, "blocks \(blocks), chunks up to \(largestChunk), in place: \(inPlace)")
            XCTAssertEqual(output.right, expected.map { -$0 })
        }
    }

    func testUnconnectedInputReadsAsSilence() {
        var quantizer = BlockQuantizer(quantum: 4, largestChunk: 4)
        quantizer.write(left: nil, right: nil, frames: 4)
        XCTAssertTrue(quantizer.isQuantumReady)
        XCTAssertEqual((0..<8).map { quantizer.quantumInput[$0] }, [Float](repeating: 0, count: 8))
    }

    func testHostileInputIsSanitizedOnTheWayIn() {
        var quantizer = BlockQuantizer(quantum: 4, largestChunk: 4)
        let left: [Float] = [.nan, .infinity, 3e30, 0.25], right: [Float] = [-.infinity, -3e30, -0.5, .leastNonzeroMagnitude]
        quantizer.write(left: left, right: right, frames: 4)
        XCTAssertEqual((0..<8).map { quantizer.quantumInput[$0] },
                       [0, 0, 0, -SignalGuard.loudestSample, SignalGuard.loudestSample, -0.5, 0.25, .leastNonzeroMagnitude],
                       "NaN and infinities silenced, the absurd clamped, ordinary samples untouched")
    }
}
