import HostFiles
import SwiftLV2Engines
import Foundation
import LV2Host
import RateAdapter
import TestSupport
import XCTest

/// lv2render streams: memory stays flat however long the render or the input, inputs
/// are read to their real end whatever their header says, and the silence rule waits
/// for the chain's latency.
final class StreamingRenderTests: XCTestCase {
    let folder = TemporaryFolder("streaming")
    var output: String { folder.path("out.wav") }

    /// The JSON summary of a render that must succeed.
    private func summary(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let result = try renderSucceeding(["render"] + arguments + ["--json"], file: file, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                             result.standardOutput, file: file, line: line)
    }

    /// An hour through the rate adapter (2.7 GB when the render was held in memory) stays
    /// under 100 MB, as lv2render measures itself (VmHWM, reported as peakResidentBytes).
    /// The file goes to /dev/null: 1.4 GB of disk writes would only slow the test down.
    func testOneHourThroughTheRateAdapterStaysUnder100MB() throws {
        let measured = try summary([SynthURI.sineSynth, "--notes", "69@0:1", "--duration", "3600",
                                    "--then", SynthURI.rateAdapter, "-o", "/dev/null"])
        XCTAssertEqual(measured["frames"] as? Int, 3600 * 48000)
        let peak = try XCTUnwrap(measured["peakResidentBytes"] as? Int)
        XCTAssertLessThan(peak, 100 << 20, "peak resident memory \(peak >> 20) MiB")
        XCTAssertGreaterThan(try XCTUnwrap(measured["peakDBFS"] as? Double), -20)
    }

    /// A FLAC written to a pipe has no length in its header (`total_samples` 0, which
    /// libsndfile reports as INT64_MAX frames): it is read to its end.
    func testFLACOfUnknownLengthIsReadToItsEnd() throws {
        let flac = folder.path("piped.flac")
        let sox = try runCommand("sh", ["-c", "sox -n -r 48000 -b 24 -t flac - synth 0.5 sine 1000 | cat > '\(flac)'"])
        XCTAssertEqual(sox.status, 0, sox.standardError)
        let measured = try summary([Examples.amp, "--input", flac, "--tail", "0", "-o", output])
        XCTAssertEqual(measured["frames"] as? Int, 24000)
        let samples = try AudioFile.read(path: output).channels[0]
        XCTAssertEqual(SignalAnalysis.frequency(of: samples[2400..<21600], sampleRate: 48000), 1000, accuracy: 0.1)
    }

