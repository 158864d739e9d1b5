import SwiftLV2Engines
import SineSynth  // the defaults and ranges its declaration gives
import TestSupport
import XCTest

/// The synth engine alone, without LV2: pitch, purity, envelopes, glide, polyphony.
final class SynthEngineTests: XCTestCase, SynthRendering {
    func testA4IsExactlyTheTuningFrequencyAtEveryRate() {
        for rate in [8000.0, 11025, 22050, 44100, 48000, 88200, 96000, 192000, 384000] {
            let output = render(rate: rate, frames: Int(rate * 1.5), events: [noteOn(69, at: 0)])
            let steady = Array(output[Int(rate * 0.4)...])
            let cents = SignalAnalysis.cents(SignalAnalysis.frequency(of: steady, sampleRate: rate), from: 440)
            XCTAssertLessThan(abs(cents), 0.01, "A4 at \(rate) Hz is \(cents) cents off")
        }
    }

    func testTuningMovesTheWholeKeyboard() {
        var settings = SynthSettings.defaults
        settings.tuningA4 = 432
        let output = render(settings, frames: 72000, events: [noteOn(81, at: 0)])  // A5
        let frequency = SignalAnalysis.frequency(of: output[20000...], sampleRate: 48000)
        XCTAssertLessThan(abs(SignalAnalysis.cents(frequency, from: 864)), 0.01)
    }

    func testSineIsPure() {
        let output = render(frames: 96000, events: [noteOn(69, at: 0)])
        let steady = Array(output[24000...])  // past attack and decay: constant level
        let purity = SignalAnalysis.purity(of: steady, sampleRate: 48000, near: 440)
        XCTAssertLessThan(purity, -120, "harmonics and noise are only \(-purity) dB down")
    }

    func testVelocityScalesAmplitude() {
        let loud = render(frames: 24000, events: [noteOn(60, at: 0, velocity: 127)])
        let soft = render(frames: 24000, events: [noteOn(60, at: 0, velocity: 32)])
        let ratio = SignalAnalysis.peak(soft[12000...]) / SignalAnalysis.peak(loud[12000...])
        XCTAssertEqual(ratio, 32.0 / 127.0, accuracy: 0.002)
    }

    func testGainSetsTheLevel() {
        var settings = SynthSettings.defaults
        settings.gainDecibels = 0
        settings.sustainLevel = 1
        let output = render(settings, frames: 24000, events: [noteOn(60, at: 0, velocity: 127)])
        XCTAssertEqual(SignalAnalysis.peak(output[12000...]), 1, accuracy: 1e-3)
    }

    func testOutputIsTheSameWhateverTheBlockSizes() {
        let events = [noteOn(60, at: 100), noteOn(64, at: 3000), noteOff(60, at: 20000), noteOn(67, at: 20000),
                      (frame: 25000, apply: { (engine: inout SynthEngine) in engine.pitchBend(channel: 0, value: 4000) }),
                      noteOff(64, at: 30000), noteOff(67, at: 40000)]
        let reference = render(frames: 60000, block: 4096, events: events)
        for block in [1, 7, 64, 333] {
            XCTAssertEqual(render(frames: 60000, block: block, events: events), reference, "block \(block)")
        }
    }

