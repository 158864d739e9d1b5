import HostFiles
import LV2Host
import TestSupport
import XCTest

/// `--automate`: a control moved along straight lines between points, sample-accurately.
/// eg-amp applies its gain to a whole block, so its output shows each block's value.
final class AutomationTests: XCTestCase {
    let folder = TemporaryFolder("automation")

    private func render(_ arguments: [String]) throws -> [Float] {
        let input = folder.path("dc.wav"), output = folder.path("amp.wav")
        try writeWAV([[Float](repeating: 0.5, count: 57600)], sampleRate: 48000, to: input)
        try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0", "-o", output] + arguments)
        return try AudioFile.read(path: output).channels[0]
    }

    /// A jump at 0.5 s lands on frame 24000, which no 512-frame block starts at, nor a random one.
    func testAJumpLandsOnItsFrameWhateverTheBlocks() throws {
        for block in ["512", "random:1-3000:9"] {
            let output = try render(["--automate", "gain=0:0,0.5:0,0.5:-20", "--block", block])
            XCTAssertEqual(output.firstIndex { $0 != 0.5 }, 24000, block)
            XCTAssertEqual(Double(output[24000]), 0.05, accuracy: 1e-7, block)
            XCTAssertEqual(Set(output[24000...]).count, 1, block)
        }
    }

    /// From -20 dB at 1 s to 0 dB at 1.1 s: every 32 frames a step along the line,
    /// each step the line's value at its first frame.
    func testARampAdvancesEvery32Frames() throws {
        let output = try render(["--automate", "gain=0:-20,1:-20,1.1:0"])
        for step in 0..<150 {
            let first = 48000 + 32 * step
            let decibels = -20 + 20 * Double(32 * step) / 4800
            let expected = 0.5 * pow(10, decibels / 20)
            XCTAssertEqual(Double(output[first]), expected, accuracy: 1e-6 * expected, "step \(step)")
            XCTAssertEqual(Set(output[first..<first + 32]).count, 1, "step \(step)")
        }
        XCTAssertEqual(Set(output[52800...]), [0.5])
    }

    /// After --then, --automate moves the second plugin's control, not the first's.
    func testAutomationAppliesToThePluginItFollows() throws {
        let output = try render(["--set", "gain=-6.0206", "--then", Examples.amp, "--automate", "gain=0:0,0.5:0,0.5:6.0206"])
        XCTAssertEqual(Double(output[0]), 0.25, accuracy: 1e-6)
        XCTAssertEqual(Double(output[30000]), 0.5, accuracy: 1e-6)
    }

    func testBadPointsAreRefused() throws {
        let input = folder.path("dc.wav")
        try writeWAV([[Float](repeating: 0.5, count: 480)], sampleRate: 48000, to: input)
        for (automate, status, message) in [("gain=0:0,1:100", Int32(1), "The value 100 for gain is outside its range -90 to 24.\n"),
                                            ("gain=1:0,0.5:-6", 1, "The points of --automate gain must be in time order, but 0.5 s comes after 1 s.\n"),
                                            ("gain=0-0", 2, "--automate gain takes TIME:VALUE points in seconds and numbers, not \"0-0\".\n")] {
            let result = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--automate", automate, "-o", folder.path("x.wav")])
            XCTAssertEqual(result.status, status, automate)
            XCTAssertEqual(result.standardError, message)
        }
    }
}
