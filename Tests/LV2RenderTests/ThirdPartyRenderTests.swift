import HostFiles
import LV2Host
import TestSupport
import XCTest

/// lv2render against lilv's own host and the lv2-examples plugins.
final class ThirdPartyRenderTests: XCTestCase {
    let folder = TemporaryFolder("third-party")

    /// eg-amp through lv2render matches eg-amp through lv2apply, sample for sample.
    func testAmpMatchesLV2Apply() throws {
        let input = folder.path("in.wav"), ours = folder.path("ours.wav"), theirs = folder.path("theirs.wav")
        let signal = zip(TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.5), TestSignals.noise(count: 24000, amplitude: 0.2)).map { $0 + $1 }
        try writeWAV([signal], sampleRate: 48000, to: input)

        try renderSucceeding(["render", Examples.amp, "--input", input, "--set", "gain=-6.5", "--tail", "0", "-o", ours])
        let reference = try runCommand("lv2apply", ["-i", input, "-o", theirs, "-c", "gain", "-6.5", Examples.amp],
                                       environment: ["LV2_PATH": "/usr/lib/lv2"])
        XCTAssertEqual(reference.status, 0, reference.standardError)

        let rendered = try AudioFile.read(path: ours), expected = try AudioFile.read(path: theirs)
        XCTAssertEqual(rendered.frameCount, signal.count)
        XCTAssertEqual(rendered.frameCount, expected.frameCount)
        XCTAssertLessThan(largestDifference(rendered.channels[0], expected.channels[0]), 1e-7)
        // And the gain is what was asked for: -6.5 dB.
        XCTAssertEqual(SignalAnalysis.decibels(SignalAnalysis.rms(rendered.channels[0]) / SignalAnalysis.rms(signal)), -6.5, accuracy: 0.001)
    }

    /// A mono file into a stereo plugin reaches both inputs; eg-scope passes audio through.
    func testMonoInputFeedsBothInputsOfAStereoPlugin() throws {
        let input = folder.path("mono.wav"), output = folder.path("out.wav")
        let signal = TestSignals.sine(frequency: 1000, sampleRate: 48000, seconds: 0.2)
        try writeWAV([signal], sampleRate: 48000, to: input)
        try renderSucceeding(["render", Examples.stereoScope, "--input", input, "--tail", "0", "-o", output])
        let rendered = try AudioFile.read(path: output)
        XCTAssertEqual(rendered.channels.count, 2)
        XCTAssertEqual(rendered.channels[0], signal)
        XCTAssertEqual(rendered.channels[1], signal)
    }

    /// eg-midigate lets audio through while a note is held. With one-frame blocks its
    /// gate opens on the note-on's exact frame, so the output shows where events land:
    /// a note at 0.5 s for 0.25 s at 48 kHz sounds on frames 24000 … 35999.
    func testNotesLandOnTheirExactFrame() throws {
        let input = folder.path("dc.wav"), output = folder.path("gate.wav")
        try writeWAV([[Float](repeating: 0.5, count: 48000)], sampleRate: 48000, to: input)
        try renderSucceeding(["render", Examples.midiGate, "--input", input, "--notes", "60@0.5:0.25:100",
                              "--block", "1", "--tail", "0", "-o", output])
        let gated = try AudioFile.read(path: output).channels[0]
        XCTAssertEqual(gated.firstIndex { $0 != 0 }, 24000)
        XCTAssertEqual(gated.lastIndex { $0 != 0 }, 35999)
    }

    /// The same through a type-1 MIDI file whose tempo changes mid-way: 120 bpm for the
    /// first two beats, then 240 bpm. A note from beat 1 to beat 3 therefore runs from
    /// 0.5 s to 1.25 s, frames 24000 … 59999.
    func testMIDIFileTempoChangeMovesTheNoteOff() throws {
        let input = folder.path("dc.wav"), midi = folder.path("tempo.mid"), output = folder.path("gate.wav")
        try writeWAV([[Float](repeating: 0.5, count: 72000)], sampleRate: 48000, to: input)
        let file = MIDIFileWriter(division: .ticksPerQuarter(480), tracks: [
            [.init(0, .tempo(microsecondsPerQuarter: 500_000)), .init(960, .tempo(microsecondsPerQuarter: 250_000))],
            [.noteOn(480, note: 60, velocity: 100), .noteOff(960, note: 60)],
        ])
        try Data(file.bytes()).write(to: URL(fileURLWithPath: midi))
        try renderSucceeding(["render", Examples.midiGate, "--input", input, "--midi", midi,
                              "--block", "1", "--tail", "0", "-o", output])
        let gated = try AudioFile.read(path: output).channels[0]
        XCTAssertEqual(gated.firstIndex { $0 != 0 }, 24000)
        XCTAssertEqual(gated.lastIndex { $0 != 0 }, 59999)
    }

    /// With longer blocks eg-midigate applies a note to its whole block (it sets the gate
    /// before writing the samples ahead of the event), so its output opens at the start of
    /// the block that holds the event's frame. With random blocks that start is known from
    /// the seeded pattern: the event went into the right block.
    func testEventsGoIntoTheBlockHoldingTheirFrame() throws {
        let input = folder.path("dc.wav"), output = folder.path("gate.wav")
        try writeWAV([[Float](repeating: 0.5, count: 48000)], sampleRate: 48000, to: input)
        try renderSucceeding(["render", Examples.midiGate, "--input", input, "--notes", "60@0.5:0.25:100",
                              "--block", "random:1-700:7", "--tail", "0", "-o", output])
        var starts: [Int] = [], lengths = BlockPattern.random(min: 1, max: 700, seed: 7).lengths(), position = 0
        while position < 48000 {
            starts.append(position)
            position += lengths.next()!
        }
        let gated = try AudioFile.read(path: output).channels[0]
        XCTAssertEqual(gated.firstIndex { $0 != 0 }, starts.last { $0 <= 24000 })
        XCTAssertEqual(gated.lastIndex { $0 != 0 }, starts.last { $0 <= 36000 }! - 1)
    }

    func testListNamesEveryPlugin() throws {
        // Not `renderSucceeding`: lilv may warn on stderr about other bundles on the path.
        let result = try LV2RenderTool.run(["list"], extraLV2Directories: [try TestDelayBundle.lv2Directory()])
        XCTAssertEqual(result.status, 0)
        let listing = result.standardOutput
        XCTAssertTrue(listing.contains(Examples.amp))
        XCTAssertTrue(listing.contains("Simple Amplifier"))
        XCTAssertTrue(listing.contains(TestDelayBundle.uri))
        XCTAssertTrue(listing.contains("Test Delay"))
    }

    func testInfoDescribesPortsLatencyAndPresets() throws {
        let amp = try renderSucceeding(["info", Examples.amp]).standardOutput
        XCTAssertTrue(amp.contains("gain"), amp)
        XCTAssertTrue(amp.contains("-90 … 24 dB, default 0"), amp)
        XCTAssertTrue(amp.contains("audio in"), amp)
        XCTAssertTrue(amp.contains("Latency:           none"), amp)

        let delay = try renderSucceeding(["info", TestDelayBundle.uri]).standardOutput
        XCTAssertTrue(delay.contains("Latency:           reported on port 1 (latency)"), delay)
        XCTAssertTrue(delay.contains("0 … 48000 frames, default 100"), delay)
        XCTAssertTrue(delay.contains("\(TestDelayBundle.shortPresetURI) (Short)"), delay)

        let sampler = try renderSucceeding(["info", Examples.sampler]).standardOutput
        XCTAssertTrue(sampler.contains("http://lv2plug.in/ns/ext/worker#schedule"), sampler)
    }
}