    /// Every path a voice takes through the four-voice loop and the sample-by-sample one:
    /// stage changes, steals (a note waiting for a fade), glides, legato, bends, the pedal,
    /// a sustain level moved while notes are held, and voices coming and going in every
    /// lane. The output must not change by a bit whatever blocks the host cuts.
    func testOutputIsTheSameWhateverTheBlockSizesThroughEveryVoicePath() {
        var settings = SynthSettings.defaults
        settings.voiceCount = 6
        settings.glideMilliseconds = 40
        settings.attackMilliseconds = 3
        settings.decayMilliseconds = 50
        settings.releaseMilliseconds = 30
        var lowerSustain = settings
        lowerSustain.sustainLevel = 0.3
        var mono = lowerSustain
        mono.voiceCount = 1
        var events: [Event] = []
        for index in 0..<24 {
            let frame = 97 + index * 1711
            events.append(noteOn(UInt8(40 + (index * 7) % 36), at: frame, velocity: UInt8(30 + index * 4)))
            events.append(noteOff(UInt8(40 + (index * 7) % 36), at: frame + 5000 + (index % 5) * 999))
        }
        events += [(frame: 9000, apply: { (engine: inout SynthEngine) in engine.pitchBend(channel: 0, value: -3000) }),
                   (frame: 15000, apply: { (engine: inout SynthEngine) in engine.sustainPedal(channel: 0, down: true) }),
                   (frame: 21000, apply: { (engine: inout SynthEngine) in engine.configure(lowerSustain) }),
                   (frame: 26000, apply: { (engine: inout SynthEngine) in engine.sustainPedal(channel: 0, down: false) }),
                   (frame: 36000, apply: { (engine: inout SynthEngine) in engine.configure(mono) }),
                   noteOn(60, at: 36500), noteOn(67, at: 37000), noteOff(67, at: 40000), noteOff(60, at: 44000)]
        let reference = render(settings, frames: 50000, block: 4096, events: events)
        XCTAssertGreaterThan(SignalAnalysis.peak(reference[40000...]), 0.01)
        for block in [1, 3, 64, 255, 256, 257, 1000] {
            XCTAssertEqual(render(settings, frames: 50000, block: block, events: events), reference, "block \(block)")
        }
        // The engine keeps the four-voice loop's state between blocks until an event comes;
        // every event must hand it back to the voices first, and handing it back anywhere
        // (mid-glide, mid-stage) must change nothing. So an event that changes nothing (a
        // bend on a silent channel) before each event and every 997 frames changes nothing.
        let nothing: (inout SynthEngine) -> Void = { $0.pitchBend(channel: 15, value: 0) }
        let withNothings = events.flatMap { [(frame: $0.frame, apply: nothing), $0] }
            + stride(from: 0, to: 50000, by: 997).map { (frame: $0, apply: nothing) }
        XCTAssertEqual(render(settings, frames: 50000, block: 256, events: withNothings), reference)
    }

    func testNoteStartsSilentAndRisesWithoutAClick() {
        let output = render(frames: 48000, events: [noteOn(69, at: 1000)])
        XCTAssertEqual(SignalAnalysis.peak(output[..<1001]), 0)
        let peak = SignalAnalysis.peak(output)
        XCTAssertLessThan(SignalAnalysis.largestSecondDifference(output) / peak, 0.02)
    }

    func testReleaseReachesExactSilenceInTheReleaseTime() {
        var settings = SynthSettings.defaults
        settings.releaseMilliseconds = 100
        let output = render(settings, frames: 48000, events: [noteOn(69, at: 0), noteOff(69, at: 24000)])
        XCTAssertGreaterThan(SignalAnalysis.peak(output[23000..<24000]), 0.1)
        XCTAssertEqual(SignalAnalysis.peak(output[(24000 + 4800 + 1)...]), 0, "silent 100 ms after the note-off")
        XCTAssertLessThan(SignalAnalysis.largestSecondDifference(output) / SignalAnalysis.peak(output), 0.02)
    }

    func testStolenVoiceFadesInsteadOfClicking() {
        var settings = SynthSettings.defaults
        settings.voiceCount = 2
        let notes: [Event] = [noteOn(60, at: 0), noteOn(64, at: 4800), noteOn(67, at: 9600), noteOn(72, at: 14400)]
        let output = render(settings, frames: 24000, events: notes)
        XCTAssertLessThan(SignalAnalysis.largestSecondDifference(output) / SignalAnalysis.peak(output), 0.02)
    }

    func testSustainPedalHoldsReleasedNotes() {
        let pedalDown: Event = (0, { $0.sustainPedal(channel: 0, down: true) })
        let pedalUp: Event = (36000, { $0.sustainPedal(channel: 0, down: false) })
        let output = render(frames: 48000, events: [pedalDown, noteOn(69, at: 0), noteOff(69, at: 12000), pedalUp])
        XCTAssertGreaterThan(SignalAnalysis.peak(output[30000..<36000]), 0.5 * SignalAnalysis.peak(output[6000..<12000]))
        XCTAssertEqual(SignalAnalysis.peak(output[(36000 + 7200 + 1)...]), 0, "released when the pedal goes up")
    }

    func testPitchBendReachesTheBendRange() {
        var settings = SynthSettings.defaults
        settings.bendRangeSemitones = 7
        for (value, semitones) in [(8191, 7.0 * 8191 / 8192), (-8192, -7.0)] {
            let bend: Event = (0, { $0.pitchBend(channel: 0, value: value) })
            let output = render(settings, frames: 48000, events: [bend, noteOn(69, at: 0)])
            let cents = SignalAnalysis.cents(SignalAnalysis.frequency(of: output[12000...], sampleRate: 48000), from: 440)
            XCTAssertEqual(cents, semitones * 100, accuracy: 0.01)
        }
    }

