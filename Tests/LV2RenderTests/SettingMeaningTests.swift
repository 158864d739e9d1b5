import HostFiles
import Foundation
import LV2Host
import LV2HostC
import LV2TestKit
import TestSupport
import XCTest

/// `NAME=VALUE` means one thing wherever it is typed: one table of settings goes through
/// lv2render's `--set`, the C library (`swiftlv2_chain_set`, over `LiveChain`), LV2TestKit's
/// `render(parameters:)` and Python's `set_parameter`, and each gives the same sound or the
/// same sentence.
final class SettingMeaningTests: XCTestCase {
    enum Outcome: Equatable {
        /// The first sample of the probe's two outputs: `mode`, then `cutoff`.
        case sound(mode: Float, cutoff: Float)
        case sentence(String)
    }

    static let uri = "urn:swiftlv2:test:setting-probe"
    static let sampleRate = 48000.0

    static let table: [(name: String, text: String, outcome: Outcome)] = [
        ("mode", "2", .sound(mode: 2, cutoff: 12000)),
        ("mode", "Hard", .sound(mode: 2, cutoff: 12000)),
        ("mode", "hARD", .sound(mode: 2, cutoff: 12000)),
        ("mode", "soft", .sound(mode: 1, cutoff: 12000)),
        // lv2:sampleRate: 0.0001 … 0.5 × 48000, so the value is in hertz.
        ("cutoff", "1000", .sound(mode: 0, cutoff: 1000)),
        ("cutoff", "30000", .sentence("The value 30000 for cutoff is outside its range 4.8 to 24000 Hz (0.0001 to 0.5 × the sample rate).")),
        ("mode", "7", .sentence("The value 7 for mode is outside its range 0 to 3.")),
        ("mode", "loud", .sentence("The value \"loud\" for mode is not a number or one of its labels (\"Soft\", \"Hard\").")),
        ("mode", "1e39", .sentence("The value \"1e39\" for mode is outside the range a 32-bit float can hold.")),
        ("volume", "1", .sentence("The plugin \(uri) has no port with symbol \"volume\"; valid symbols are mode, cutoff.")),
        ("out_mode", "1", .sentence("The port out_mode of plugin \(uri) is not a control input.")),
    ]

    private let folder = TemporaryFolder("setting-meaning")

    func testLv2renderGivesTheTablesOutcomes() throws {
        let lv2Path = try Self.lv2Directory()
        for (name, text, expected) in Self.table {
            let output = folder.path("\(name)-\(text).wav")
            let result = try runCommand(LV2RenderTool.executable.path,
                                        ["render", Self.uri, "--set", "\(name)=\(text)", "--duration", "0.01", "--format", "float32", "-o", output],
                                        environment: ["LV2_PATH": lv2Path])
            let outcome = result.status == 0 ? try Self.sound(AudioFile.read(path: output).channels)
                : .sentence(result.standardError.trimmingCharacters(in: .newlines))
            XCTAssertEqual(outcome, expected, "--set \(name)=\(text)")
        }
    }

    func testTheCLibraryGivesTheTablesOutcomes() throws {
        let world = try XCTUnwrap(swiftlv2_world_new(try Self.lv2Directory(), 0))
        defer { swiftlv2_world_free(world) }
        for (name, text, expected) in Self.table {
            XCTAssertEqual(try Self.viaCLibrary(world, name, text), expected, "swiftlv2_chain_set \(name) \(text)")
        }
    }

    func testTheTestKitGivesTheTablesOutcomes() throws {
        let plugin = try LV2TestPlugin(bundle: try Self.lv2Directory() + "/setting-probe.lv2", uri: Self.uri, sources: nil)
        for (name, text, expected) in Self.table {
            let outcome: Outcome
            do {
                outcome = try Self.sound(plugin.render(parameters: [name: text], seconds: 0.01, sampleRate: Self.sampleRate).channels)
            } catch {
                outcome = .sentence("\(error)")
            }
            XCTAssertEqual(outcome, expected, "render(parameters: [\(name): \(text)])")
        }
    }

    /// Python's `set_parameter` hands the text to the C library (`make python` builds it first).
    func testPythonGivesTheTablesOutcomes() throws {
        let library = Repository.root.appendingPathComponent("python/swiftlv2/libswiftlv2host.so").path
        guard FileManager.default.fileExists(atPath: library) else {
            return XCTFail("\(library) is missing: run make python first.")
        }
        let script = """
            import json, sys, swiftlv2
            for name, text in json.load(sys.stdin):
                try:
                    plugin = swiftlv2.load(sys.argv[1], lv2_path=sys.argv[2])
                    plugin.set_parameter(name, text)
                    audio = plugin(duration=0.01)
                    print(json.dumps([float(audio[0][0]), float(audio[1][0])]))
                except swiftlv2.Error as error:
                    print(json.dumps(str(error)))
            """
        let cases = try String(decoding: JSONSerialization.data(withJSONObject: Self.table.map { [$0.name, $0.text] }), as: UTF8.self)
        let result = try runCommand("/bin/sh", ["-c", "printf '%s' \"$0\" | \"$4\" -c \"$1\" \"$2\" \"$3\"",
                                                cases, script, Self.uri, try Self.lv2Directory(), Self.python],
                                    environment: ["PYTHONPATH": Repository.root.appendingPathComponent("python").path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, Self.table.count, result.standardOutput)
        for ((name, text, expected), line) in zip(Self.table, lines) {
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed)
            let outcome: Outcome = if let samples = value as? [Double] {
                .sound(mode: Float(samples[0]), cutoff: Float(samples[1]))
            } else {
                .sentence(value as? String ?? "\(value)")
            }
            XCTAssertEqual(outcome, expected, "set_parameter(\"\(name)\", \"\(text)\")")
        }
    }

