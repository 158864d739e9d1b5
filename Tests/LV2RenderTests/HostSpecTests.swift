import Foundation
import HostFiles
import LV2Host
import TestSupport
import XCTest

/// What lv2core and its extensions say a host must do, heard in renders of small test
/// plugins (`TestHostSpecBundle`) and of swh's plugins: ranges in fractions of the sample
/// rate, CV inputs, exact state, partial presets, side-chains, and LSP's path parameter.
final class HostSpecTests: XCTestCase {
    let folder = TemporaryFolder("host-spec")
    let rate = 48000.0

    private func run(_ arguments: [String]) throws -> CommandResult {
        // With a library that sets flush-to-zero when loaded (by its dynamic manifest under
        // --dyn-manifest), as a user's machine may have: the host's numbers must not change.
        try LV2RenderTool.run(arguments, extraLV2Directories: [try TestHostSpecBundle.lv2Directory(), try TestDiscoveryBundles.flushToZeroDirectory()])
    }

    /// Runs lv2render and fails the test unless it succeeded; returns the output file's channels.
    private func render(_ arguments: [String], stderr expected: String = "", file: StaticString = #filePath,
                        line: UInt = #line) throws -> [[Float]] {
        let output = folder.path("out-\(UUID().uuidString).wav")
        let result = try run(["render"] + arguments + ["-o", output])
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        XCTAssertEqual(result.standardError, expected, file: file, line: line)
        return try AudioFile.read(path: output).channels
    }

    private func tone(_ frequency: Double, channels: [[Float]]? = nil) throws -> String {
        let path = folder.path("tone-\(Int(frequency)).wav")
        try writeWAV(channels ?? [TestSignals.sine(frequency: frequency, sampleRate: rate, seconds: 0.2)], sampleRate: rate, to: path)
        return path
    }

    /// The level of `signal` after its first 20 ms, relative to a 0.5 sine, in dB.
    private func gain(_ signal: [Float]) -> Double {
        SignalAnalysis.decibels(SignalAnalysis.rms(signal.dropFirst(960)) / (0.5 / 2.0.squareRoot()))
    }

    // MARK: - lv2:sampleRate

    /// A low-pass declaring its cutoff as 0.0001 … 0.5 × the rate, default 0.25: at its
    /// default (12 kHz, not 0.25 Hz) it passes a 1 kHz tone; `--set` takes hertz.
    func testSampleRateRangesAreInHertz() throws {
        let input = try tone(1000)
        let uri = TestHostSpecBundle.lowPassURI
        XCTAssertEqual(gain(try render([uri, "--input", input, "--tail", "0"])[0]), 0, accuracy: 0.2)
        XCTAssertEqual(gain(try render([uri, "--input", input, "--tail", "0", "--set", "cutoff=2000"])[0]), -1, accuracy: 0.3)
        XCTAssertLessThan(gain(try render([uri, "--input", input, "--tail", "0", "--set", "cutoff=100"])[0]), -18)
        XCTAssertEqual(gain(try render([uri, "--input", input, "--tail", "0", "--automate", "cutoff=0:24000,0.2:4.8"])[0]), -2, accuracy: 2)

        let refused = try run(["render", uri, "--input", input, "--set", "cutoff=30000", "-o", folder.path("x.wav")])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.standardError, "The value 30000 for cutoff is outside its range 4.8 to 24000 Hz (0.0001 to 0.5 × the sample rate).\n")