    func testGlideReachesTheTargetPitchInTheGlideTime() {
        var settings = SynthSettings.defaults
        settings.glideMilliseconds = 250
        settings.voiceCount = 1
        // Hold A4, then play A5 legato: the pitch slides an octave in 250 ms.
        let output = render(settings, frames: 96000, events: [noteOn(69, at: 0), noteOn(81, at: 24000)])
        let halfway = SignalAnalysis.frequency(of: output[(24000 + 5400)..<(24000 + 6600)], sampleRate: 48000)
        XCTAssertEqual(SignalAnalysis.cents(halfway, from: 440), 600, accuracy: 20, "exponential: half the time, half the octave")
        let arrived = SignalAnalysis.frequency(of: output[(24000 + 12000)...], sampleRate: 48000)
        XCTAssertLessThan(abs(SignalAnalysis.cents(arrived, from: 880)), 0.01)
        let before = SignalAnalysis.frequency(of: output[(24000 + 11000)..<(24000 + 11900)], sampleRate: 48000)
        XCTAssertLessThan(SignalAnalysis.cents(before, from: 880), -1, "still gliding just before 250 ms")
    }

    func testMonophonicLegatoDoesNotRetrigger() {
        var settings = SynthSettings.defaults
        settings.voiceCount = 1
        settings.decayMilliseconds = 50
        settings.sustainLevel = 0.5
        let output = render(settings, frames: 48000, events: [noteOn(69, at: 0), noteOn(72, at: 12000), noteOff(72, at: 24000)])
        // A retriggered envelope would jump back up towards full level; legato stays at sustain.
        let sustainLevel = SignalAnalysis.peak(output[10000..<12000])
        XCTAssertEqual(SignalAnalysis.peak(output[12000..<14000]), sustainLevel, accuracy: sustainLevel * 0.01)
        // Letting go of the top key returns to the one still held.
        let back = SignalAnalysis.frequency(of: output[30000...], sampleRate: 48000)
        XCTAssertLessThan(abs(SignalAnalysis.cents(back, from: 440)), 0.01)
    }

    func testStealReleasedDuringItsFadeEndsInSilence() {
        var settings = SynthSettings.defaults
        settings.voiceCount = 2
        // 64 steals a voice and is let go 10 frames later, inside the 1 ms fade.
        let events = [noteOn(60, at: 0), noteOn(62, at: 0), noteOff(60, at: 1000), noteOff(62, at: 1000),
                      noteOn(64, at: 1010), noteOff(64, at: 1020)]
        let output = render(settings, frames: 48000, events: events)
        XCTAssertEqual(SignalAnalysis.peak(output[(1000 + 7200 + 1)...]), 0, "no note left sounding")
    }

    func testRetriggerWithAnotherVelocityCarriesOnWithoutAClick() {
        let output = render(frames: 48000, events: [noteOn(60, at: 0, velocity: 127), noteOn(60, at: 24000, velocity: 10)])
        XCTAssertLessThan(SignalAnalysis.largestSecondDifference(output) / SignalAnalysis.peak(output), 0.02)
        let settled = SignalAnalysis.peak(output[40000...]) / SignalAnalysis.peak(output[20000..<24000])
        XCTAssertEqual(settled, 10.0 / 127, accuracy: 0.005, "ends at the new velocity's level")
    }

    func testRaisingSustainDuringTheDecayGlidesUp() {
        var settings = SynthSettings.defaults
        settings.decayMilliseconds = 500
        settings.sustainLevel = 0.2
        var raised = settings
        raised.sustainLevel = 0.9
        let output = render(settings, frames: 48000, events: [noteOn(60, at: 0),
                                                              (frame: 4800, apply: { $0.configure(raised) })])
        XCTAssertLessThan(SignalAnalysis.largestSecondDifference(output) / SignalAnalysis.peak(output), 0.02)
    }

    func testMonophonicPedalReleaseKeepsThePitchHeard() {
        var settings = SynthSettings.defaults
        settings.voiceCount = 1
        let pedal: (Bool, Int) -> Event = { down, frame in (frame, { $0.sustainPedal(channel: 0, down: down) }) }
        // Under the pedal: 72, then 67, then 60, each let go; 60 is what sounds.
        let events = [pedal(true, 0), noteOn(72, at: 0), noteOff(72, at: 4000), noteOn(67, at: 8000), noteOff(67, at: 12000),
                      noteOn(60, at: 16000), noteOff(60, at: 20000), pedal(false, 24000)]
        let output = render(settings, frames: 36000, events: events)
        let tail = SignalAnalysis.frequency(of: output[24100..<28000], sampleRate: 48000)
        XCTAssertEqual(SignalAnalysis.cents(tail, from: 261.6256), 0, accuracy: 1, "the release tail stays on C4")
    }

