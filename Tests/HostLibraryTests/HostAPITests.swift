import HostFiles
import CLV2
import Foundation
import LV2Host
import TestSupport
import XCTest

/// The LV2Host library used directly, as the plugin tests use it.
final class HostAPITests: XCTestCase {
    private func world() throws -> LV2World {
        try LV2World(lv2Path: "/usr/lib/lv2:" + TestDelayBundle.lv2Directory())
    }

    func testPluginMetadata() throws {
        let amp = try world().plugin(uri: Examples.amp)
        XCTAssertEqual(amp.name, "Simple Amplifier")
        XCTAssertTrue(amp.libraryPath.hasSuffix("eg-amp.lv2/amp.so"))
        XCTAssertTrue(amp.bundlePath.hasSuffix("eg-amp.lv2/"))
        XCTAssertFalse(amp.isInstrument)
        XCTAssertNil(amp.latencyPortIndex)
        let gain = try amp.port(symbol: "gain")
        XCTAssertEqual(gain.kind, .control)
        XCTAssertTrue(gain.isInput)
        XCTAssertEqual(gain.minimum, -90)
        XCTAssertEqual(gain.maximum, 24)
        XCTAssertEqual(gain.defaultValue, 0)
        XCTAssertEqual(gain.unit, "dB")
        XCTAssertEqual(amp.ports.map(\.symbol), ["gain", "in", "out"])

        let delay = try world().plugin(uri: TestDelayBundle.uri)
        XCTAssertEqual(delay.latencyPortIndex, 1)
        XCTAssertEqual(delay.presets.map(\.uri), [TestDelayBundle.shortPresetURI])
        XCTAssertEqual(delay.presets.map(\.label), ["Short"])
        XCTAssertEqual(try delay.port(symbol: "latency").designation, "http://lv2plug.in/ns/lv2core#latency")
        XCTAssertTrue(try delay.port(symbol: "delay").isInteger)

        let sampler = try world().plugin(uri: Examples.sampler)
        XCTAssertTrue(sampler.isInstrument)
        XCTAssertTrue(sampler.requiredFeatures.contains("http://lv2plug.in/ns/ext/worker#schedule"))
    }

    /// MIDI goes to an atom input that declares MIDI, else to one that declares no event types,
    /// never to one that names only others (eg-metro's takes `time:Position`).
    func testMIDIInputIsAnAtomInputThatCanTakeMIDI() throws {
        let midiGate = try world().plugin(uri: Examples.midiGate)
        XCTAssertEqual(midiGate.midiInput?.symbol, "control")
        let metronome = try world().plugin(uri: Examples.metronome)
        XCTAssertEqual(metronome.ports(.atom, input: true).map(\.symbol), ["control"])
        XCTAssertNil(metronome.midiInput)
        XCTAssertFalse(try PluginInstance(plugin: metronome, sampleRate: 48000).acceptsMIDI)
    }

    func testUnknownURIMessageNamesThePath() throws {
        XCTAssertThrowsMessage(try LV2World(lv2Path: "/usr/lib/lv2").plugin(uri: "urn:nothing"),
                               "No plugin with URI urn:nothing was found on the LV2 path (/usr/lib/lv2).")
    }

    /// eg-amp multiplies by 10^(gain/20), computed in single precision.
    func testInstanceRunsTheAmplifier() throws {
        let instance = try PluginInstance(plugin: try world().plugin(uri: Examples.amp), sampleRate: 48000, maxBlockLength: 64)
        XCTAssertEqual(instance.audioInputCount, 1)
        XCTAssertEqual(instance.audioOutputCount, 1)
        XCTAssertEqual(try instance.control("gain"), 0)
        try instance.setControl("gain", -6)
        let input = TestSignals.noise(count: 64)
        _ = instance.audioInput(0).update(fromContentsOf: input)
        instance.activate()
        instance.run(frames: 64)
        let gain = powf(10, -6 * 0.05)
        XCTAssertLessThan(largestDifference(Array(instance.audioOutput(0)), input.map { $0 * gain }), 1e-7)
    }

