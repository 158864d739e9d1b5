import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// What each render option does to the sound, measured on the output file.
final class RenderOptionsTests: XCTestCase {
    let folder = TemporaryFolder("render-options")
    var input: String { folder.path("in.wav") }
    var output: String { folder.path("out.wav") }
    /// Half a second of noise at 48 kHz: every sample differs, so any shift shows.
    let signal = TestSignals.noise(count: 24000)

    override func setUpWithError() throws {
        try writeWAV([signal], sampleRate: 48000, to: input)
    }

    private func rendered() throws -> [Float] {
        try AudioFile.read(path: output).channels[0]
    }

    /// A 44.1 kHz file rendered at 48 kHz is converted first: same pitch, same length.
    func testOtherInputRateKeepsPitchAndDuration() throws {
        try writeWAV([TestSignals.sine(frequency: 1000, sampleRate: 44100, seconds: 1)], sampleRate: 44100, to: input)
        try renderSucceeding(["render", Examples.amp, "--input", input, "--rate", "48000", "--tail", "0", "-o", output])
        let audio = try AudioFile.read(path: output)
        XCTAssertEqual(audio.sampleRate, 48000)
        XCTAssertEqual(audio.frameCount, 48000)
        // Away from the edges, where the converter's filter meets the silence around the file.
        let middle = Array(audio.channels[0][4800..<43200])
        let frequency = SignalAnalysis.frequency(of: middle, sampleRate: 48000)
        XCTAssertEqual(SignalAnalysis.cents(frequency, from: 1000), 0, accuracy: 0.01)
        XCTAssertEqual(SignalAnalysis.peak(middle), 0.5, accuracy: 0.001)
    }

    /// FLAC and AIFF files (made by sox from the WAV) are read like WAV.
    func testFLACAndAIFFInputs() throws {
        for name in ["in.flac", "in.aiff"] {
            let converted = folder.path(name)
            let sox = try runCommand("sox", [input, "-b", "24", converted])
            XCTAssertEqual(sox.status, 0, sox.standardError)
            try renderSucceeding(["render", Examples.amp, "--input", converted, "--tail", "0", "-o", output])
            XCTAssertLessThanOrEqual(largestDifference(try rendered(), signal), 1 / Float(1 << 23), name)
        }
    }

    /// Without --duration or --tail the render stops after 0.1 s of silence past the input's end.
    func testDefaultTailStopsAfterATenthOfSilence() throws {
        try renderSucceeding(["render", Examples.amp, "--input", input, "-o", output])
        let samples = try rendered()
        XCTAssertEqual(samples.count, 24000 + 4800)
        XCTAssertEqual(Array(samples[..<24000]), signal)
        XCTAssertTrue(samples[24000...].allSatisfy { $0 == 0 })
    }

    func testTailAndDurationSetTheLength() throws {
        try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0.25", "-o", output])
        XCTAssertEqual(try rendered().count, 24000 + 12000)
        try renderSucceeding(["render", Examples.amp, "--input", input, "--duration", "0.3", "-o", output])
        XCTAssertEqual(try rendered().count, 14400)
        try renderSucceeding(["render", Examples.amp, "--input", input, "--duration", "0.3", "--rate", "44100", "-o", output])
        XCTAssertEqual(try rendered().count, 13230)
    }

    /// Anything but 16-bit mono or stereo has the extensible header (WAVE_FORMAT_EXTENSIBLE),
    /// as Microsoft's WAV specification asks for more than 16 bits, and sox reads it.
    /// (sox 14.4.2 still prints "wave header missing extended part of fmt chunk" for every
    /// extensible float file, its own or ours: its reader looks for a second cbSize.)
    func testFormats() throws {
        for (format, bits, tag, extensible) in [("pcm16", 16, 1, false), ("pcm24", 24, 1, true), ("float32", 32, 3, true)] {
            try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0", "--format", format, "-o", output])
            let header = try WAVHeader(path: output)
            XCTAssertEqual(header.bitsPerSample, bits, format)
            XCTAssertEqual(header.formatTag, tag, format)
            XCTAssertEqual(header.isExtensible, extensible, format)
            let sox = try runCommand("sox", ["--i", "-e", output])
            XCTAssertEqual(sox.status, 0, sox.standardError)
            XCTAssertEqual(sox.standardOutput, tag == 3 ? "Floating Point PCM\n" : "Signed Integer PCM\n")
            let quantum = tag == 3 ? 0 : 1 / Float(1 << (bits - 1))
            XCTAssertLessThanOrEqual(largestDifference(try rendered(), signal), quantum, format)
        }
    }

