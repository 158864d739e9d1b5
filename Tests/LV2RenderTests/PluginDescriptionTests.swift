import HostFiles
import Foundation
import LV2Host
import LV2HostC
import TestSupport
import XCTest

/// One description of a plugin: `lv2render info --json`, the C library (a world's and a
/// chain's) and Python's `describe` give the same object, in one key style, with its version.
final class PluginDescriptionTests: XCTestCase {
    static let uri = SettingMeaningTests.uri

    func testTheCommandLineTheCLibraryAndPythonDescribeAPluginAlike() throws {
        let lv2Path = try SettingMeaningTests.lv2Directory()
        let info = try runCommand(LV2RenderTool.executable.path, ["info", "--json", "--rate", "44100", Self.uri],
                                  environment: ["LV2_PATH": lv2Path])
        XCTAssertEqual(info.status, 0, info.standardError)
        let command = try Self.object(info.standardOutput)

        let world = try XCTUnwrap(swiftlv2_world_new(lv2Path, 0))
        defer { swiftlv2_world_free(world) }
        let library = try Self.object(Self.taken(swiftlv2_world_plugin_json(world, Self.uri, 44100)))
        let chain = try XCTUnwrap(Self.uri.withCString { uri in
            withUnsafePointer(to: Optional(uri)) { swiftlv2_chain_new(world, $0, 1, 44100, 512) }
        })
        defer { swiftlv2_chain_free(chain) }
        let instance = try Self.object(Self.taken(swiftlv2_chain_plugin_json(chain, 0)))

        let pythonLibrary = Repository.root.appendingPathComponent("python/swiftlv2/libswiftlv2host.so").path
        guard FileManager.default.fileExists(atPath: pythonLibrary) else {
            return XCTFail("\(pythonLibrary) is missing: run make python first.")
        }
        let script = "import json, sys, swiftlv2; print(json.dumps(swiftlv2.describe(sys.argv[1], sample_rate=44100, lv2_path=sys.argv[2])))"
        let described = try runCommand(SettingMeaningTests.python, ["-c", script, Self.uri, lv2Path],
                                       environment: ["PYTHONPATH": Repository.root.appendingPathComponent("python").path])
        XCTAssertEqual(described.status, 0, described.standardError)
        let python = try Self.object(described.standardOutput)

        XCTAssertEqual(command["schema_version"] as? Int, PluginDescription.currentSchemaVersion)
        XCTAssertEqual(command as NSDictionary, library as NSDictionary)
        XCTAssertEqual(command as NSDictionary, instance as NSDictionary)
        XCTAssertEqual(command as NSDictionary, python as NSDictionary)
        // One key style throughout, and the values a script passes to --set.
        XCTAssertEqual(Self.keys(command).filter { $0.contains { $0.isUppercase } }, [])
        let cutoff = try XCTUnwrap((command["ports"] as? [[String: Any]])?.first { $0["symbol"] as? String == "cutoff" })
        XCTAssertEqual(cutoff["maximum"] as? Double, 22050)
        XCTAssertEqual((cutoff["declared"] as? [String: Any])?["minimum"] as? Double, 0.0001)
        XCTAssertEqual(cutoff["sample_rate_relative"] as? Bool, true)
    }

    private static func taken(_ string: UnsafeMutablePointer<CChar>?) throws -> String {
        guard let string else { throw HostError(String(cString: swiftlv2_last_error()!)) }
        defer { swiftlv2_string_free(string) }
        return String(cString: string)
    }

    private static func object(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// Every key in `value`, at any depth.
    private static func keys(_ value: Any) -> [String] {
        if let object = value as? [String: Any] { return object.keys + object.values.flatMap(keys) }
        if let array = value as? [Any] { return array.flatMap(keys) }
        return []
    }
}
