import HostFiles
import LV2Host
import TestSupport
import XCTest

/// Which input file channel reaches which audio input: in order, a mono file to every
/// main input, silence (with a note) for the rest, or `--map`.
final class RoutingTests: XCTestCase {
    let folder = TemporaryFolder("routing")
    let tone = TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.2)

    private func stereoInput() throws -> String {
        let path = folder.path("stereo.wav")
        try writeWAV([[Float](repeating: 0, count: tone.count), tone], sampleRate: 48000, to: path)
        return path
    }

    /// `--map 2:in` sends the file's second channel to eg-amp's only input, at 0 dB.
    func testMapConnectsAChosenChannel() throws {
        let output = folder.path("amp.wav")
        try renderSucceeding(["render", Examples.amp, "--input", try stereoInput(), "--map", "2:in", "--tail", "0", "-o", output])
        XCTAssertEqual(try AudioFile.read(path: output).channels, [tone])
    }

    /// A mono file does not feed a compressor's side-chain: it gets silence, and a note says so.
    func testSideChainGetsSilenceWithANote() throws {
        let input = folder.path("mono.wav"), output = folder.path("comp.wav")
        try writeWAV([tone], sampleRate: 48000, to: input)
        let result = try LV2RenderTool.run(["render", "urn:ardour:a-comp", "--input", input, "--tail", "0", "-o", output])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "Note: The side-chain input lv2_sidechain_in of urn:ardour:a-comp gets silence; feed it with --map CH:lv2_sidechain_in.\n")
        XCTAssertGreaterThan(SignalAnalysis.rms(try AudioFile.read(path: output).channels[0]), 0.1)
    }

    /// A stereo file into an 8-in, 8-out mixer: inputs 3 to 8 get silence, and all eight
    /// outputs are written as channels.
    func testMoreInputsThanChannelsAndMoreThanTwoOutputs() throws {
        let output = folder.path("mixer.wav")
        let result = try LV2RenderTool.run(["render", "http://gareus.org/oss/lv2/matrixmixer#i8o8", "--input", try stereoInput(),
                                            "--tail", "0", "-o", output])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("The audio inputs in3, in4, in5, in6, in7, in8 of"), result.standardError)
        XCTAssertEqual(try AudioFile.read(path: output).channels.count, 8)
    }

    func testMapMistakesAreNamed() throws {
        let input = try stereoInput()
        for (map, message) in [("3:in", "--map names channel 3, but the input has 2 channels.\n"),
                               ("1:left", "The plugin \(Examples.amp) has no audio input left for --map; its audio inputs are in.\n")] {
            let result = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--map", map, "-o", folder.path("x.wav")])
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.standardError, message)
        }
        let malformed = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--map", "0:in", "-o", folder.path("x.wav")])
        XCTAssertEqual(malformed.status, 2)
    }
}
