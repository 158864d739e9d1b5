import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// Discovery that nothing on the LV2 path can break, and the catalogue that makes names fast:
/// planted bundles on a private `LV2_PATH`, and a private `XDG_CACHE_HOME`.
final class DiscoveryTests: XCTestCase {
    let folder = TemporaryFolder("discovery")
    let cache = TemporaryFolder("discovery-cache")

    private func run(_ arguments: [String], lv2Path: [String], environment: [String: String] = [:]) throws -> CommandResult {
        let path = (lv2Path + [Repository.lv2PathWithOnlyOurBundle]).joined(separator: ":")
        return try runCommand(LV2RenderTool.executable.path, arguments,
                              environment: ["LV2_PATH": path, "XDG_CACHE_HOME": cache.url.path].merging(environment) { $1 },
                              timeout: 120)
    }

    /// Writes a bundle `<name>.lv2` into `directory` with one plugin `urn:test:<name>`, of `type`
    /// (besides lv2:Plugin) and with `ports`; returns the bundle's path.
    @discardableResult
    private func writeBundle(_ name: String, in directory: String, pluginName: String? = nil, type: String? = nil,
                             ports: String? = nil) throws -> String {
        let bundle = directory + "/\(name).lv2"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let text = """
            @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
            @prefix atom: <http://lv2plug.in/ns/ext/atom#> .
            @prefix doap: <http://usefulinc.com/ns/doap#> .
            <urn:test:\(name)> a lv2:Plugin\(type.map { " , " + $0 } ?? "") ; lv2:binary <\(name).so> ;
                doap:name "\(pluginName ?? name)"\(ports.map { " ;\n    lv2:port " + $0 } ?? "") .

            """
        try text.write(toFile: bundle + "/manifest.ttl", atomically: true, encoding: .utf8)
        return bundle
    }