        let info = try run(["info", uri]).standardOutput
        XCTAssertTrue(info.contains("cutoff      control in   4.8 … 24000 Hz, default 12000 (0.0001 … 0.5 × sample rate)"), info)
        let at96k = try run(["info", uri, "--rate", "96000"]).standardOutput
        XCTAssertTrue(at96k.contains("9.6 … 48000 Hz, default 24000"), at96k)
    }

    /// A default already in hertz (440, outside the declared 0 … 0.5), as blop's oscillators
    /// declare theirs, stays 440 Hz rather than becoming 440 × the rate.
    func testADefaultWrittenInHertzIsKept() throws {
        XCTAssertEqual(Set(try render([TestHostSpecBundle.hzDefaultProbeURI, "--duration", "0.01"])[0]), [440])
    }

    /// `check` takes ranges in hertz too: the low-pass passes its metadata and hostile-controls
    /// checks, and a default written in hertz is named as the description mistake it is.
    func testCheckUsesTheRangesInHertz() throws {
        let lowPass = try run(["check", TestHostSpecBundle.lowPassURI, "--quick", "--only", "metadata", "hostile-controls"])
        XCTAssertEqual(lowPass.status, 0, lowPass.standardOutput + lowPass.standardError)
        XCTAssertTrue(lowPass.standardOutput.contains("0 failed, 0 warned"), lowPass.standardOutput)
        let hzDefault = try run(["check", TestHostSpecBundle.hzDefaultProbeURI, "--quick", "--only", "metadata"]).standardOutput
        XCTAssertTrue(hzDefault.contains("the default of value (440) is outside its range 0 to 0.5 × the sample rate; lv2render takes it as 440 Hz"), hzDefault)
    }

    /// swh's lsFilter (cutoff default 0.251 × the rate) was digital silence when its
    /// defaults went in unscaled: it passes a 1 kHz tone, and takes 2000 Hz.
    func testSwhLowPassPassesAToneAtItsDefault() throws {
        let lsFilter = "http://plugin.org.uk/swh-plugins/lsFilter"
        let input = try tone(1000)
        XCTAssertEqual(gain(try render([lsFilter, "--input", input, "--tail", "0"])[0]), 0, accuracy: 0.5)
        XCTAssertGreaterThan(gain(try render([lsFilter, "--input", input, "--tail", "0", "--set", "cutoff=2000"])[0]), -1)
        XCTAssertLessThan(gain(try render([lsFilter, "--input", input, "--tail", "0", "--set", "cutoff=200"])[0]), -20)
    }

    // MARK: - State and presets

    /// A control at a denormal minimum (2^-140) is saved so that it reads back bit for bit;
    /// lilv's own writing keeps 8 decimal places and would make it 0.
    func testStateWithADenormalMinimumRoundTripsExactly() throws {
        let uri = TestHostSpecBundle.valueProbeURI
        let lv2Path = [try TestHostSpecBundle.lv2Directory(), try TestDiscoveryBundles.flushToZeroDirectory(), Repository.lv2PathWithSystemBundles]
        let plugin = try LV2World(lv2Path: lv2Path.joined(separator: ":"), dynamicManifests: true).plugin(uri: uri)
        let minimum = try XCTUnwrap(plugin.ports.first { $0.symbol == "value" }?.minimum)
        XCTAssertEqual(minimum.bitPattern, TestHostSpecBundle.valueMinimum.bitPattern)
        let state = folder.path("denormal-state")
        let saved = try render([uri, "--dyn-manifest", "--set", "value=\(minimum)", "--duration", "0.01", "--save-state", state])
        let restored = try render([uri, "--dyn-manifest", "--state", state, "--duration", "0.01", "--save-state", folder.path("again")])
        for output in [saved, restored] {
            XCTAssertEqual(Set(output[0].map(\.bitPattern)), [minimum.bitPattern])
        }
        XCTAssertEqual(try String(contentsOfFile: state + "/state.ttl", encoding: .utf8),
                       try String(contentsOfFile: folder.path("again") + "/state.ttl", encoding: .utf8))
    }

    /// A state holding a value outside its control's range (as Calf's rounded minimums are)
    /// is clamped with a warning, not refused.
    func testStateOutsideTheRangeIsClamped() throws {
        let uri = TestHostSpecBundle.valueProbeURI
        let state = folder.path("too-big")
        _ = try render([uri, "--set", "value=0.75", "--duration", "0.01", "--save-state", state])
        let file = state + "/state.ttl"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"0.75\"", with: "\"1.5\"").write(toFile: file, atomically: true, encoding: .utf8)
        let output = try render([uri, "--state", state, "--duration", "0.01"],
                                stderr: "Warning: The state \(state) sets value to 1.5, outside its range \(TestHostSpecBundle.valueMinimum) to 1: clamped to 1.\n")
        XCTAssertEqual(Set(output[0]), [1])
    }

    /// A preset naming a port the plugin lacks and an output applies the rest, with one
    /// warning for each, as Ardour and jalv apply it.
    func testPresetWithAStaleSymbolAppliesTheRest() throws {
        let preset = TestHostSpecBundle.stalePresetURI
        let output = try render([TestHostSpecBundle.valueProbeURI, "--preset", "Stale", "--duration", "0.01"], stderr: """
            Warning: The preset \(preset) sets gone, which \(TestHostSpecBundle.valueProbeURI) has no port for: left out.
            Warning: The preset \(preset) sets level, which is not a control input of \(TestHostSpecBundle.valueProbeURI): left out.

            """)
        XCTAssertEqual(Set(output[0]), [0.25])
    }

    // MARK: - CV

    /// A CV input is 0 (with a note) until `--set` makes it a constant, `--automate` a curve
    /// followed sample by sample, or `--map` a channel of the input file.
    func testCVInputFollowsSetAutomateAndMap() throws {
        let uri = TestHostSpecBundle.cvProbeURI
        let idle = try render([uri, "--duration", "0.01"],
                              stderr: "Note: The CV input cv of \(uri) stays at 0; drive it with --set, --automate or --map.\n")
        XCTAssertEqual(Set(idle[0]), [0])
        XCTAssertEqual(Set(try render([uri, "--duration", "0.01", "--set", "cv=0.5"])[0]), [0.5])

        let ramp = try render([uri, "--duration", "0.02", "--automate", "cv=0:0,0.01:1"])[0]
        for frame in [0, 1, 240, 479] {
            XCTAssertEqual(ramp[frame], Float(frame) / 480, accuracy: 1e-6, "frame \(frame)")
        }
        XCTAssertEqual(Set(ramp[480...]), [1])

        let wave = TestSignals.sine(frequency: 3, sampleRate: rate, seconds: 0.1)
        let input = try tone(3, channels: [[Float](repeating: 0.25, count: wave.count), wave])
        XCTAssertEqual(try render([uri, "--input", input, "--map", "2:cv", "--tail", "0"])[0], wave)

        let unmapped = try run(["render", uri, "--input", input, "-o", folder.path("x.wav")])
        XCTAssertEqual(unmapped.standardError, "The plugin \(uri) has no audio inputs, so it cannot take an input file; feed its CV inputs with --map CH:cv.\n")
    }

    // MARK: - Side-chains and port groups

    /// A stereo file goes to the main group's inputs, not to the side-chain that comes
    /// first by index; `--map` feeds the side-chain.
    func testSideChainGetsOnlyWhatIsMapped() throws {
        let uri = TestHostSpecBundle.sideChainURI
        let left = TestSignals.sine(frequency: 440, sampleRate: rate, seconds: 0.1)
        let right = TestSignals.sine(frequency: 660, sampleRate: rate, seconds: 0.1)
        let input = try tone(440, channels: [left, right])
        let output = try render([uri, "--input", input, "--tail", "0"],
                                stderr: "Note: The side-chain input key of \(uri) gets silence; feed it with --map CH:key.\n")
        XCTAssertEqual(output, [left, right, [Float](repeating: 0, count: left.count)])
        let mapped = try render([uri, "--input", input, "--tail", "0", "--map", "1:left,2:right,2:key"])
        XCTAssertEqual(mapped, [left, right, right])
    }

    /// swh's sc3 declares its side-chain (`lv2:isSideChain`) as port 7, before its stereo
    /// pair: a stereo file reaches left_in and right_in.
    func testSwhCompressorTakesAStereoFileOnItsMainInputs() throws {
        let sc3 = "http://plugin.org.uk/swh-plugins/sc3"
        let left = TestSignals.sine(frequency: 440, sampleRate: rate, seconds: 0.2)
        let input = try tone(440, channels: [left, [Float](repeating: 0, count: left.count)])
        let output = try render([sc3, "--input", input, "--tail", "0"],
                                stderr: "Note: The side-chain input sidechain of \(sc3) gets silence; feed it with --map CH:sidechain.\n")
        XCTAssertGreaterThan(gain(output[0]), -3)
        XCTAssertEqual(SignalAnalysis.peak(output[1]), 0)
    }

    // MARK: - Path parameters

    /// LSP's Impulse Responses loads the file `--set ifn=` names (through `patch:Set` and a
    /// worker round trip) and convolves with it: a click at 0.5 s through an impulse response
    /// that is one impulse 1000 frames in comes out 1000 frames later. (Its channel source
    /// defaults to None, so `cs=1` picks the file's first channel; `dry=0` leaves only the wet.)
    func testLSPImpulseResponsesLoadsItsFile() throws {
        let uri = "http://lsp-plug.in/plugins/lv2/impulse_responses_mono"
        var impulse = [Float](repeating: 0, count: 4800), click = [Float](repeating: 0, count: 48000)
        impulse[1000] = 1
        click[24000] = 0.5
        let impulsePath = folder.path("impulse.wav"), clickPath = folder.path("click.wav")
        try writeWAV([impulse], sampleRate: rate, to: impulsePath)
        try writeWAV([click], sampleRate: rate, to: clickPath)
        let output = try render([uri, "--input", clickPath, "--set", "ifn=\(impulsePath)", "--set", "cs=1", "--set", "dry=0",
                                 "--duration", "1"])[0]
        XCTAssertEqual(SignalAnalysis.peakIndex(of: output), 25000)
        XCTAssertEqual(Double(output[25000]), 0.5, accuracy: 1e-3)
    }

    // MARK: - info

    /// `info --json` gives ports with ranges in hertz, groups and side-chains; the text
    /// form lines up port symbols whatever the width of the indices.
    func testInfoJSONAndAlignedIndices() throws {
        let json = try run(["info", "--json", TestHostSpecBundle.lowPassURI]).standardOutput
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let cutoff = try XCTUnwrap((object["ports"] as? [[String: Any]])?.first)
        XCTAssertEqual(cutoff["symbol"] as? String, "cutoff")
        XCTAssertEqual(cutoff["minimum"] as? Double, 4.8)
        XCTAssertEqual(cutoff["default"] as? Double, 12000)
        XCTAssertEqual((cutoff["declared"] as? [String: Any])?["maximum"] as? Double, 0.5)
        XCTAssertEqual(object["required_features"] as? [String], [])

        let sideChain = try run(["info", "--json", TestHostSpecBundle.sideChainURI]).standardOutput
        let description = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sideChain.utf8)) as? [String: Any])
        let groups = try XCTUnwrap(description["groups"] as? [[String: Any]])
        XCTAssertEqual(groups.map { $0["symbol"] as? String }, ["key", "main"])
        XCTAssertEqual(groups[0]["side_chain_of"] as? String, TestHostSpecBundle.sideChainURI + "#main")
        let ports = try XCTUnwrap(description["ports"] as? [[String: Any]])
        XCTAssertEqual(ports.map { $0["side_chain"] as? Bool }, [true, false, false, false, false, false])

        let text = try run(["info", "http://plugin.org.uk/swh-plugins/sc3"]).standardOutput
        // Where each port line's symbol starts: after the indent, the index and the spaces.
        let portLines = text.split(separator: "\n").filter { $0.hasPrefix("  ") && ($0.dropFirst(2).first?.isNumber ?? false) }
        let columns = Set(portLines.map { line in line.count - line.dropFirst(2).drop { $0.isNumber }.drop { $0 == " " }.count })
        XCTAssertEqual(portLines.count, 12, text)
        XCTAssertEqual(columns, [6], text)
    }
}