    /// A 3 KB FLAC whose header claims 172.8 million frames allocated 1.4 GB up front; the
    /// frames that are really there are read, in a few megabytes.
    func testFLACHeaderThatClaimsAnHourIsNotBelieved() throws {
        let flac = folder.path("liar.flac")
        let sox = try runCommand("sox", ["-n", "-r", "48000", "-b", "16", flac, "synth", "0.1", "sine", "440"])
        XCTAssertEqual(sox.status, 0, sox.standardError)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: flac)))
        // STREAMINFO: 36 bits of total samples from the low nibble of byte 21 to byte 25.
        let claimed: UInt64 = 172_800_000
        bytes[21] = (bytes[21] & 0xF0) | UInt8(claimed >> 32)
        for i in 0..<4 { bytes[22 + i] = UInt8(truncatingIfNeeded: claimed >> (24 - 8 * i)) }
        try Data(bytes).write(to: URL(fileURLWithPath: flac))

        let measured = try summary([Examples.amp, "--input", flac, "--tail", "0", "-o", output])
        XCTAssertEqual(measured["frames"] as? Int, 4800)
        XCTAssertLessThan(try XCTUnwrap(measured["peakResidentBytes"] as? Int), 100 << 20)
    }

    /// A MIDI file is read as it plays: a 32 MiB file of 11 million events in four tracks
    /// (a 64 MiB one cost 1.5 to 1.9 GB when every event was held) stays under 100 MB.
    func testLargeMIDIFileIsReadAsItPlays() throws {
        let trackBytes = 8 << 20
        let pair: [UInt8] = [0x01, 0x3C, 0x00, 0x01, 0x3C, 0x64]  // running status: off, on, a tick apart
        // The header of a type-1 file with four tracks; the track chunks are built here.
        var bytes = [UInt8](MIDIFileWriter(tracks: Array(repeating: [], count: 4)).bytes()[..<14])
        for track in 0..<4 {
            var body: [UInt8] = [0x00, 0x90 | UInt8(track), 0x3C, 0x64]
            body.reserveCapacity(trackBytes)
            while body.count + pair.count + 4 <= trackBytes { body += pair }
            body += [0x00, 0xFF, 0x2F, 0x00]
            bytes += Array("MTrk".utf8) + MIDIFileWriter.bigEndian(body.count, byteCount: 4) + body
        }
        let midi = folder.path("large.mid")
        try Data(bytes).write(to: URL(fileURLWithPath: midi))
        let measured = try summary([SynthURI.sineSynth, "--midi", midi, "--duration", "1", "-o", output])
        XCTAssertEqual(measured["frames"] as? Int, 48000)
        XCTAssertGreaterThan(try XCTUnwrap(measured["peakDBFS"] as? Double), -30)
        let peak = try XCTUnwrap(measured["peakResidentBytes"] as? Int)
        XCTAssertLessThan(peak, 100 << 20, "peak resident memory \(peak >> 20) MiB")
    }

    /// Two rate adapters at their lowest rate with the best sinc take longer than the 0.1 s silence
    /// window to let a sound through: the render used to stop before any came out
    /// (7200 frames, peak -397 dBFS). The silence rule starts after the chain's latency.
    func testSilenceRuleWaitsOutTheChainsLatency() throws {
        let slow = ["--then", SynthURI.rateAdapter, "--set", "quality=0", "--set", "rate=\(RateAdapterSettings.lowestRate)"]
        let measured = try summary([SynthURI.sineSynth, "--notes", "69@0:0.05"] + slow + slow + ["-o", output])
        let latency = try XCTUnwrap(measured["latency"] as? Int)
        XCTAssertGreaterThan(latency, 4800, "the case needs a latency longer than the silence window")
        XCTAssertGreaterThan(try XCTUnwrap(measured["peakDBFS"] as? Double), -20)
        let samples = try AudioFile.read(path: output).channels[0]
        let onset = try XCTUnwrap(SignalAnalysis.onset(samples, threshold: 0.01))
        XCTAssertGreaterThan(onset, latency - 2400)
        // It ends with 0.1 s of silence after the sound, as without latency.
        XCTAssertTrue(samples.suffix(4800).allSatisfy { abs($0) <= 1e-5 })
        XCTAssertGreaterThan(samples.count, latency + 2400)
    }

    /// The same render with its latency compensated still ends 0.1 s after the sound.
    func testSilenceRuleWithCompensatedLatency() throws {
        let measured = try summary([SynthURI.sineSynth, "--notes", "69@0:0.05", "--then", SynthURI.rateAdapter,
                                    "--set", "quality=0", "--set", "rate=\(RateAdapterSettings.lowestRate)", "--compensate-latency", "-o", output])
        let samples = try AudioFile.read(path: output).channels[0]
        XCTAssertEqual(measured["frames"] as? Int, samples.count)
        XCTAssertLessThan(try XCTUnwrap(SignalAnalysis.onset(samples, threshold: 0.01)), 480)
        XCTAssertTrue(samples.suffix(4800).allSatisfy { abs($0) <= 1e-5 })
    }

    /// Without --rate the render runs at the input file's rate; --rate converts.
    func testRenderRateIsTheInputFilesUnlessGiven() throws {
        let input = folder.path("in.wav")
        try writeWAV([TestSignals.sine(frequency: 1000, sampleRate: 44100, seconds: 0.5)], sampleRate: 44100, to: input)
        let own = try summary([Examples.amp, "--input", input, "--tail", "0", "-o", output])
        XCTAssertEqual(own["sampleRate"] as? Double, 44100)
        XCTAssertEqual(own["frames"] as? Int, 22050)
        XCTAssertEqual(try AudioFile.read(path: output).sampleRate, 44100)
        let converted = try summary([Examples.amp, "--input", input, "--rate", "96000", "--tail", "0", "-o", output])
        XCTAssertEqual(converted["sampleRate"] as? Double, 96000)
        XCTAssertEqual(converted["frames"] as? Int, 48000)
        // Without input, 48 kHz.
        let notes = try summary([SynthURI.sineSynth, "--notes", "69@0:0.1", "-o", output])
        XCTAssertEqual(notes["sampleRate"] as? Double, 48000)
    }

    /// Converting while streaming gives what converting the whole file at once gave:
    /// the same length, pitch and level, whatever the block size.
    func testStreamingConversionMatchesWholeFileConversion() throws {
        let signal = TestSignals.sine(frequency: 1000, sampleRate: 44100, seconds: 1)
        let whole = try AudioData(sampleRate: 44100, channels: [signal]).resampled(to: 48000)
        XCTAssertEqual(whole.frameCount, 48000)
        let input = folder.path("in.wav")
        try writeWAV([signal], sampleRate: 44100, to: input)
        for block in ["512", "random:1-5000:3"] {
            try renderSucceeding(["render", Examples.amp, "--input", input, "--rate", "48000", "--tail", "0",
                                  "--block", block, "-o", output])
            XCTAssertLessThanOrEqual(largestDifference(try AudioFile.read(path: output).channels[0], whole.channels[0]), 1e-6, block)
        }
    }
}

/// Our own plugins, as the host tests render them.
enum SynthURI {
    static let sineSynth = "urn:swiftlv2:sine-synth"
    static let rateAdapter = "urn:swiftlv2:rate-adapter"
}