    private func listed(_ result: CommandResult) -> [String] {
        result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("urn:test:") }.map { String($0.split(separator: " ")[0]) }
    }

    // MARK: - A bundle that crashes or hangs discovery

    /// A dynamic manifest that aborts, and one that never returns, are each left out with one
    /// warning naming the bundle, what happened and what it printed; the rest is listed and renders.
    func testABundleThatAbortsOrHangsIsLeftOutWithOneWarning() throws {
        let aborting = try TestDiscoveryBundles.abortingDirectory(), hanging = try TestDiscoveryBundles.hangingDirectory()
        let plain = try run(["list"], lv2Path: [aborting, hanging])
        XCTAssertEqual(plain.status, 0, plain.standardError)
        XCTAssertEqual(plain.standardError, "")
        // The second time, the outcome comes from the catalogue: the same warnings, no waiting.
        for _ in 0..<2 {
            let listed = try run(["list", "--dyn-manifest"], lv2Path: [aborting, hanging])
            XCTAssertEqual(listed.status, 0, listed.standardError)
            XCTAssertTrue(listed.standardOutput.contains("urn:swiftlv2:sine-synth"), listed.standardOutput)
            let warnings = listed.standardError.split(separator: "\n").filter { $0.hasPrefix("Warning: ") }
            XCTAssertEqual(warnings, [
                "Warning: The bundle \(aborting)/test-aborting.lv2 is left out: reading it (its dynamic manifest included) was ended by signal 6 (Aborted); it printed:",
                "Warning: The bundle \(hanging)/test-hanging.lv2 is left out: reading it (its dynamic manifest included) did not finish within 10 s; it printed nothing.",
            ], listed.standardError)
            XCTAssertTrue(listed.standardError.contains(TestDiscoveryBundles.assertion), listed.standardError)
        }
        let output = folder.path("synth.wav")
        let rendered = try run(["render", "--dyn-manifest", "sine-synth", "--notes", "60@0:0.1", "-o", output], lv2Path: [aborting, hanging])
        XCTAssertEqual(rendered.status, 0, rendered.standardError)
        XCTAssertGreaterThan(try AudioFile.read(path: output).frameCount, 0)
    }

    // MARK: - Dynamic manifests

    /// A plugin declared only by a dynamic manifest is found with --dyn-manifest alone, and
    /// `info` says where it comes from; without it, the error says why it is missing.
    func testDynamicManifestsAreReadOnlyWhenAsked() throws {
        let path = [try TestDiscoveryBundles.flushToZeroDirectory()]
        let uri = TestDiscoveryBundles.dynamicURI
        let without = try run(["info", uri], lv2Path: path)
        XCTAssertEqual(without.status, 1)
        XCTAssertTrue(without.standardError.hasSuffix(
            "1 bundle has a dynamic manifest, which is read only when asked (--dyn-manifest; dyn_manifest=True in Python), since that runs their code while listing.\n"),
                      without.standardError)
        XCTAssertFalse(try run(["list"], lv2Path: path).standardOutput.contains(uri))
        XCTAssertTrue(try run(["list", "--dyn-manifest"], lv2Path: path).standardOutput.contains(uri))
        let with = try run(["info", "--dyn-manifest", uri], lv2Path: path)
        XCTAssertEqual(with.status, 0, with.standardError)
        XCTAssertTrue(with.standardOutput.contains(
            "Dynamic manifest:  yes (its bundle's library runs while plugins are listed: found with --dyn-manifest only)\n"), with.standardOutput)
        // check's workers read the dynamic manifest too, so the plugin is loaded and run there.
        let checked = try run(["check", "--dyn-manifest", uri, "--quick", "--only", "lifecycle"], lv2Path: path)
        XCTAssertEqual(checked.status, 0, checked.standardOutput + checked.standardError)
        XCTAssertTrue(checked.standardOutput.contains("Test Dynamic"), checked.standardOutput)
    }

    // MARK: - The host's floating-point mode

    /// A library that sets flush-to-zero when loaded (by a dynamic manifest while listing, and
    /// again in instantiate and run) leaves the host reading a denormal minimum as it is.
    func testALibraryThatSetsFlushToZeroLeavesTheHostsNumbersAlone() throws {
        let path = [try TestDiscoveryBundles.flushToZeroDirectory(), try TestHostSpecBundle.lv2Directory()]
        let info = try run(["info", "--dyn-manifest", TestHostSpecBundle.valueProbeURI], lv2Path: path)
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(info.standardOutput.contains("7.17e-43 … 1"), info.standardOutput)
        let world = try LV2World(lv2Path: path.joined(separator: ":"), dynamicManifests: true)
        let minimum = try world.plugin(uri: TestHostSpecBundle.valueProbeURI).ports.first { $0.symbol == "value" }?.minimum
        XCTAssertEqual(minimum?.bitPattern, TestHostSpecBundle.valueMinimum.bitPattern)

        // Instantiated, run and cleaned up here: this thread still keeps denormals.
        var request = RenderRequest(stages: [RenderStage(plugin: try world.plugin(uri: TestDiscoveryBundles.flushToZeroURI))])
        request.duration = 0.01
        _ = try Renderer(world: world).render(request)
        XCTAssertEqual(Self.half(TestHostSpecBundle.valueMinimum).bitPattern, (TestHostSpecBundle.valueMinimum / 2).bitPattern)
        XCTAssertNotEqual(Self.half(TestHostSpecBundle.valueMinimum), 0)
    }

    /// Arithmetic the compiler cannot do ahead of time: flush-to-zero would make it 0.
    @inline(never)
    private static func half(_ value: Float) -> Float {
        value * 0.5
    }

    // MARK: - The catalogue

    /// A bundle added, changed or removed is seen on the next call, with the catalogue in use.
    func testTheCatalogueSeesBundlesAddedChangedAndRemoved() throws {
        let directory = folder.path("lv2")
        try writeBundle("first", in: directory)
        XCTAssertEqual(listed(try run(["list"], lv2Path: [directory])), ["urn:test:first"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.path("swiftlv2/catalogue-1.json")))
        try writeBundle("second", in: directory)
        XCTAssertEqual(listed(try run(["list"], lv2Path: [directory])), ["urn:test:first", "urn:test:second"])
        try writeBundle("second", in: directory, pluginName: "Renamed")
        let renamed = try run(["info", "Renamed"], lv2Path: [directory])
        XCTAssertTrue(renamed.standardOutput.hasPrefix("Renamed\n"), renamed.standardOutput + renamed.standardError)
        try FileManager.default.removeItem(atPath: directory + "/first.lv2")
        XCTAssertEqual(listed(try run(["list"], lv2Path: [directory])), ["urn:test:second"])
    }

    /// Without a cache folder that can be written, everything works (reading every bundle).
    func testAReadOnlyOrMissingCacheStillWorks() throws {
        let directory = folder.path("lv2")
        try writeBundle("only", in: directory)
        for environment in [["XDG_CACHE_HOME": "/proc/swiftlv2-no-cache"], ["XDG_CACHE_HOME": "", "HOME": ""]] {
            let result = try run(["list"], lv2Path: [directory], environment: environment)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardError, "")
            XCTAssertEqual(listed(result), ["urn:test:only"])
        }
    }

    /// `list --json` filters by kind and class; a plugin with MIDI and no audio is MIDI, not an instrument.
    func testListFiltersByKindAndClass() throws {
        let directory = folder.path("lv2")
        let midiIn = "[ a lv2:InputPort , atom:AtomPort ; atom:bufferType atom:Sequence ; atom:supports <http://lv2plug.in/ns/ext/midi#MidiEvent> ; lv2:index 0 ; lv2:symbol \"in\" ; lv2:name \"In\" ]"
        let midiOut = "[ a lv2:OutputPort , atom:AtomPort ; atom:bufferType atom:Sequence ; atom:supports <http://lv2plug.in/ns/ext/midi#MidiEvent> ; lv2:index 1 ; lv2:symbol \"out\" ; lv2:name \"Out\" ]"
        let audioOut = "[ a lv2:OutputPort , lv2:AudioPort ; lv2:index 1 ; lv2:symbol \"out\" ; lv2:name \"Out\" ]"
        let audioIn = "[ a lv2:InputPort , lv2:AudioPort ; lv2:index 0 ; lv2:symbol \"in\" ; lv2:name \"In\" ]"
        try writeBundle("arpeggio", in: directory, ports: "\(midiIn) , \(midiOut)")
        try writeBundle("organ", in: directory, ports: "\(midiIn) , \(audioOut)")
        try writeBundle("hall", in: directory, type: "lv2:ReverbPlugin", ports: "\(audioIn) , \(audioOut)")
        func uris(_ arguments: [String]) throws -> [String] {
            let result = try run(["list", "--json"] + arguments, lv2Path: [directory])
            XCTAssertEqual(result.status, 0, result.standardError)
            let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
            return objects.compactMap { $0["uri"] as? String }.filter { $0.hasPrefix("urn:test:") }
        }
        XCTAssertEqual(try uris(["--kind", "midi"]), ["urn:test:arpeggio"])
        XCTAssertEqual(try uris(["--kind", "instrument"]), ["urn:test:organ"])
        XCTAssertEqual(try uris(["--kind", "effect"]), ["urn:test:hall"])
        XCTAssertEqual(try uris(["--class", "reverb"]), ["urn:test:hall"])
        XCTAssertEqual(try uris([]), ["urn:test:arpeggio", "urn:test:hall", "urn:test:organ"])
    }
}

