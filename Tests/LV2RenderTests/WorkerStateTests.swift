import HostFiles
import LV2Host
import TestSupport
import XCTest

/// Plugins that need the worker (`worker:schedule`) and state (`state:loadDefaultState`,
/// `--state`, `--save-state`): eg-sampler and setBfree's organ.
final class WorkerStateTests: XCTestCase {
    let folder = TemporaryFolder("worker-state")

    /// eg-sampler's default state names the bundle's `click.wav`; with it loaded, a note
    /// plays the click from the note-on's frame, at the sample's full level.
    func testSamplerPlaysItsDefaultSample() throws {
        let output = folder.path("click.wav")
        try renderSucceeding(["render", Examples.sampler, "--notes", "60@0.25:0.25", "--tail", "0.1", "-o", output])
        let rendered = try AudioFile.read(path: output).channels[0]
        XCTAssertEqual(SignalAnalysis.onset(rendered), 12000)
        XCTAssertGreaterThan(SignalAnalysis.peak(rendered), 0.5)
    }

    /// `--save-state` writes a state directory as jalv does; `--state` restores it, and the
    /// render from it is the render that saved it, sample for sample.
    func testSavedStateRendersTheSameAgain() throws {
        let state = folder.path("sampler-state"), first = folder.path("first.wav"), second = folder.path("second.wav")
        try renderSucceeding(["render", Examples.sampler, "--notes", "60@0:0.2,64@0.3:0.2", "--save-state", state, "-o", first])
        let saved = try String(contentsOfFile: state + "/state.ttl", encoding: .utf8)
        XCTAssertTrue(saved.contains("eg-sampler#sample"), saved)
        try renderSucceeding(["render", Examples.sampler, "--notes", "60@0:0.2,64@0.3:0.2", "--state", state, "-o", second])
        let a = try AudioFile.read(path: first).channels[0], b = try AudioFile.read(path: second).channels[0]
        XCTAssertGreaterThan(SignalAnalysis.peak(a), 0.5)
        XCTAssertEqual(a, b)
    }

    /// A state saved from another plugin is refused with both names.
    func testStateOfAnotherPluginIsRefused() throws {
        let state = folder.path("amp-state"), input = folder.path("in.wav")
        try writeWAV([[Float](repeating: 0.1, count: 480)], sampleRate: 48000, to: input)
        try renderSucceeding(["render", Examples.amp, "--input", input, "--save-state", state, "-o", folder.path("amp.wav")])
        let result = try LV2RenderTool.run(["render", Examples.sampler, "--state", state, "-o", folder.path("no.wav")])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "The state \(state) was saved from the plugin \(Examples.amp), not \(Examples.sampler).\n")
    }

    /// setBfree's organ needs the worker (it builds its tone wheels there). Middle C sounds
    /// while held. (Its tone wheels start at random phases, so two renders differ.)
    func testOrganSounds() throws {
        let output = folder.path("organ.wav")
        try renderSucceeding(["render", Examples.organ, "--notes", "60@0:1", "--duration", "1.2", "-o", output])
        let organ = try AudioFile.read(path: output)
        XCTAssertEqual(organ.channels.count, 2)
        XCTAssertGreaterThan(SignalAnalysis.rms(organ.channels[0][24000..<48000]), 0.01)
    }
}

/// A preset that stores state properties, as hosts save them: `--preset` restores the
/// properties too, here eg-sampler's sample.
final class StatePresetTests: XCTestCase {
    let folder = TemporaryFolder("state-preset")

    func testAPresetWithStatePropertiesLoadsThem() throws {
        let bundle = folder.path("lv2/tone-preset.lv2")
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try writeWAV([TestSignals.sine(frequency: 1000, sampleRate: 48000, seconds: 0.5)], sampleRate: 48000, to: bundle + "/tone.wav")
        try """
            @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
            @prefix pset: <http://lv2plug.in/ns/ext/presets#> .
            @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            <tone.ttl> a pset:Preset ; lv2:appliesTo <\(Examples.sampler)> ; rdfs:seeAlso <tone.ttl> .
            """.write(toFile: bundle + "/manifest.ttl", atomically: true, encoding: .utf8)
        try """
            @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
            @prefix pset: <http://lv2plug.in/ns/ext/presets#> .
            @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            @prefix state: <http://lv2plug.in/ns/ext/state#> .
            <> a pset:Preset ; lv2:appliesTo <\(Examples.sampler)> ; rdfs:label "Tone" ;
                state:state [ <\(Examples.sampler)#sample> <tone.wav> ] .
            """.write(toFile: bundle + "/tone.ttl", atomically: true, encoding: .utf8)

        let output = folder.path("tone-out.wav")
        let result = try LV2RenderTool.run(["render", Examples.sampler, "--preset", "Tone", "--notes", "60@0:0.3", "--duration", "0.3",
                                            "-o", output], extraLV2Directories: [folder.path("lv2")])
        XCTAssertEqual(result.status, 0, result.standardError)
        let played = try AudioFile.read(path: output).channels[0]
        XCTAssertEqual(SignalAnalysis.frequency(of: played[0..<12000], sampleRate: 48000), 1000, accuracy: 1)
    }
}
