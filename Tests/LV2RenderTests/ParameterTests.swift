import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// `--set` for parameters (`patch:writable`): eg-sampler's sample, a-fluidsynth's SoundFont.
final class ParameterTests: XCTestCase {
    let folder = TemporaryFolder("parameters")
    static let soundFont = "/usr/share/sounds/sf2/TimGM6mb.sf2"  // Debian package timgm6mb-soundfont
    static let soundFontPlayer = "urn:ardour:a-fluidsynth"

    /// A 1 kHz tone as eg-sampler's sample, named relative to the working directory: the
    /// note plays it (eg-sampler plays a sample at its own pitch), through the worker,
    /// from the note's frame; saved with --save-state, it plays again from the state.
    func testSamplerPlaysTheSampleSetThroughItsParameterAndAgainFromTheSavedState() throws {
        try writeWAV([TestSignals.sine(frequency: 1000, sampleRate: 48000, seconds: 0.5)], sampleRate: 48000, to: folder.path("tone.wav"))
        let first = folder.path("first.wav"), second = folder.path("second.wav"), state = folder.path("state")
        let setting = try LV2RenderTool.run(["render", Examples.sampler, "--set", "sample=tone.wav", "--notes", "60@0.1:0.3",
                                             "--duration", "0.5", "--save-state", state, "-o", first], currentDirectory: folder.url)
        XCTAssertEqual(setting.status, 0, setting.standardError)
        let played = try AudioFile.read(path: first).channels[0]
        XCTAssertEqual(SignalAnalysis.onset(played), 4801, "the note's frame, where the sine's first sample is 0")
        XCTAssertEqual(SignalAnalysis.frequency(of: played[4800..<19200], sampleRate: 48000), 1000, accuracy: 1)

        try renderSucceeding(["render", Examples.sampler, "--state", state, "--notes", "60@0.1:0.3", "--duration", "0.5", "-o", second])
        XCTAssertEqual(try AudioFile.read(path: second).channels[0], played)
    }

    /// a-fluidsynth plays General MIDI from Debian's TimGM6mb SoundFont, set by its
    /// label: A4 sounds, at 440 Hz rather than a semitone either side (a piano's rich
    /// spectrum defeats a zero-crossing count, so the three components are compared).
    func testFluidSynthPlaysASoundFont() throws {
        let output = folder.path("fluid.wav")
        let result = try LV2RenderTool.run(["render", Self.soundFontPlayer, "--set", "SF2 File=\(Self.soundFont)",
                                            "--notes", "69@0:1", "--duration", "1", "-o", output])
        XCTAssertEqual(result.status, 0, result.standardError)
        // Its log messages (it misses two Ardour-only features) carry its name.
        XCTAssertTrue(result.standardError.hasPrefix("ACE Fluid Synth: warning: "), result.standardError)
        let left = try AudioFile.read(path: output).channels[0]
        XCTAssertGreaterThan(SignalAnalysis.rms(left[4800..<43200]), 0.001)
        let held = left[4800..<43200]
        let a4 = SignalAnalysis.amplitude(of: held, at: 440, sampleRate: 48000)
        for neighbour in [415.3, 466.16] {
            XCTAssertGreaterThan(a4, 10 * SignalAnalysis.amplitude(of: held, at: neighbour, sampleRate: 48000), "\(neighbour) Hz")
        }
    }

    /// `info` lists the parameters with their types and how to set them.
    func testInfoListsTheParameters() throws {
        let info = try renderSucceeding(["info", "http://lv2plug.in/plugins/eg-params"]).standardOutput
        XCTAssertTrue(info.contains("http://lv2plug.in/plugins/eg-params#int  \"int\"  Int, writable (--set int=VALUE)"), info)
        XCTAssertTrue(info.contains("http://lv2plug.in/plugins/eg-params#lfo  \"LFO\"  Float, readable"), info)
        let fluid = try renderSucceeding(["info", Self.soundFontPlayer]).standardOutput
        XCTAssertTrue(fluid.contains("urn:ardour:a-fluidsynth:sf2file  \"SF2 File\"  Path, writable (--set sf2file=VALUE)"), fluid)
    }

    /// Values are typed by the parameter's range; a wrong one is named in one sentence.
    func testValuesAreTypedByTheRange() throws {
        let params = "http://lv2plug.in/plugins/eg-params"
        for (setting, message) in [("int=1.5", "The value \"1.5\" for int is not a 32-bit integer."),
                                   ("bool=maybe", "The value \"maybe\" for bool is not true or false."),
                                   ("path=no-such-file", "for path does not exist.")] {
            let result = try LV2RenderTool.run(["render", params, "--set", setting, "-o", folder.path("x.wav")])
            XCTAssertEqual(result.status, 1, setting)
            XCTAssertTrue(result.standardError.hasSuffix(message + "\n"), result.standardError)
        }
    }
}
