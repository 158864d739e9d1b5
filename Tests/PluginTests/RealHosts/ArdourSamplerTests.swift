import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// The example sampler in Ardour 7 (see `ArdourSession`): its file chosen through a preset
/// in Ardour's preset list, its gain through Ardour's control for it, both kept in the
/// session's own plugin state, and played on a MIDI track when `ardour7-export` loads the
/// session again.
///
/// Ardour's generic UI sets a parameter with a `patch:Set` on the control port (a file
/// chooser for the path, a slider for the gain). Its Lua API reaches that only for numbers
/// (the "property-URI" controls; `Plugin:set_property` is not bound), so the gain goes that
/// way and the file through a preset, the same `state:interface` restore and worker that
/// reopening a session uses.
final class ArdourSamplerTests: XCTestCase {
    static let rate = ArdourSession.sampleRate
    static let frames = 48000
    /// Frames on Ardour's MIDI ticks (12.5 frames at its default 120 bpm).
    static let notes = [ArdourSession.Note(pitch: 60, start: 12000, length: 2400, velocity: 100),
                        ArdourSession.Note(pitch: 64, start: 30000, length: 2400, velocity: 64)]
    /// The preset's gain, and the gain Ardour sets afterwards.
    static let presetGain = -6.0, gain = -12.0
    static let gainURI = "urn:swiftlv2:examples:sampler#gain"

    /// Ardour loads the preset lv2render saved (the file and a gain), sets another gain with
    /// a `patch:Set`, saves both in the session as state properties with the file mapped into
    /// the session's folder, and, when `ardour7-export` opens the session, restores them: each
    /// note plays the file from its own frame, sample for sample, at Ardour's gain times the
    /// velocity, as lv2render plays it.
    func testArdourPlaysTheFileOfAPresetAtTheGainItSetsAndKeepsBothInTheSession() throws {
        let sampler = ExamplePackage.sampler
        let folder = TemporaryFolder("ardour-sampler")
        let tone = TestSignals.sine(frequency: 440, sampleRate: Self.rate, seconds: 0.2)
        try AudioFile.write(AudioData(sampleRate: Self.rate, channels: [tone]), to: folder.path("tone.wav"), format: .float32)

        // lv2render's saved state is a preset bundle (manifest.ttl and state.ttl, the file beside
        // them); Ardour lists only presets with a label.
        let presets = URL(fileURLWithPath: folder.path("presets")).resolvingSymlinksInPath()
        let bundle = presets.appendingPathComponent("tone.lv2")
        let saved = try LV2RenderTool.run(["render", sampler.uri, "--duration", "0.1", "-o", folder.path("unused.wav"),
                                           "--save-state", bundle.path, "--set", "sample=tone.wav", "--set", "gain=\(Self.presetGain)"],
                                          extraLV2Directories: [try sampler.lv2Directory()], currentDirectory: folder.url)
        XCTAssertEqual(saved.status, 0, saved.standardError)
        let presetFile = bundle.appendingPathComponent("state.ttl")
        let label = try FileHandle(forWritingTo: presetFile)
        label.seekToEndOfFile()
        label.write(Data("\n<> <http://www.w3.org/2000/01/rdf-schema#label> \"Tone\" .\n".utf8))
        label.closeFile()

        var ardour = ArdourSession()
        ardour.lv2Path = try sampler.lv2Directory() + ":" + presets.path
        let master = try ardour.render(instrument: sampler.uri, preset: presetFile.absoluteString,
                                       properties: [Self.gainURI: Self.gain], frames: Self.frames, notes: Self.notes)

        // Ardour took both parameters as properties, one control each (what its generic UI
        // lists): the path one that cannot be automated (the file chooser), the gain one that can.
        let controls = try ardour.sessionFile().split(separator: "\n").filter { $0.contains("<Controllable name=\"property-") }
        XCTAssertEqual(controls.count, 2, "\(controls)")
        XCTAssertTrue(controls.contains { $0.contains("sampler#sample\"") && $0.contains("flags=\"NotAutomatable\"") }, "\(controls)")
        XCTAssertTrue(controls.contains { $0.contains("sampler#gain\"") && $0.contains("flags=\"\"") }, "\(controls)")

        // The session keeps the file: Ardour saved it through the sampler's state and its own
        // state:mapPath (a link in the state's folder to the file, by way of the session's externals).
        let states = try ardour.savedPluginStates()
        XCTAssertEqual(states.count, 1, "\(states)")
        let state = try String(contentsOf: try XCTUnwrap(states.first), encoding: .utf8)
        let sampleLine = try XCTUnwrap(state.split(separator: "\n").first { $0.contains("sampler#sample>") }, state)
        let mapped = try XCTUnwrap(sampleLine.split(separator: "<").last?.split(separator: ">").first, state)
        let mappedFile = states[0].deletingLastPathComponent().appendingPathComponent(String(mapped))
        XCTAssertEqual(mappedFile.resolvingSymlinksInPath().path, bundle.appendingPathComponent("tone.wav").resolvingSymlinksInPath().path)
        XCTAssertTrue(state.contains("<\(Self.gainURI)> \"\(Self.gain)\"^^xsd:float"), state)

        XCTAssertEqual(master.sampleRate, Self.rate)
        XCTAssertEqual(master.frameCount, Self.frames, "the export covers the session range")
        let left = master.channels[0]
        XCTAssertEqual(SignalAnalysis.peak(master.channels[1]), 0, "the track is panned hard left")
        // Each note: the file from the note's frame, at the gain times velocity/127, then silence.
        var heard = [Float](repeating: 0, count: Self.frames)
        for note in Self.notes {
            let factor = Float(pow(10, Self.gain / 20)) * Float(note.velocity) / 127
            for (offset, sample) in tone.enumerated() { heard[note.start + offset] = sample * factor }
        }
        XCTAssertLessThan(ArdourTests.largestDifference(left, heard), 1e-6, "the file at each note's frame and level")

        // lv2render plays the same notes with the same settings identically, in Ardour's periods.
        let reference = try LV2RenderTool.run(["render", sampler.uri, "--duration", String(Double(Self.frames) / Self.rate),
                                               "--block", "1024", "--notes", Self.notes.map(\.lv2renderSpec).joined(separator: ","),
                                               "-o", folder.path("lv2render.wav"), "--set", "sample=tone.wav", "--set", "gain=\(Self.gain)"],
                                              extraLV2Directories: [try sampler.lv2Directory()], currentDirectory: folder.url)
        XCTAssertEqual(reference.status, 0, reference.standardError)
        let rendered = try AudioFile.read(path: folder.path("lv2render.wav")).channels[0]
        XCTAssertLessThan(ArdourTests.largestDifference(left, rendered), 1e-6, "Ardour against lv2render")
    }
}