    func testControlErrors() throws {
        let instance = try PluginInstance(plugin: try world().plugin(uri: Examples.amp), sampleRate: 48000)
        XCTAssertThrowsMessage(try instance.setControl("volume", 1),
                               "The plugin \(Examples.amp) has no port with symbol \"volume\"; valid symbols are gain.")
        XCTAssertThrowsMessage(try instance.setControl("gain", 30), "The value 30 for gain is outside its range -90 to 24.")
        XCTAssertThrowsMessage(try instance.setControl("out", 0), "The port out of plugin \(Examples.amp) is not a control input.")
    }

    func testRequiredFeatureMissing() throws {
        let uri = TestDelayBundle.needsInstanceAccessURI
        XCTAssertThrowsMessage(try PluginInstance(plugin: try world().plugin(uri: uri), sampleRate: 48000),
                               "The plugin \(uri) requires the feature http://lv2plug.in/ns/ext/instance-access, which lv2render does not provide.")
    }

    /// A render is offline: a control input designated `lv2:freeWheeling` is on.
    func testFreeWheelingPortIsSet() throws {
        let instance = try PluginInstance(plugin: try world().plugin(uri: TestDelayBundle.freeWheelingProbeURI), sampleRate: 48000, maxBlockLength: 16)
        instance.activate()
        instance.run(frames: 16)
        XCTAssertEqual(Array(instance.audioOutput(0)[..<16]), [Float](repeating: 1, count: 16))
    }

    func testLatencyIsReadAfterARun() throws {
        let instance = try PluginInstance(plugin: try world().plugin(uri: TestDelayBundle.uri), sampleRate: 48000, maxBlockLength: 16)
        try instance.setControl("delay", 12)
        instance.activate()
        instance.run(frames: 16)
        XCTAssertEqual(instance.reportedLatency, 12)
        XCTAssertEqual(try instance.control("latency"), 12)
    }

    func testInPlaceSharesTheInputBuffer() throws {
        let instance = try PluginInstance(plugin: try world().plugin(uri: Examples.amp), sampleRate: 48000)
        XCTAssertNotEqual(instance.audioOutput(0).baseAddress, instance.audioInput(0).baseAddress)
        instance.connectsInPlace = true
        XCTAssertEqual(instance.audioOutput(0).baseAddress, instance.audioInput(0).baseAddress)
        XCTAssertEqual(instance.audioInput(0).count, 8192)
    }

    func testMIDIEventsFillTheSequenceUntilFull() throws {
        let gate = try PluginInstance(plugin: try world().plugin(uri: Examples.midiGate), sampleRate: 48000, sequenceSize: 256)
        XCTAssertTrue(gate.acceptsMIDI)
        // 8 bytes of header, then 24 bytes per 3-byte MIDI event (padded to 8).
        let accepted = (0..<20).filter { gate.addMIDIEvent(frame: $0, bytes: [0x90, 60, 100]) }.count
        XCTAssertEqual(accepted, (256 - 16) / 24)
        gate.clearEvents()
        XCTAssertTrue(gate.addMIDIEvent(frame: 0, bytes: [0x80, 60, 0]))

        let amp = try PluginInstance(plugin: try world().plugin(uri: Examples.amp), sampleRate: 48000)
        XCTAssertFalse(amp.addMIDIEvent(frame: 0, bytes: [0x90, 60, 100]))
    }

