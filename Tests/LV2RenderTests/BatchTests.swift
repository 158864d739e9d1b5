import AudioMIDIFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// Several `--input` files with `--output-dir`: each rendered as its single render would be.
final class BatchTests: XCTestCase {
    let folder = TemporaryFolder("batch")

    func testEachOutputIsItsSingleRenderAndAFailureIsNamed() throws {
        let inputs = ["low", "high"].map { folder.path("\($0).wav") }
        for (index, path) in inputs.enumerated() {
            try writeWAV([TestSignals.sine(frequency: 220 * Double(index + 1), sampleRate: 48000, seconds: 0.3)], sampleRate: 48000, to: path)
        }
        let broken = folder.path("broken.wav")
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: broken))
        let directory = folder.path("out")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

        let batch = try LV2RenderTool.run(["render", Examples.amp, "--input", inputs[0], broken, inputs[1], "--set", "gain=-6",
                                           "--block", "random:1-900:4", "--output-dir", directory, "--jobs", "2"])
        XCTAssertEqual(batch.status, 1)
        XCTAssertTrue(batch.standardError.contains("\(broken) failed: The file \(broken) is not audio"), batch.standardError)
        XCTAssertTrue(batch.standardError.hasSuffix("1 of 3 inputs failed; the others were rendered.\n"), batch.standardError)
        XCTAssertEqual(batch.standardOutput.split(separator: "\n").filter { $0.hasPrefix("[") }.count, 2, batch.standardOutput)

        for (input, name) in zip(inputs, ["low", "high"]) {
            let single = folder.path("\(name)-single.wav")
            try renderSucceeding(["render", Examples.amp, "--input", input, "--set", "gain=-6", "--block", "random:1-900:4", "-o", single])
            XCTAssertEqual(try AudioFile.read(path: directory + "/\(name).wav").channels, try AudioFile.read(path: single).channels, name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/broken.wav"))
    }

    func testSeveralInputsNeedAnOutputDirectory() throws {
        let result = try LV2RenderTool.run(["render", Examples.amp, "--input", "a.wav", "b.wav", "-o", folder.path("x.wav")])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError, "Several --input files need --output-dir DIR.\n")
    }
}