    /// Levels beyond full scale saturate in integer formats rather than wrapping around,
    /// and a warning counts them.
    func testIntegerFormatsClip() throws {
        try writeWAV([[0.9, -0.9, 0.5]], sampleRate: 48000, to: input)
        let result = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--set", "gain=6", "--tail", "0", "--format", "pcm16", "-o", output])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "Warning: 2 samples were beyond full scale and clipped in the pcm16 file; lower the level or use --format float32.\n")
        let samples = try rendered()
        XCTAssertEqual(samples[0], 32767 / 32768, accuracy: 1e-6)
        XCTAssertEqual(samples[1], -1, accuracy: 1e-6)
    }

    func testJSONSummaryMatchesTheFile() throws {
        let result = try renderSucceeding(["render", Examples.amp, "--input", input, "--set", "gain=-6", "--tail", "0", "--json", "-o", output])
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let samples = try rendered()
        XCTAssertEqual(summary["frames"] as? Int, samples.count)
        XCTAssertEqual(summary["seconds"] as? Double, 0.5)
        XCTAssertEqual(summary["sampleRate"] as? Double, 48000)
        XCTAssertEqual(summary["latency"] as? Int, 0)
        XCTAssertEqual(summary["output"] as? String, output)
        XCTAssertEqual(try XCTUnwrap(summary["peakDBFS"] as? Double), SignalAnalysis.decibels(SignalAnalysis.peak(samples)), accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(summary["rmsDBFS"] as? Double), SignalAnalysis.decibels(SignalAnalysis.rms(samples)), accuracy: 1e-6)
        XCTAssertGreaterThan(try XCTUnwrap(summary["cpuSeconds"] as? Double), 0)
        XCTAssertGreaterThan(try XCTUnwrap(summary["realtimeFactor"] as? Double), 1)
    }

    func testTextSummaryLine() throws {
        let line = try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0", "-o", output]).standardOutput
        XCTAssertTrue(line.hasPrefix("24000 frames (0.500 s at 48000 Hz), peak "), line)
        for part in ["dBFS, RMS ", " dBFS, latency 0 frames, CPU ", "x realtime\n"] {
            XCTAssertTrue(line.contains(part), line)
        }
    }

    /// Two amplifiers at -6 dB in a chain make -12 dB; each --set belongs to the plugin before it.
    func testChainFeedsOnePluginIntoTheNext() throws {
        try renderSucceeding(["render", Examples.amp, "--input", input, "--set", "gain=-6", "--tail", "0",
                              "--then", Examples.amp, "--set", "gain=-6", "-o", output])
        XCTAssertEqual(SignalAnalysis.decibels(SignalAnalysis.rms(try rendered()) / SignalAnalysis.rms(signal)), -12, accuracy: 0.001)

        // `delay` exists only on the second plugin, `gain` only on the first; options may follow the chain.
        try renderSucceeding(["render", Examples.amp, "--set", "gain=0", "--then", TestDelayBundle.uri, "--set", "delay=10",
                              "--input", input, "--tail", "0", "-o", output])
        let delayed = try rendered()
        XCTAssertEqual(Array(delayed[10...]), Array(signal[..<(signal.count - 10)]))
    }

    /// Once a --then has appeared, a later --set or --preset belongs to that plugin even
    /// with other options in between; --then=URI works as --then URI.
    func testStageOptionsAfterThenBelongToTheLatestPlugin() throws {
        try renderSucceeding(["render", Examples.amp, "--input", input, "--then", TestDelayBundle.uri, "--tail", "0",
                              "--set", "delay=10", "-o", output])
        XCTAssertEqual(Array(try rendered()[10...]), Array(signal[..<(signal.count - 10)]))

        try renderSucceeding(["render", Examples.amp, "--set", "gain=0", "--then=\(TestDelayBundle.uri)", "--input", input,
                              "--preset", TestDelayBundle.shortPresetURI, "--tail", "0", "-o", output])
        XCTAssertEqual(Array(try rendered()[7...]), Array(signal[..<(signal.count - 7)]))
    }

