import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// An example package in Examples/, built once per test run by the one command a newcomer
/// runs (`swift package --allow-writing-to-package-directory lv2-bundle`): a plugin on LV2Kit
/// used as a package, compiled as Embedded Swift into a library that carries its own copy of the runtime.
final class ExamplePackage: @unchecked Sendable {
    static let arpeggiator = ExamplePackage("Arpeggiator", bundle: "arpeggiator", uri: "urn:swiftlv2:examples:arpeggiator")
    static let sampler = ExamplePackage("Sampler", bundle: "sampler", uri: "urn:swiftlv2:examples:sampler")
    static let delay = ExamplePackage("Delay", bundle: "delay", uri: "urn:swiftlv2:examples:delay")
    static let ducker = ExamplePackage("Ducker", bundle: "ducker", uri: "urn:swiftlv2:examples:ducker")

    let uri: String
    let folder: URL
    /// The bundle's name without `.lv2`, which is also its binary's.
    private let bundle: String

    private init(_ name: String, bundle: String, uri: String) {
        self.uri = uri
        self.bundle = bundle
        folder = Repository.root.appendingPathComponent("Examples/" + name)
    }

    /// A folder to put on `LV2_PATH` that holds only the example's bundle.
    func lv2Directory() throws -> String { try built.get() }

    /// The bundle folder, in the package.
    var bundleFolder: URL { folder.appendingPathComponent("lv2/" + bundle + ".lv2") }

    /// The command that builds the bundle, as the examples' READMEs give it.
    static let bundleCommand = ["package", "--allow-writing-to-package-directory", "lv2-bundle"]

    /// Runs the command in `folder`; once more on failure: SwiftPM's builds have failed now and
    /// then on this shared machine and passed when run again, with no change in between.
    static func buildBundle(in folder: URL, _ options: [String] = []) throws {
        var build = try runCommand("swift", bundleCommand + options, currentDirectory: folder, timeout: 1800)
        if build.status != 0 {
            print("lv2-bundle in \(folder.path) failed, trying once more: \(build.standardOutput.suffix(2000)) \(build.standardError)")
            build = try runCommand("swift", bundleCommand + options, currentDirectory: folder, timeout: 1800)
        }
        guard build.status == 0 else { throw HostError("lv2-bundle in \(folder.path) failed: \(build.standardError)") }
    }

    /// The shared object, in the bundle.
    func binary() throws -> String { try lv2Directory() + "/\(bundle).lv2/\(bundle).so" }

    /// Checks the binary as hosts and packagers see it: it exports only `lv2_descriptor`,
    /// needs exactly `libraries` (no Swift runtime), carries no RPATH or RUNPATH, and is
    /// stripped as lv2-bundle ships it by default: no symbol table, no debug information.
    func assertRealPluginBinary(needing libraries: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let binary = try binary()
        XCTAssertEqual(try SharedProcessTests.dynamicSymbols(binary, "--defined-only"), ["lv2_descriptor"], file: file, line: line)
        let readelf = try runCommand("readelf", ["-d", binary]).standardOutput
        let needed = readelf.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.dropLast() }.map(String.init).sorted()
        XCTAssertEqual(needed, libraries, "no Swift runtime, nothing but system libraries", file: file, line: line)
        XCTAssertFalse(readelf.contains("PATH)"), readelf, file: file, line: line)
        let sections = try runCommand("readelf", ["-S", "-W", binary]).standardOutput
        XCTAssertFalse(sections.contains(".symtab") || sections.contains(".debug_"), sections, file: file, line: line)
    }

    private lazy var built = Result {
        try Self.buildBundle(in: folder)
        return Repository.lv2Path(holdingOnly: bundleFolder, as: bundle + ".lv2")
    }
}