    func testLibraryErrors() throws {
        XCTAssertThrowsMessage(try PluginLibrary(path: "/nonexistent.so"), "The plugin library /nonexistent.so does not exist.")
        let folder = TemporaryFolder("library")
        let text = folder.path("text.so")
        try "not a library".write(toFile: text, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PluginLibrary(path: text)) { error in
            XCTAssertTrue("\(error)".hasPrefix("The plugin library \(text) could not be loaded ("), "\(error)")
        }
        let libm = "/usr/lib/x86_64-linux-gnu/libm.so.6"
        XCTAssertThrowsMessage(try PluginLibrary(path: libm), "The plugin library \(libm) has no lv2_descriptor function.")
        let amp = try PluginLibrary(path: try world().plugin(uri: Examples.amp).libraryPath)
        XCTAssertEqual(String(cString: try amp.descriptor(uri: Examples.amp).pointee.URI), Examples.amp)
        XCTAssertThrowsMessage(try amp.descriptor(uri: "urn:other"), "The plugin library \(amp.path) does not contain the plugin urn:other.")
    }

    /// Plugins may map URIs from any thread: every thread sees the same URID for a URI,
    /// different URIs never share one, and unmap gives the URI back.
    func testURIDMapIsConsistentAcrossThreads() throws {
        let features = HostFeatureSet(sampleRate: 48000, minBlockLength: 1, maxBlockLength: 512, nominalBlockLength: 512, sequenceSize: 4096)
        let uris = (0..<500).map { "urn:test:\($0)" }
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<LV2_URID>.allocate(capacity: 4 * uris.count)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for (i, uri) in uris.enumerated().shuffled() {
                results[thread * uris.count + i] = features.urid(uri)
            }
        }
        let first = Array(results[..<uris.count])
        for thread in 1..<4 {
            XCTAssertEqual(Array(results[(thread * uris.count)..<((thread + 1) * uris.count)]), first)
        }
        XCTAssertEqual(Set(first).count, uris.count)
        XCTAssertFalse(first.contains(0))

