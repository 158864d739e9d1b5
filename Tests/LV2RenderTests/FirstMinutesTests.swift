import HostFiles
import Foundation
import LV2Host
import lv2render
import SwiftLV2Version
import TestSupport
import XCTest

/// What a newcomer meets first: --version, presets by name, a word when a render is
/// silent for want of input, and a demo where the rate adapter can be heard.
final class FirstMinutesTests: XCTestCase {
    let folder = TemporaryFolder("first-minutes")
    var output: String { folder.path("out.wav") }

    /// One version: lv2render prints it, and our plugins' Turtle declares it.
    func testVersionIsTheBundlesVersion() throws {
        let result = try LV2RenderTool.run(["--version"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, ProjectVersion.current + "\n")
        let world = try LV2World(lv2Path: Repository.lv2PathWithOnlyOurBundle)
        XCTAssertEqual(world.plugins.count, 2)
        for plugin in world.plugins {
            XCTAssertEqual(plugin.version, ProjectVersion.current, plugin.uri)
        }
    }

    /// --preset takes the label hosts show, in any case, as well as the URI.
    func testPresetByLabel() throws {
        let input = folder.path("in.wav")
        let signal = TestSignals.noise(count: 4800)
        try writeWAV([signal], sampleRate: 48000, to: input)
        for preset in ["Short", "short", TestDelayBundle.shortPresetURI] {
            try renderSucceeding(["render", TestDelayBundle.uri, "--preset", preset, "--input", input, "--tail", "0", "-o", output])
            XCTAssertEqual(Array(try AudioFile.read(path: output).channels[0][7...]), Array(signal[..<(signal.count - 7)]), preset)
        }
        let unknown = try LV2RenderTool.run(["render", TestDelayBundle.uri, "--preset", "Long", "--input", input, "-o", output],
                                            extraLV2Directories: [try TestDelayBundle.lv2Directory()])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.standardError, "The plugin \(TestDelayBundle.uri) has no preset Long; its presets are \(TestDelayBundle.shortPresetURI) (Short).\n")
    }

    /// An instrument with no notes or an effect with no input renders silence: it still
    /// renders, with a warning that says why.
    func testSilentRenderGetsAWarning() throws {
        let instrument = try LV2RenderTool.run(["render", SynthURI.sineSynth, "-o", output])
        XCTAssertEqual(instrument.status, 0, instrument.standardError)
        XCTAssertEqual(instrument.standardError,
                       "Warning: \(SynthURI.sineSynth) is an instrument and no notes were given (--midi or --notes), so the render is silent.\n")
        let effect = try LV2RenderTool.run(["render", SynthURI.rateAdapter, "-o", output])
        XCTAssertEqual(effect.status, 0, effect.standardError)
        XCTAssertEqual(effect.standardError, "Warning: \(SynthURI.rateAdapter) is an effect and no --input was given, so the render is silent.\n")
        // A MIDI file with no notes in it.
        let midi = folder.path("empty.mid")
        try MIDIFileWriter(tracks: [[.init(480, .channel([0xB0, 7, 100]))]]).write(to: URL(fileURLWithPath: midi))
        let empty = try LV2RenderTool.run(["render", SynthURI.sineSynth, "--midi", midi, "-o", output])
        XCTAssertEqual(empty.standardError, "Warning: \(SynthURI.sineSynth) is an instrument and \(midi) plays no notes, so the render is silent.\n")
        // With notes, no warning.
        try renderSucceeding(["render", SynthURI.sineSynth, "--notes", "69@0:0.1", "-o", output])
    }

    /// `make demo` renders the score plain and through the Telephone preset; its descant
    /// lies above the telephone's 4 kHz band, so the two differ by far more than -20 dB.
    func testDemoLetsYouHearTheRateAdapter() throws {
        let script = Repository.root.appendingPathComponent("scripts/demo").path
        let result = try runCommand(script, [LV2RenderTool.executable.path, folder.url.path],
                                    environment: ["LV2_PATH": Repository.lv2PathWithOnlyOurBundle])
        XCTAssertEqual(result.status, 0, result.standardError)
        let plain = try AudioFile.read(path: folder.path("demo-synth.wav")).channels[0]
        let telephone = try AudioFile.read(path: folder.path("demo-telephone.wav")).channels[0]
        let length = min(plain.count, telephone.count)
        XCTAssertGreaterThan(length, 48000 * 10)
        let difference = zip(plain[..<length], telephone[..<length]).map { $0 - $1 }
        let decibels = SignalAnalysis.decibels(SignalAnalysis.rms(difference) / SignalAnalysis.rms(plain[..<length]))
        XCTAssertGreaterThan(decibels, -20, "the two renders differ by only \(decibels) dB")
        // What is gone is the descant, above 4 kHz: the plain render has it, the telephone not.
        let descant = 5274.0  // E8, the descant's third note, from 1.5 s to 2.2 s
        let window = 76800..<86400
        XCTAssertGreaterThan(SignalAnalysis.amplitude(of: plain[window], at: descant, sampleRate: 48000), 0.01)
        XCTAssertLessThan(SignalAnalysis.amplitude(of: telephone[window], at: descant, sampleRate: 48000), 0.001)
    }
}