    // MARK: - Helpers

    /// The Python `make test` runs the package's tests with.
    static let python = ProcessInfo.processInfo.environment["PYTHON"] ?? "/usr/bin/python3"

    private static func sound(_ channels: [[Float]]) throws -> Outcome {
        guard channels.count == 2, let mode = channels[0].first, let cutoff = channels[1].first else {
            throw HostError("The probe gave \(channels.count) channels.")
        }
        return .sound(mode: mode, cutoff: cutoff)
    }

    private static func viaCLibrary(_ world: OpaquePointer, _ name: String, _ text: String) throws -> Outcome {
        let chain = uri.withCString { uri in
            withUnsafePointer(to: Optional(uri)) { swiftlv2_chain_new(world, $0, 1, sampleRate, 512) }
        }
        guard let chain else { throw HostError(String(cString: swiftlv2_last_error()!)) }
        defer { swiftlv2_chain_free(chain) }
        guard swiftlv2_chain_set(chain, 0, name, text) == 0 else { return .sentence(String(cString: swiftlv2_last_error()!)) }
        var mode = [Float](repeating: .nan, count: 480), cutoff = mode
        let status = mode.withUnsafeMutableBufferPointer { mode in
            cutoff.withUnsafeMutableBufferPointer { cutoff in
                let outputs: [UnsafeMutablePointer<Float>?] = [mode.baseAddress, cutoff.baseAddress]
                return outputs.withUnsafeBufferPointer { swiftlv2_chain_process(chain, nil, 0, $0.baseAddress, 2, 480) }
            }
        }
        guard status == 0 else { return .sentence(String(cString: swiftlv2_last_error()!)) }
        return try sound([mode, cutoff])
    }

    /// The folder to put on `LV2_PATH`: the probe, built once per test run.
    static func lv2Directory() throws -> String {
        try built.get()
    }

    private static let built = Result {
        try CompiledTestBundle.build("setting-probe", files: ["probe.c": cSource, "manifest.ttl": manifest],
                                     compiler: "cc", arguments: ["-shared", "-fPIC", "-O2", "-o", "probe.so", "probe.c"]).path
    }

    /// Writes its control `mode` on its first output and `cutoff` on its second.
    private static let cSource = """
        #include <lv2/core/lv2.h>
        #include <stdlib.h>

        typedef struct { float *port[4]; } Probe;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *path, const LV2_Feature *const *f) {
            return calloc(1, sizeof(Probe));
        }
        static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
            if (port < 4) ((Probe *)handle)->port[port] = data;
        }
        static void run(LV2_Handle handle, uint32_t frames) {
            Probe *probe = handle;
            for (uint32_t i = 0; i < frames; i++) {
                probe->port[2][i] = *probe->port[0];
                probe->port[3][i] = *probe->port[1];
            }
        }
        static void cleanup(LV2_Handle handle) { free(handle); }

        static const LV2_Descriptor descriptor = {
            "\(uri)", instantiate, connect_port, NULL, run, NULL, cleanup, NULL
        };
        LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) { return index == 0 ? &descriptor : NULL; }
        """

    private static let manifest = """
        @prefix doap: <http://usefulinc.com/ns/doap#> .
        @prefix lv2:  <http://lv2plug.in/ns/lv2core#> .
        @prefix rdf:  <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
        @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

        <\(uri)> a lv2:Plugin ; lv2:binary <probe.so> ; doap:name "Test Setting Probe" ;
            lv2:port [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 0 ; lv2:symbol "mode" ; lv2:name "Mode" ;
                lv2:default 0 ; lv2:minimum 0 ; lv2:maximum 3 ;
                lv2:scalePoint [ rdfs:label "Soft" ; rdf:value 1 ] , [ rdfs:label "Hard" ; rdf:value 2 ]
            ] , [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 1 ; lv2:symbol "cutoff" ; lv2:name "Cutoff" ;
                lv2:default 0.25 ; lv2:minimum 0.0001 ; lv2:maximum 0.5 ; lv2:portProperty lv2:sampleRate
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "out_mode" ; lv2:name "Mode Out"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 3 ; lv2:symbol "out_cutoff" ; lv2:name "Cutoff Out"
            ] .
        """
}