    /// A mono plugin's output feeds both inputs of a stereo one that follows it.
    func testMonoStageFeedsAStereoStage() throws {
        try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0", "--then", Examples.stereoScope, "-o", output])
        let audio = try AudioFile.read(path: output)
        XCTAssertEqual(audio.channels, [signal, signal])
    }

    /// The test delay reports its delay as latency; compensating removes it exactly,
    /// and the output keeps the input's length.
    func testCompensateLatencyRemovesTheReportedDelay() throws {
        let plain = try renderSucceeding(["render", TestDelayBundle.uri, "--input", input, "--tail", "0", "--json", "-o", output])
        XCTAssertEqual(Array(try rendered()[100...]), Array(signal[..<(signal.count - 100)]))
        XCTAssertTrue(plain.standardOutput.contains("\"latency\":100"), plain.standardOutput)

        try renderSucceeding(["render", TestDelayBundle.uri, "--input", input, "--tail", "0", "--compensate-latency",
                              "--block", "random:1-300:5", "-o", output])
        XCTAssertEqual(try rendered(), signal)

        // A chain's latencies add up.
        let chain = try renderSucceeding(["render", TestDelayBundle.uri, "--then", TestDelayBundle.uri, "--set", "delay=50",
                                          "--input", input, "--tail", "0", "--compensate-latency", "--json", "-o", output])
        XCTAssertEqual(try rendered(), signal)
        XCTAssertTrue(chain.standardOutput.contains("\"latency\":150"), chain.standardOutput)
    }

    func testPresetThenSet() throws {
        try renderSucceeding(["render", TestDelayBundle.uri, "--preset", TestDelayBundle.shortPresetURI, "--input", input, "--tail", "0", "-o", output])
        XCTAssertEqual(Array(try rendered()[7...]), Array(signal[..<(signal.count - 7)]))
        try renderSucceeding(["render", TestDelayBundle.uri, "--preset", TestDelayBundle.shortPresetURI, "--set", "delay=3",
                              "--input", input, "--tail", "0", "-o", output])
        XCTAssertEqual(Array(try rendered()[3...]), Array(signal[..<(signal.count - 3)]))
    }

    /// In place, the same plugins give the same samples.
    func testInPlaceReallySharesTheBuffers() throws {
        for (flags, expected) in [([String](), Float(0)), (["--in-place"], Float(1))] {
            try renderSucceeding(["render", TestDelayBundle.inPlaceProbeURI, "--input", input, "--tail", "0",
                                  "--block", "random:1-1000:5", "-o", output] + flags)
            let samples = try rendered()
            XCTAssertFalse(samples.isEmpty)
            XCTAssertTrue(samples.allSatisfy { $0 == expected }, "with \(flags) every sample should be \(expected) (1 = input and output shared)")
        }
    }

    func testInPlaceRendersTheSame() throws {
        for uri in [Examples.amp, TestDelayBundle.uri] {
            try renderSucceeding(["render", uri, "--input", input, "--tail", "0", "-o", output])
            let separate = try rendered()
            try renderSucceeding(["render", uri, "--input", input, "--tail", "0", "--in-place", "--block", "random:1-1000:3", "-o", output])
            XCTAssertEqual(try rendered(), separate, uri)
        }
    }
}

/// The fields of a WAV file's `fmt ` chunk that tell the sample format.
private struct WAVHeader {
    /// 1 for integers, 3 for floats; for the extensible header, its sub-format's.
    let formatTag: Int
    let bitsPerSample: Int
    let isExtensible: Bool

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        var chunk = 12
        while chunk + 8 <= bytes.count, String(decoding: bytes[chunk..<(chunk + 4)], as: UTF8.self) != "fmt " {
            chunk += 8 + integer(chunk + 4, 4)
        }
        guard chunk + 24 <= bytes.count else { throw HostError("\(path) has no fmt chunk.") }
        isExtensible = integer(chunk + 8, 2) == 0xFFFE
        guard !isExtensible || chunk + 34 <= bytes.count else { throw HostError("\(path) has a short fmt chunk.") }
        formatTag = integer(chunk + (isExtensible ? 32 : 8), 2)
        bitsPerSample = integer(chunk + 22, 2)
    }
}
