import Foundation
@testable import LV2BundleTool
@testable import LV2KitGenerator
import XCTest

/// lv2-bundle's parts that need no build: finding the plugin types, reading the command line,
/// and keeping to its own files in the bundle folder. (WritingAPluginTests runs the whole command.)
final class LV2BundleToolTests: XCTestCase {
    func testFindsEachTypeThatConformsToLV2PluginInItsDeclarationOrAnExtension() {
        let source = """
            import LV2Kit

            public struct Gain: LV2Plugin, ~Copyable {
                public enum Port: Int, PortList { case input }
            }
            struct Helper: Sendable {}
            @available(macOS 15, *) public final class Other: Sendable, LV2Kit.LV2Plugin {}
            extension Delay: LV2Plugin {
            }
            // struct Commented: LV2Plugin {}
            /// extension Documented: LV2Plugin {}
            struct NotAPlugin: LV2PluginLike {}
            """
        XCTAssertEqual(PluginTypes.find(in: source), ["Gain", "Other", "Delay"])
    }

    func testAnOptionItDoesNotKnowIsOneSentence() {
        let facts = ["--package", "/p", "--work", "/w", "--swiftlv2", "/s", "--swiftlv2-identity", "swiftlv2",
                     "--bundle", "gain", "--module", "Gain", "/p/Sources/Gain", "--"]
        XCTAssertThrowsError(try BundleRequest(arguments: facts + ["--platform", "arm"])) { error in
            let failure = error as? BundleFailure
            XCTAssertEqual(failure?.message, "--platform arm is not a platform lv2-bundle builds for: say aarch64, or leave it out.")
            XCTAssertEqual(failure?.status, 2)
        }
        XCTAssertThrowsError(try BundleRequest(arguments: facts + ["--release"])) { error in
            XCTAssertEqual((error as? BundleFailure)?.message, "--release is not an option of lv2-bundle. \(BundleRequest.usage)")
        }
        let request = try? BundleRequest(arguments: facts + ["--clean"])
        XCTAssertEqual(request?.clean, true)
        XCTAssertEqual(request?.keepsSymbols, false, "stripped unless asked")
        XCTAssertEqual(try? BundleRequest(arguments: facts + ["--keep-symbols"]).keepsSymbols, true)
        XCTAssertEqual(request?.bundles.map(\.name), ["gain"])
        XCTAssertEqual(request?.bundles.first?.modules.map(\.name), ["Gain"])
    }

    /// A compile error in the author's code is named by its file (relative to the package), line
    /// and message; errors in the generated package and warnings are not the author's.
    func testTheAuthorsFirstCompileErrorIsNamedWithItsFileAndLine() {
        let output = """
            [3/9] Compiling Gain Gain.swift
            /p/.build/plugins/outputs/gain/Generated/Bundle.swift:4:1: error: cannot find 'Gain' in scope
            /p/Sources/Gain/Gain.swift:7:9: warning: variable 'x' was never used
            /p/Sources/Gain/Gain.swift:12:5: error: cannot find 'gian' in scope
            /p/Sources/Gain/Gain.swift:13:5: error: cannot find 'level' in scope
            """
        XCTAssertEqual(CompileError(firstIn: output, under: URL(fileURLWithPath: "/p"))?.description,
                       "Sources/Gain/Gain.swift:12:5: cannot find 'gian' in scope")
        XCTAssertNil(CompileError(firstIn: "error: fatalError", under: URL(fileURLWithPath: "/p")))
        XCTAssertEqual(BundleCommand.kilobytes(48_900), "48 KB")
    }

    /// What marks a Turtle file as the generator's is the generator's own first line.
    func testTheGeneratedMarkIsTheGeneratorsFirstLine() {
        XCTAssertTrue(("# " + TurtleFiles.generatedBy).hasPrefix(BundleFolder.generatedMark))
    }

    func testItReplacesItsOwnFilesRemovesStaleTurtleKeepsTheAuthorsAndCleansUp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lv2-bundle-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let generated = root.appendingPathComponent("turtle"), package = root.appendingPathComponent("package")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        let mark = "# " + TurtleFiles.generatedBy + "\n"
        try (mark + "manifest").write(to: generated.appendingPathComponent("manifest.ttl"), atomically: true, encoding: .utf8)
        try (mark + "new").write(to: generated.appendingPathComponent("new-name.ttl"), atomically: true, encoding: .utf8)
        let built = root.appendingPathComponent("libLV2BundleBinary.so")
        try Data("binary".utf8).write(to: built)

        let folder = BundleFolder(package: package, name: "gain", platform: .native)
        XCTAssertEqual(folder.url.path, package.path + "/lv2/gain.lv2")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try (mark + "old").write(to: folder.url.appendingPathComponent("old-name.ttl"), atomically: true, encoding: .utf8)
        try "# mine".write(to: folder.url.appendingPathComponent("mine.ttl"), atomically: true, encoding: .utf8)

        try folder.assemble(turtleFrom: generated, binary: built, strip: nil)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted(),
                       ["gain.so", "manifest.ttl", "mine.ttl", "new-name.ttl"])
        XCTAssertEqual(try String(contentsOf: folder.binary, encoding: .utf8), "binary")

        try folder.clean()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), ["mine.ttl"])
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("mine.ttl"))
        try folder.clean()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.parent.path), "empty folders go too")
        XCTAssertEqual(BundleFolder(package: package, name: "gain", platform: .aarch64).url.path, package.path + "/lv2-aarch64/gain.lv2")
    }

    /// Renaming the product renames the bundle: the old one's generated files go, the author's stay.
    func testTheBundleOfARenamedProductIsRemoved() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("lv2-bundle-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let mark = "# " + TurtleFiles.generatedBy + "\n"
        for name in ["old", "kept", "new"] {
            let folder = BundleFolder(package: package, name: name, platform: .native).url
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try mark.write(to: folder.appendingPathComponent("manifest.ttl"), atomically: true, encoding: .utf8)
            try Data().write(to: folder.appendingPathComponent(name + ".so"))
        }
        try "# mine".write(to: package.appendingPathComponent("lv2/kept.lv2/mine.ttl"), atomically: true, encoding: .utf8)
        let byHand = package.appendingPathComponent("lv2/other.lv2")
        try FileManager.default.createDirectory(at: byHand, withIntermediateDirectories: true)
        try "# someone's".write(to: byHand.appendingPathComponent("manifest.ttl"), atomically: true, encoding: .utf8)
        try Data().write(to: byHand.appendingPathComponent("other.so"))
        try BundleFolder.removeRenamed(in: package, platform: .native, keeping: ["new"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: package.path + "/lv2").sorted(), ["kept.lv2", "new.lv2", "other.lv2"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: package.path + "/lv2/kept.lv2"), ["mine.ttl"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: byHand.path).sorted(), ["manifest.ttl", "other.so"], "a bundle put there by hand is left alone")
    }
}