        let unmap = try XCTUnwrap(feature(LV2URIs.unmap, in: features)?.assumingMemoryBound(to: LV2_URID_Unmap.self).pointee)
        XCTAssertEqual(String(cString: try XCTUnwrap(unmap.unmap(unmap.handle, first[42]))), uris[42])
    }

    /// `state:makePath` gives a path in a scratch folder it creates, removed with the
    /// features; `state:mapPath` maps paths to themselves (offline there is no session).
    func testStatePathFeatures() throws {
        var folder: String?
        do {
            let features = HostFeatureSet(sampleRate: 48000, minBlockLength: 1, maxBlockLength: 512, nominalBlockLength: 512, sequenceSize: 4096)
            let make = try XCTUnwrap(feature("http://lv2plug.in/ns/ext/state#makePath", in: features)?
                .assumingMemoryBound(to: LV2_State_Make_Path.self).pointee)
            let made = try XCTUnwrap(make.path(make.handle, "takes/file.txt"))
            let path = String(cString: made)
            free(made)
            XCTAssertTrue(path.hasSuffix("/takes/file.txt"), path)
            folder = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent().path
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder! + "/takes"))
            let map = try XCTUnwrap(feature("http://lv2plug.in/ns/ext/state#mapPath", in: features)?
                .assumingMemoryBound(to: LV2_State_Map_Path.self).pointee)
            let mapped = try XCTUnwrap(map.abstract_path(map.handle, "/tmp/a.wav"))
            XCTAssertEqual(String(cString: mapped), "/tmp/a.wav")
            free(mapped)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: try XCTUnwrap(folder)))
    }

    func testOptionsAnnounceRateAndBlockSizes() throws {
        let features = HostFeatureSet(sampleRate: 44100, minBlockLength: 1, maxBlockLength: 700, nominalBlockLength: 350, sequenceSize: 4096)
        XCTAssertTrue(features.supportedFeatureURIs.contains("http://lv2plug.in/ns/ext/buf-size#boundedBlockLength"))
        XCTAssertTrue(features.supportedFeatureURIs.contains("http://lv2plug.in/ns/ext/log#log"))
        var option = try XCTUnwrap(feature(LV2URIs.options, in: features)?.assumingMemoryBound(to: LV2_Options_Option.self))
        var values: [LV2_URID: Double] = [:]
        while option.pointee.key != 0 {
            let value = option.pointee.value!
            values[option.pointee.key] = option.pointee.type == features.urid("http://lv2plug.in/ns/ext/atom#Float")
                ? Double(value.load(as: Float.self)) : Double(value.load(as: Int32.self))
            option += 1
        }
        let bufSize = "http://lv2plug.in/ns/ext/buf-size#"
        XCTAssertEqual(values[features.urid("http://lv2plug.in/ns/ext/parameters#sampleRate")], 44100)
        XCTAssertEqual(values[features.urid(bufSize + "minBlockLength")], 1)
        XCTAssertEqual(values[features.urid(bufSize + "maxBlockLength")], 700)
        XCTAssertEqual(values[features.urid(bufSize + "nominalBlockLength")], 350)
        XCTAssertEqual(values[features.urid(bufSize + "sequenceSize")], 4096)
    }

    private enum LV2URIs {
        static let unmap = "http://lv2plug.in/ns/ext/urid#unmap"
        static let options = "http://lv2plug.in/ns/ext/options#options"
    }

    private func feature(_ uri: String, in features: HostFeatureSet) -> UnsafeMutableRawPointer? {
        var cursor = features.featureArray
        while let feature = cursor.pointee {
            if String(cString: feature.pointee.URI) == uri { return feature.pointee.data }
            cursor += 1
        }
        return nil
    }

    func testRandomBlocksAreReproducibleAndInRange() {
        let pattern = BlockPattern.random(min: 3, max: 9, seed: 42)
        var first = pattern.lengths(), second = pattern.lengths()
        let lengths = (0..<1000).map { _ in first.next()! }
        XCTAssertEqual(lengths, (0..<1000).map { _ in second.next()! })
        XCTAssertEqual(Set(lengths), Set(3...9))
        var other = BlockPattern.random(min: 3, max: 9, seed: 43).lengths()
        XCTAssertNotEqual(lengths, (0..<1000).map { _ in other.next()! })
        var fixed = BlockPattern.fixed(256).lengths()
        XCTAssertEqual(fixed.next(), 256)
    }

    /// Channels of unequal length are refused with a sentence wherever they would be interleaved.
    func testAudioWithChannelsOfUnequalLengthIsRefused() throws {
        let uneven = AudioData(sampleRate: 44100, channels: [[0, 0, 0], [0, 0]])
        let message = "The audio's channels differ in length (2 to 3 frames); every channel needs as many frames."
        let world = try world()
        var request = RenderRequest(stages: [RenderStage(plugin: try world.plugin(uri: Examples.stereoScope))])
        request.input = uneven
        XCTAssertThrowsMessage(try Renderer(world: world).render(request), message)
        XCTAssertThrowsMessage(try uneven.resampled(to: 48000), message)
        let folder = TemporaryFolder("uneven")
        XCTAssertThrowsMessage(try AudioFile.write(uneven, to: folder.path("out.wav"), format: .float32), message)
        XCTAssertEqual(folder.contents, [])
    }

    /// The renderer in-process: progress climbs to 1, and the silence tail has its limit.
    func testRendererReportsProgress() throws {
        let world = try world()
        var request = RenderRequest(stages: [RenderStage(plugin: try world.plugin(uri: Examples.amp), controls: [("gain", -6)])])
        request.input = AudioData(sampleRate: 48000, channels: [TestSignals.noise(count: 10000)])
        request.blocks = .fixed(1000)
        request.tail = 0
        var reported: [Double] = []
        let result = try Renderer(world: world).render(request) { reported.append($0) }
        XCTAssertEqual(result.frames, 10000)
        XCTAssertEqual(reported.last, 1)
        XCTAssertEqual(reported, reported.sorted())
        XCTAssertEqual(result.peakDBFS, SignalAnalysis.decibels(SignalAnalysis.peak(result.audio.channels[0])), accuracy: 1e-9)
    }
}
