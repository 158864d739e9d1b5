import HostFiles
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

    /// A missing output directory is created, folders above it too.
    func testTheOutputDirectoryIsCreated() throws {
        let input = folder.path("in.wav")
        try writeWAV([TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.1)], sampleRate: 48000, to: input)
        let directory = folder.path("new/renders")
        let batch = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--tail", "0", "--output-dir", directory])
        XCTAssertEqual(batch.status, 0, batch.standardError)
        XCTAssertTrue(batch.standardOutput.hasPrefix("[1/1] \(directory)/in.wav: 4800 frames"), batch.standardOutput)
        XCTAssertEqual(try AudioFile.read(path: directory + "/in.wav").frameCount, 4800)
    }

    /// What would fail every file (a preset, a setting, the folder) is said once, before
    /// any child starts, and leaves nothing behind.
    func testAnErrorForEveryFileIsReportedOnceBeforeAnythingRenders() throws {
        let inputs = ["a", "b", "c"].map { folder.path("\($0).wav") }
        for input in inputs { try writeWAV([[0, 0]], sampleRate: 48000, to: input) }
        let directory = folder.path("out")
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["--preset", "loud", "--output-dir", directory], 1, "The plugin \(Examples.amp) has no preset loud; it has none."),
            (["--set", "gain=loud", "--output-dir", directory], 2,
             "The value \"loud\" for gain is not a number or one of its labels (\"-10\", \"-5\", \"0\", \"+5\")."),
            (["--output-dir", inputs[0] + "/out"], 1, "The output directory \(inputs[0])/out could not be created."),
        ]
        for (arguments, status, message) in cases {
            let batch = try LV2RenderTool.run(["render", Examples.amp, "--input"] + inputs + arguments)
            XCTAssertEqual(batch.status, status, message)
            XCTAssertEqual(batch.standardError, message + "\n")
            XCTAssertEqual(batch.standardOutput, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory), message)
        }
    }

    /// "1 of 1 input failed.", and "the other" or "the others" only when there are some.
    func testTheFailureLineCountsInWords() throws {
        let good = folder.path("good.wav"), broken = folder.path("broken.wav")
        try writeWAV([[0, 0]], sampleRate: 48000, to: good)
        try Data("not audio".utf8).write(to: URL(fileURLWithPath: broken))
        for (inputs, last) in [([broken], "1 of 1 input failed."), ([broken, good], "1 of 2 inputs failed; the other was rendered.")] {
            let batch = try LV2RenderTool.run(["render", Examples.amp, "--input"] + inputs + ["--output-dir", folder.path("out")])
            XCTAssertEqual(batch.status, 1)
            XCTAssertEqual(batch.standardError.split(separator: "\n").last.map(String.init), last, batch.standardError)
        }
    }
}
