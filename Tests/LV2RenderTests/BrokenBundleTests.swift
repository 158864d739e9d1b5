import Foundation
import LV2Host
import TestSupport
import XCTest

/// Bundles other people wrote, found anywhere on the LV2 path, cannot break lv2render.
final class BrokenBundleTests: XCTestCase {
    let folder = TemporaryFolder("broken-bundles")

    /// Writes a bundle `<name>.lv2` into the folder: a manifest naming `uri` and its
    /// description, `plugin.ttl` with `body` after the plugin's URI.
    private func writeBundle(_ name: String, uri: String, body: String) throws {
        let bundle = folder.url.appendingPathComponent("\(name).lv2")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let prefixes = """
            @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
            @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            @prefix doap: <http://usefulinc.com/ns/doap#> .

            """
        try (prefixes + "<\(uri)> a lv2:Plugin ; lv2:binary <\(name).so> ; rdfs:seeAlso <plugin.ttl> .\n")
            .write(to: bundle.appendingPathComponent("manifest.ttl"), atomically: true, encoding: .utf8)
        try (prefixes + "<\(uri)> a lv2:Plugin ; doap:name \"\(name)\" ; \(body)\n")
            .write(to: bundle.appendingPathComponent("plugin.ttl"), atomically: true, encoding: .utf8)
    }

    private func port(index: String) -> String {
        "lv2:port [ a lv2:AudioPort , lv2:OutputPort ; lv2:index \(index) ; lv2:symbol \"out\" ; lv2:name \"Out\" ] ."
    }

    private func run(_ arguments: [String], lv2Path: String? = nil) throws -> CommandResult {
        try runCommand(LV2RenderTool.executable.path, arguments,
                       environment: ["LV2_PATH": lv2Path ?? folder.url.path + ":" + Repository.lv2PathWithOnlyOurBundle], timeout: 60)
    }

    /// lilv 0.24 writes through a null pointer when it loads a port with index -1 or
    /// 4294967295: `list` crashed with SIGSEGV. Such plugins are now skipped with a warning.
    func testPortIndexThatWouldCrashLilvIsSkipped() throws {
        try writeBundle("minus-one", uri: "urn:test:minus-one", body: port(index: "-1"))
        try writeBundle("wrapped", uri: "urn:test:wrapped", body: port(index: "4294967295"))
        try writeBundle("gap", uri: "urn:test:gap", body: port(index: "0") + " <urn:test:gap> " + port(index: "2"))
        try writeBundle("gap-after-repeat", uri: "urn:test:gap-after-repeat",
                        body: ["0", "0", "2"].map(port(index:)).joined(separator: " <urn:test:gap-after-repeat> "))
        // The same port described twice is no reason to skip a plugin.
        try writeBundle("repeat", uri: "urn:test:repeat", body: ["0", "0"].map(port(index:)).joined(separator: " <urn:test:repeat> "))

        let list = try run(["list"])
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertTrue(list.standardOutput.contains("urn:swiftlv2:sine-synth"), list.standardOutput)
        XCTAssertEqual(list.standardOutput.split(separator: "\n").filter { $0.hasPrefix("urn:test:") }.map { $0.split(separator: " ")[0] },
                       ["urn:test:repeat"], list.standardOutput)
        let warnings = list.standardError.split(separator: "\n")
        XCTAssertEqual(warnings.count, 4, list.standardError)
        for (uri, index) in [("urn:test:minus-one", "port with lv2:index -1"), ("urn:test:wrapped", "port with lv2:index 4294967295"),
                             ("urn:test:gap", "port with lv2:index 2"), ("urn:test:gap-after-repeat", "no port with lv2:index 1")] {
            XCTAssertTrue(warnings.contains { $0.hasPrefix("Warning: The plugin \(uri)") && $0.contains(index) && $0.hasSuffix("It is skipped.") },
                          list.standardError)
            for command in [["info", uri], ["render", uri, "-o", folder.path("out.wav")]] {
                let refused = try run(command)
                XCTAssertEqual(refused.status, 1, refused.standardError)
                XCTAssertTrue(refused.standardError.hasPrefix("The plugin \(uri) ("), refused.standardError)
                XCTAssertTrue(refused.standardError.hasSuffix("lv2render cannot load it.\n"), refused.standardError)
            }
        }
        // Other plugins render as ever.
        let render = try run(["render", "urn:swiftlv2:sine-synth", "--notes", "69@0:0.1", "-o", folder.path("out.wav")])
        XCTAssertEqual(render.status, 0, render.standardError)
        XCTAssertEqual(render.standardError, "")
    }

