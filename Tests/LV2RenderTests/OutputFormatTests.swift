import HostFiles
import CSndFile
import Foundation
import TestSupport
import XCTest

/// The output file is of the type its name's extension names, with the samples `--format`
/// chooses; what cannot be written is refused; clipping and non-numbers are counted.
final class OutputFormatTests: XCTestCase {
    let folder = TemporaryFolder("output-format")
    static let rate = 48000.0

    /// What libsndfile reads back: its format code, channels, rate and samples.
    private func readBack(_ path: String) throws -> (format: Int32, info: SF_INFO, audio: AudioData) {
        var info = SF_INFO()
        let file = try XCTUnwrap(sf_open(path, Int32(SFM_READ), &info), "libsndfile cannot read \(path)")
        sf_close(file)
        return (info.format, info, try AudioFile.read(path: path))
    }

    private func sineInput() throws -> (path: String, signal: [Float]) {
        let input = folder.path("sine.wav")
        let signal = TestSignals.sine(frequency: 1000, sampleRate: Self.rate, seconds: 0.5)
        try writeWAV([signal], sampleRate: Self.rate, to: input)
        return (input, signal)
    }

    /// Each extension writes its own type, read back by libsndfile: lossless ones sample for
    /// sample (to their word length), lossy ones as the same tone at the same level.
    func testExtensionChoosesTheFileType() throws {
        let (input, signal) = try sineInput()
        let expected: [(String, Int32, Float?)] = [
            ("wav", Int32(SF_FORMAT_WAVEX | SF_FORMAT_FLOAT), 0),
            ("aiff", Int32(SF_FORMAT_AIFF | SF_FORMAT_FLOAT), 0),
            ("caf", Int32(SF_FORMAT_CAF | SF_FORMAT_FLOAT), 0),
            ("flac", Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24), 1.0 / 8_388_608),
            ("ogg", Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS), nil),
            ("opus", Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS), nil),
            ("mp3", Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III), nil),
        ]
        for (suffix, format, tolerance) in expected {
            let output = folder.path("out.\(suffix)")
            let result = try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0", "--json", "-o", output])
            let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            XCTAssertEqual(summary["fileType"] as? String, suffix)
            let (written, info, audio) = try readBack(output)
            XCTAssertEqual(written, format, suffix)
            XCTAssertEqual(info.samplerate, 48000, suffix)
            XCTAssertEqual(audio.channels.count, 1, suffix)
            if let tolerance {
                XCTAssertLessThanOrEqual(largestDifference(audio.channels[0], signal), tolerance, suffix)
            } else {
                // Codecs add a little delay and padding; the middle is the same 1 kHz tone, as loud.
                let middle = audio.channels[0][4800..<19200]
                XCTAssertEqual(SignalAnalysis.frequency(of: middle, sampleRate: Self.rate), 1000, accuracy: 1, suffix)
                XCTAssertEqual(SignalAnalysis.decibels(SignalAnalysis.rms(middle) / SignalAnalysis.rms(signal)), 0, accuracy: 1, suffix)
            }
        }
    }

    /// --format chooses the samples where the container has a choice.
    func testFormatChoosesTheSamples() throws {
        let (input, _) = try sineInput()
        for (name, format, expected) in [("a.flac", "pcm16", SF_FORMAT_FLAC | SF_FORMAT_PCM_16),
                                          ("a.wav", "pcm24", SF_FORMAT_WAVEX | SF_FORMAT_PCM_24),
                                          ("a.wav", "pcm16", SF_FORMAT_WAV | SF_FORMAT_PCM_16),
                                          ("a.aiff", "pcm16", SF_FORMAT_AIFF | SF_FORMAT_PCM_16),
                                          ("a.caf", "pcm24", SF_FORMAT_CAF | SF_FORMAT_PCM_24)] {
            try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0", "--format", format, "-o", folder.path(name)])
            XCTAssertEqual(try readBack(folder.path(name)).format, Int32(expected), "\(name) \(format)")
        }
    }

    /// What cannot be written is refused in one sentence, before anything is written.
    func testUnwritableChoicesAreRefused() throws {
        let (input, _) = try sineInput()
        let refusals: [([String], String)] = [
            (["-o", folder.path("out.m4a")], "cannot write .m4a files"),
            (["-o", folder.path("out.flac"), "--format", "float32"], "FLAC stores integers"),
            (["-o", folder.path("out.ogg"), "--format", "pcm16"], "has none to choose"),
            (["-o", folder.path("out.opus"), "--rate", "44100"], "Opus files have a rate of"),
        ]
        for (arguments, message) in refusals {
            let result = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--tail", "0"] + arguments)
            XCTAssertEqual(result.status, 1, result.standardError)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
        }
        XCTAssertEqual(folder.contents, ["sine.wav"])
    }

    /// An integer format says how many samples it clipped: those beyond full scale.
    func testClippingIsCounted() throws {
        let (input, signal) = try sineInput()
        let output = folder.path("loud.wav")
        // +12 dB on a 0.5 sine: the samples above 0.25 in magnitude pass full scale.
        let expected = signal.filter { abs($0) * Float(pow(10, 12.0 / 20)) > 1 }.count
        XCTAssertGreaterThan(expected, 0)
        let result = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--tail", "0", "--set", "gain=12",
                                            "--format", "pcm16", "--json", "-o", output])
        XCTAssertEqual(result.status, 0, result.standardError)
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(summary["clippedSamples"] as? Int, expected)
        XCTAssertTrue(result.standardError.contains("\(expected) samples were beyond full scale and clipped"), result.standardError)
        let written = try readBack(output).audio.channels[0]
        XCTAssertEqual(written.filter { abs($0) >= 32767.0 / 32768 }.count, expected)
        // The line says it too; float output keeps the samples and clips nothing.
        let line = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--tail", "0", "--set", "gain=12", "--format", "pcm16", "-o", output])
        XCTAssertTrue(line.standardOutput.contains(", \(expected) samples clipped"), line.standardOutput)
        let float = try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0", "--set", "gain=12", "--json", "-o", output])
        XCTAssertTrue(float.standardOutput.contains("\"clippedSamples\":0"), float.standardOutput)
    }

    /// NaN and infinity from a plugin are counted, warned about and written as 0.
    func testNonFiniteSamplesAreCountedAndWrittenAsZero() throws {
        let input = folder.path("nan.wav"), output = folder.path("out.wav")
        var signal = TestSignals.sine(frequency: 1000, sampleRate: Self.rate, seconds: 0.1)
        for (index, value) in [(10, Float.nan), (20, .infinity), (30, -.infinity)] { signal[index] = value }
        try writeWAV([signal], sampleRate: Self.rate, to: input)
        // The test delay, set to no delay, passes its input on as the plugin's output.
        let result = try LV2RenderTool.run(["render", TestDelayBundle.uri, "--input", input, "--set", "delay=0", "--tail", "0", "--json", "-o", output],
                                           extraLV2Directories: [try TestDelayBundle.lv2Directory()])
        XCTAssertEqual(result.status, 0, result.standardError)
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(summary["nonFiniteSamples"] as? Int, 3)
        XCTAssertTrue(result.standardError.contains("3 samples that are not a number"), result.standardError)
        let written = try AudioFile.read(path: output).channels[0]
        XCTAssertTrue(written.allSatisfy(\.isFinite))
        XCTAssertEqual([written[10], written[20], written[30]], [0, 0, 0])
        XCTAssertEqual(written[11], signal[11])
    }
}
