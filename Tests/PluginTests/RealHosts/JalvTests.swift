import HostFiles
import LV2Host
import TestSupport
import XCTest

/// Both plugins in a real host: jalv, the LV2 reference host, on a JACK server of the
/// test's own (see `JackSession`). jack_midiseq (from jackd2's example clients) plays a
/// looped sequence and jack_rec records what comes out, in real time.
final class JalvTests: XCTestCase {
    static let rate = Double(JackSession.sampleRate)

    /// A machine where JACK stalls on every attempt skips the jalv tests rather than failing them.
    func testStallingOnEveryAttemptSkips() throws {
        var attempts = 0
        let outcome = Result<Void, Error> {
            try JackSession.run(attempts: 2) { jack in
                attempts += 1
                throw JackSession.Stalled("JACK stalled on purpose.", jack)
            }
        }
        // Where JACK cannot start at all, this skips before any attempt, as every jalv test does.
        if attempts == 0, case .failure(let error) = outcome { throw error }
        XCTAssertEqual(attempts, 2)
        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertTrue(error is XCTSkip || error is HostError, "\(error)")
            XCTAssertTrue("\(error)".contains("JACK could not keep time on this machine: it stalled 2 times"), "\(error)")
        }
    }

    /// The synth, as jalv loads it with its default controls, plays A4 from a 0.5 s
    /// loop (A4 for 0.25 s at jack_midiseq's velocity 64): in tune, at the level its
    /// gain and sustain give, and sample for sample as the offline host renders it,
    /// so jalv delivered both events at their exact frames.
    func testSynthPlaysTheSequencedNoteAsTheOfflineHostDoes() throws {
        let output = try JackSession.run { jack in
            try jack.jalv(SynthPluginTests.uri, client: "synth")
            try jack.start("jack_midiseq", ["seq", "24000", "0", "69", "12000"])
            try jack.waitForPorts(["synth:midi_in", "synth:out", "seq:out"])
            try jack.connect("seq:out", "synth:midi_in")
            return try jack.record(["synth:out"], seconds: 1)[0]
        }

        let note = try XCTUnwrap(Self.wholeNotes(in: output).first, "no whole note recorded")
        let held = output[(note.lowerBound + 2400)..<(note.lowerBound + 12000)]
        XCTAssertEqual(SignalAnalysis.cents(SignalAnalysis.frequency(of: held, sampleRate: Self.rate), from: 440), 0, accuracy: 0.01)
        let sustainLevel = 0.8 * pow(10, -12.0 / 20) * 64 / 127
        XCTAssertEqual(SignalAnalysis.peak(output[(note.lowerBound + 10000)..<(note.lowerBound + 12000)]) / sustainLevel, 1,
                       accuracy: 0.001)

        // The sine starts at phase 0, an exact zero, so the note began a frame before the first sound.
        let reference = try offlineRender([TimedMIDIEvent(seconds: 0, bytes: [0x90, 69, 64]),
                                           TimedMIDIEvent(seconds: 0.25, bytes: [0x80, 69, 64])], seconds: 0.45)
        let recorded = output[(note.lowerBound - 1)...].prefix(reference.count)
        XCTAssertEqual(recorded.count, reference.count, "the recording ends too soon after the note")
        // jack_rec stores 32-bit integers: a step of 2^-31.
        let difference = zip(recorded, reference).map { abs(Double($0) - Double($1)) }.max() ?? .infinity
        XCTAssertLessThan(difference, 1e-9)
    }

    /// The synth with its default controls, rendered in this process by LV2Host in JACK's periods.
    func offlineRender(_ midi: [TimedMIDIEvent], seconds: Double) throws -> [Float] {
        let world = try LV2World(lv2Path: Repository.lv2PathWithOnlyOurBundle)
        var request = RenderRequest(stages: [RenderStage(plugin: try world.plugin(uri: SynthPluginTests.uri))])
        request.sampleRate = Self.rate
        request.blocks = .fixed(JackSession.periodFrames)
        request.midi = midi
        request.duration = seconds
        return try Renderer(world: world).render(request).audio.channels[0]
    }

    /// The synth feeds the rate adapter, both in jalv; jalv loads the adapter's
    /// Telephone preset. A 988 Hz note (B5) comes through at its level and a 5920 Hz
    /// note (F#8) is removed, and JACK shows the latency the plugin reports.
    func testTelephonePresetInJalvPasses1kHzAndRemoves6kHz() throws {
        let telephone = "urn:swiftlv2:rate-adapter#telephone"
        let latency = try expectedLatency(preset: telephone)
        let (recording, jackLatency) = try JackSession.run { jack in
            try jack.jalv(SynthPluginTests.uri, client: "synth", controls: ["release": 20])
            let adapter = try jack.jalv(RateAdapterHarness.uri, client: "adapter")
            // A 0.5 s loop: B5 for a sixth of a second, then F#8 as long.
            try jack.start("jack_midiseq", ["seq", "24000", "0", "83", "8000", "12000", "114", "8000"])
            try jack.waitForPorts(["synth:midi_in", "synth:out", "seq:out", "adapter:in_l", "adapter:out_l"])
            try jack.connect("seq:out", "synth:midi_in")
            try jack.connect("synth:out", "adapter:in_l")
            try jack.connect("synth:out", "adapter:in_r")
            // jalv's console reads the presets' descriptions on `presets`, then applies one and prints
            // the controls. It applies a preset between two runs of the plugin, so it waits for JACK.
            adapter.send("presets")
            adapter.send("preset \(telephone)")
            guard waitUntil(seconds: 5, { adapter.output.contains("rate = 8000.000000") }) else {
                throw JackSession.Stalled("jalv did not apply the preset within 5 s.", jack)
            }
            let jackLatency = try jack.latency(of: "adapter:out_l", once: latency)
            return (try jack.record(["synth:out", "adapter:out_l", "adapter:out_r"], seconds: 1), jackLatency)
        }
        XCTAssertEqual(jackLatency, latency, "the latency JACK shows is the one the plugin reports")

        XCTAssertEqual(recording[1], recording[2], "both channels alike")
        let synth = recording[0], adapted = recording[1]
        var seen: Set<Int> = []
        for note in Self.wholeNotes(in: synth) where note.upperBound + latency < adapted.count {
            let middle = (note.lowerBound + 2000)..<(note.upperBound - 2000)
            let pitch = SignalAnalysis.frequency(of: synth[middle], sampleRate: Self.rate)
            let gain = SignalAnalysis.decibels(SignalAnalysis.rms(adapted[(middle.lowerBound + latency)..<(middle.upperBound + latency)])
                                               / SignalAnalysis.rms(synth[middle]))
            if abs(SignalAnalysis.cents(pitch, from: 987.77)) < 1 {
                XCTAssertEqual(gain, 0, accuracy: 0.05, "988 Hz passes")
                seen.insert(83)
            } else if abs(SignalAnalysis.cents(pitch, from: 5919.91)) < 1 {
                XCTAssertLessThan(gain, -90, "5920 Hz is removed")
                seen.insert(114)
            } else {
                XCTFail("an unexpected note at \(pitch) Hz")
            }
        }
        XCTAssertEqual(seen, [83, 114], "a whole note of each pitch")
    }

    /// The latency the rate adapter reports with the preset's controls, at JACK's rate
    /// and period, measured in this process through LV2Host.
    func expectedLatency(preset: String) throws -> Int {
        let harness = try RateAdapterHarness()
        let controls = try harness.world.presetControls(preset, for: harness.plugin)
        let silence = [[Float]](repeating: [Float](repeating: 0, count: JackSession.periodFrames), count: 2)
        let played = try harness.play(silence, hostRate: Self.rate, blockLength: JackSession.periodFrames, controls: controls)
        return try XCTUnwrap(played.latencies.last)
    }

    /// The sounding stretches of a recording (separated by at least 10 ms of exact silence)
    /// that neither the start nor the end of the recording cuts off.
    static func wholeNotes(in signal: [Float], gap: Int = 480) -> [Range<Int>] {
        var notes: [Range<Int>] = []
        var start: Int?, lastSound = -gap - 1
        for (index, sample) in signal.enumerated() where sample != 0 {
            if index - lastSound > gap {
                if let start, start > 0 { notes.append(start..<(lastSound + 1)) }
                start = index
            }
            lastSound = index
        }
        // The last stretch counts only if silence follows it before the end.
        if let start, start > 0, signal.count - 1 - lastSound > gap { notes.append(start..<(lastSound + 1)) }
        return notes
    }
}