    /// lilv and serd print their own complaints about bad Turtle ("error: …: bad verb");
    /// lv2render prints only its sentence.
    func testLilvErrorLinesDoNotLeak() throws {
        try writeBundle("bad-turtle", uri: "urn:test:bad-turtle", body: "lv2:requiredFeature <urn:test:feature> ; this is not turtle")
        let lv2info = try runCommand("lv2info", ["urn:test:bad-turtle"], environment: ["LV2_PATH": folder.url.path])
        XCTAssertTrue(lv2info.standardError.contains("bad verb"), "lilv no longer complains: \(lv2info.standardError)")

        let render = try run(["render", "urn:test:bad-turtle", "-o", folder.path("out.wav")])
        XCTAssertEqual(render.status, 1, render.standardError)
        XCTAssertEqual(render.standardError, "The plugin urn:test:bad-turtle requires the feature urn:test:feature, which lv2render does not provide.\n")
        for command in [["info", "urn:test:bad-turtle"], ["list"]] {
            let result = try run(command)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardError, "", "\(command)")
        }
    }

    /// LV2_PATH lists folders that hold bundles; naming a bundle itself finds nothing.
    func testLV2PathNamingABundleGetsAHint() throws {
        let bundle = Repository.bundle.path
        let hint = "LV2_PATH names the bundle \(bundle) itself, but it lists the folders that hold bundles: use \(Repository.bundle.deletingLastPathComponent().path) instead."
        let render = try run(["render", "urn:swiftlv2:sine-synth", "--notes", "69@0:1", "-o", folder.path("out.wav")], lv2Path: bundle)
        XCTAssertEqual(render.status, 1)
        XCTAssertTrue(render.standardError.hasSuffix("; " + hint + "\n"), render.standardError)
        let list = try run(["list"], lv2Path: bundle)
        XCTAssertEqual(list.standardError, "Warning: " + hint + "\n")
    }

    /// A URI with a typo gets the nearest ones as a suggestion.
    func testURITypoGetsASuggestion() throws {
        let result = try run(["render", "urn:swiftlv2:rate-adaptr", "-o", folder.path("out.wav")])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.hasPrefix("No plugin with URI urn:swiftlv2:rate-adaptr was found on the LV2 path"), result.standardError)
        XCTAssertTrue(result.standardError.hasSuffix("; did you mean urn:swiftlv2:rate-adapter?\n"), result.standardError)
        let info = try run(["info", "urn:swiftlv2:sine_synth"])
        XCTAssertTrue(info.standardError.hasSuffix("; did you mean urn:swiftlv2:sine-synth?\n"), info.standardError)
        // Nothing near: no suggestion.
        let far = try run(["info", "urn:nobody:nothing"])
        XCTAssertFalse(far.standardError.contains("did you mean"), far.standardError)
    }

    /// Without LV2_PATH, lv2render looks in $HOME/.lv2 (as lv2ls and the Makefile do), not
    /// in the account's home directory.
    func testHomeComesFromTheEnvironment() throws {
        let home = folder.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".lv2"), withIntermediateDirectories: true)
        let bundles = folder.url
        try writeBundle("at-home", uri: "urn:test:at-home", body: ".")
        try FileManager.default.moveItem(at: bundles.appendingPathComponent("at-home.lv2"),
                                         to: home.appendingPathComponent(".lv2/at-home.lv2"))
        let list = try runCommand(LV2RenderTool.executable.path, ["list"], environment: ["LV2_PATH": "", "HOME": home.path], timeout: 60)
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertTrue(list.standardOutput.contains("urn:test:at-home"), list.standardOutput)
    }
}
