import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// The example delay, built as a newcomer builds it (`make` in Examples/Delay), rendered
/// through lv2render, which sends it the transport (`time:Position`) at the tempo asked.
final class DelayExampleTests: XCTestCase {
    private let folder = TemporaryFolder("delay")
    private static let delay = ExamplePackage.delay

    func testBuildsIntoARealPluginBinary() throws {
        try Self.delay.assertRealPluginBinary(needing: ["libc.so.6", "libm.so.6"])
    }

    func testTurtleValidatesAgainstTheLV2Specifications() throws {
        _ = try Self.delay.lv2Directory()
        try BundleTests.assertValidTurtle(in: Self.delay.bundleFolder)
    }

    /// A click in each channel comes back an eighth note later at the host's tempo (12000
    /// frames at 120 beats per minute, 15000 at 96), exactly that many frames on, at the mix,
    /// then again at the feedback's level; nothing else sounds. The same in any blocks.
    func testEchoesComeAnEighthNoteLaterAtTheHostsTempo() throws {
        var left = [Float](repeating: 0, count: 48000), right = left
        left[1000] = 1
        right[2000] = 0.5
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [left, right]), to: folder.path("clicks.wav"), format: .float32)
        for (bpm, step) in [(120, 12000), (96, 15000)] {
            let options = ["--bpm", String(bpm), "--set", "mix=0.5", "--set", "feedback=0.5"]
            let echoes = try render(options)
            XCTAssertEqual(nonZero(echoes[0]), Self.clickAndEchoes(at: 1000, level: 1, step: step), "\(bpm) bpm")
            XCTAssertEqual(nonZero(echoes[1]), Self.clickAndEchoes(at: 2000, level: 0.5, step: step), "\(bpm) bpm")
            XCTAssertEqual(try render(options + ["--block", "random:1-700:5"]), echoes, "the same whatever the host's blocks")
        }
    }

    /// The host's tempo changes from 120 to 96 beats per minute after two beats (a MIDI
    /// file's tempo map): the echo glides from 12000 to 15000 frames over 50 ms with no step
    /// in the sound, then comes exactly 15000 frames after the sound.
    func testATempoChangeGlidesToTheNewTimeWithoutAStep() throws {
        let tone = TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 1.5)
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [tone, tone]), to: folder.path("clicks.wav"), format: .float32)
        let midi = folder.path("tempo.mid")
        let file = MIDIFileWriter(division: .ticksPerQuarter(480), tracks: [
            [.init(0, .tempo(microsecondsPerQuarter: 500_000)), .init(960, .tempo(microsecondsPerQuarter: 625_000))],
        ])
        try Data(file.bytes()).write(to: URL(fileURLWithPath: midi))
        let echo = try render(["--midi", midi, "--set", "mix=1", "--set", "feedback=0", "--duration", "1.5"])[0]
        // A sine of 0.5 at 440 Hz moves at most 0.029 from one frame to the next; a jump of the
        // delay would step by up to 1.
        let steps = (47000..<53000).map { abs(echo[$0 + 1] - echo[$0]) }
        XCTAssertLessThan(steps.max() ?? .infinity, 0.03)
        XCTAssertEqual((12000..<47000).map { echo[$0] }, (0..<35000).map { tone[$0] }, "12000 frames late at 120 bpm")
        XCTAssertEqual((53000..<72000).map { echo[$0] }, (38000..<57000).map { tone[$0] }, "15000 frames late at 96 bpm")
    }

    /// NaN and infinity in the input (and every other hostile input) never reach the output
    /// or the feedback, and nothing allocates or locks in run.
    func testPassesLv2renderCheck() throws {
        let result = try LV2RenderTool.run(["check", Self.delay.uri], extraLV2Directories: [try Self.delay.lv2Directory()])
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        XCTAssertTrue(result.standardOutput.contains("\n0 failed, 0 warned"), result.standardOutput)
    }

    /// What a click of `level` at `frame` becomes in the 1.2 s rendered, at mix 0.5 and
    /// feedback 0.5: half of it dry, then echoes every `step` frames, each half the last.
    private static func clickAndEchoes(at frame: Int, level: Float, step: Int) -> [Int: Float] {
        var expected = [frame: level * 0.5]
        var echo = level * 0.5
        for at in stride(from: frame + step, to: 57600, by: step) {
            expected[at] = echo
            echo *= 0.5
        }
        return expected
    }

    private func nonZero(_ signal: [Float]) -> [Int: Float] {
        Dictionary(uniqueKeysWithValues: signal.enumerated().filter { $0.element != 0 }.map { ($0.offset, $0.element) })
    }

    private func render(_ options: [String]) throws -> [[Float]] {
        let output = folder.path("out-\(UUID().uuidString).wav")
        let duration = options.contains("--duration") ? [] : ["--duration", "1.2"]
        let result = try LV2RenderTool.run(["render", Self.delay.uri, "--input", folder.path("clicks.wav"), "-o", output]
                                           + duration + options, extraLV2Directories: [try Self.delay.lv2Directory()])
        XCTAssertEqual(result.status, 0, result.standardError)
        return try AudioFile.read(path: output).channels
    }
}