    func testMonophonicGlideStartsFromThePitchLastHeard() {
        var settings = SynthSettings.defaults
        settings.voiceCount = 1
        settings.glideMilliseconds = 100
        // Hold C4, play C5 over it and let go (back to C4), let go of C4, then play E4.
        let events = [noteOn(60, at: 0), noteOn(72, at: 12000), noteOff(72, at: 24000), noteOff(60, at: 36000),
                      noteOn(64, at: 60000)]
        let output = render(settings, frames: 72000, events: events)
        let start = SignalAnalysis.frequency(of: output[60000..<61000], sampleRate: 48000)
        XCTAssertLessThan(start, 300, "the glide to E4 starts near C4 (262 Hz), not C5 (523 Hz)")
    }

    func testSwitchingToMonophonicKeepsTheHeldNote() {
        var poly = SynthSettings.defaults
        poly.voiceCount = 8
        var mono = poly
        mono.voiceCount = 1
        let events = [noteOn(60, at: 0), noteOn(64, at: 0), (frame: 12000, apply: { $0.configure(mono) }), noteOff(64, at: 24000)]
        let output = render(poly, frames: 48000, events: events)
        XCTAssertGreaterThan(SignalAnalysis.peak(output[36000...]), 0.1, "C4's key is still down")
    }

    func testRetriggerDuringAStealFadeWaitsForTheFade() {
        var settings = SynthSettings.defaults
        settings.voiceCount = 2
        let steal = [noteOn(60, at: 0), noteOn(62, at: 0), noteOn(64, at: 1000)]
        let retriggered = render(settings, frames: 4800, events: steal + [noteOn(64, at: 1010)])
        XCTAssertEqual(retriggered, render(settings, frames: 4800, events: steal), "the same note again changes nothing")
    }

    func testGainSetAfterActivateIsNotRampedTo() {
        var engine = SynthEngine(sampleRate: 48000, settings: .defaults)
        engine.reset()  // activate, with the default −12 dB
        var quiet = SynthSettings.defaults
        quiet.gainDecibels = -60
        quiet.attackMilliseconds = 0.5
        engine.configure(quiet)  // the host's first block
        engine.noteOn(channel: 0, note: 69, velocity: 127)
        var output = [Float](repeating: 0, count: 960)
        output.withUnsafeMutableBufferPointer { engine.render(into: $0.baseAddress!, count: 960) }
        XCTAssertLessThan(SignalAnalysis.peak(output), 0.0011, "−60 dB from the first sample")
    }

    func testNotesAboveTheSafeLimitAreSilent() {
        let output = render(rate: 8000, frames: 8000, events: [noteOn(106, at: 0)])  // 3729 Hz > 0.45 × 8 kHz
        XCTAssertEqual(SignalAnalysis.peak(output), 0)
        let highest = render(rate: 8000, frames: 8000, events: [noteOn(105, at: 0)])  // 3520 Hz is allowed
        XCTAssertGreaterThan(SignalAnalysis.peak(highest), 0.1)
    }

    func testAllSoundOffSilencesWithinAMillisecond() {
        let stop: Event = (12000, { $0.allSoundOff(channel: 0) })
        let output = render(frames: 24000, events: [noteOn(60, at: 0), noteOn(64, at: 0), stop])
        XCTAssertEqual(SignalAnalysis.peak(output[(12000 + 49)...]), 0)
    }

    /// A voice count beyond the voices there are (a declaration raised alone, a caller
    /// of the engine) plays as the most there are, never past the voice array; below one as one.
    func testVoiceCountIsClampedToTheVoicesThereAre() {
        let chord = (0..<40).map { noteOn(UInt8(40 + $0), at: 10 * $0) }
        var most = SynthSettings.defaults, beyond = most
        most.voiceCount = VoiceAllocator.capacity
        beyond.voiceCount = 10 * VoiceAllocator.capacity
        XCTAssertEqual(render(beyond, frames: 4800, events: chord), render(most, frames: 4800, events: chord))
        var one = most, none = most
        one.voiceCount = 1
        none.voiceCount = 0
        XCTAssertEqual(render(none, frames: 4800, events: chord), render(one, frames: 4800, events: chord))
    }

    /// The `voices` control offers exactly the voices the engine has.
    func testVoicesControlsRangeIsTheAllocatorsCapacity() throws {
        let range = try XCTUnwrap(SineSynth.Port.voices.declaration.range)
        XCTAssertEqual(range, 1...Float(VoiceAllocator.capacity))
    }
}