/// Every command finds the same plugins from the same places (`LV2SearchPath`): without
/// `LV2_PATH`, the repository's `plugin.lv2` comes first, for a batch as for a single render.
final class SearchPathTests: XCTestCase {
    let folder = TemporaryFolder("search-path")

    private func run(_ arguments: [String]) throws -> CommandResult {
        let environment = ["LV2_PATH": "", "SWIFTLV2_ROOT": Repository.root.path, "HOME": folder.path("home"),
                           "XDG_CACHE_HOME": folder.path("cache")]
        return try runCommand(LV2RenderTool.executable.path, arguments, environment: environment, timeout: 300)
    }

    func testEveryCommandFindsTheRepositoryBundle() throws {
        let uri = "urn:swiftlv2:rate-adapter"
        let list = try run(["list", "--json", "--kind", "effect"])
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertTrue(list.standardOutput.contains("\"bundle\" : \"\(Repository.bundle.path)\""), list.standardOutput)
        let info = try run(["info", uri])
        XCTAssertEqual(info.status, 0, info.standardError)
        XCTAssertTrue(info.standardOutput.contains("Binary:            \(Repository.bundle.path)/swiftlv2.so"), info.standardOutput)

        let inputs = try ["a", "b"].map { name in
            let path = folder.path("\(name).wav")
            try writeWAV([TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.05)], sampleRate: 48000, to: path)
            return path
        }
        let single = try run(["render", uri, "--input", inputs[0], "-o", folder.path("single.wav")])
        XCTAssertEqual(single.status, 0, single.standardError)
        let batch = try run(["render", uri, "--input"] + inputs + ["--output-dir", folder.path("out")])
        XCTAssertEqual(batch.status, 0, batch.standardError)
        XCTAssertEqual(try AudioFile.read(path: folder.path("out/a.wav")).channels, try AudioFile.read(path: folder.path("single.wav")).channels)
        let check = try run(["check", uri, "--quick", "--only", "metadata"])
        XCTAssertEqual(check.status, 0, check.standardOutput + check.standardError)
    }
}
