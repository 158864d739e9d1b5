import Foundation
import LV2Host
import TestSupport
import XCTest

/// `scripts/lv2-new NAME --effect|--instrument`, as docs/writing-a-plugin.md starts: the package it
/// writes builds with lv2-bundle (stripped, its size told), passes its own tests with `swift test -c
/// release` and `lv2render check` as it stands; an error put in its code is named by file and line.
final class NewPluginTests: XCTestCase {
    private static let script = Repository.root.appendingPathComponent("scripts/lv2-new").path

    func testAnEffectAndAnInstrumentBuildTestAndPassTheChecksAsWritten() throws {
        let temporary = TemporaryFolder("lv2-new")
        let root = temporary.url
        for (name, kind, type) in [("tape-gain", "--effect", "TapeGain"), ("sine-keys", "--instrument", "SineKeys")] {
            let started = Date()
            let new = try runCommand(Self.script, [name, kind], currentDirectory: root)
            XCTAssertEqual(new.status, 0, new.standardError)
            let folder = root.appendingPathComponent(name)
            let build = try runCommand("swift", ExamplePackage.bundleCommand, currentDirectory: folder, timeout: 1800)
            XCTAssertEqual(build.status, 0, build.standardOutput + build.standardError)
            XCTAssertTrue(build.standardOutput.contains("lv2-bundle: built \(folder.path)/lv2/\(name).lv2 (\(type)): \(name).so is "),
                          build.standardOutput)
            XCTAssertTrue(build.standardOutput.contains(" KB, stripped (--keep-symbols keeps its symbols for a debugger)."), build.standardOutput)
            let test = try runCommand("swift", ["test", "-c", "release", "--disable-swift-testing"], currentDirectory: folder, timeout: 1800)
            XCTAssertEqual(test.status, 0, test.standardOutput + test.standardError)
            XCTAssertTrue((test.standardOutput + test.standardError).contains("Executed 3 tests, with 0 failures"), test.standardOutput)
            print("lv2-new \(kind): from an empty folder to a tested plugin in \(Int(Date().timeIntervalSince(started))) s")
            let check = try LV2RenderTool.run(["check", "urn:example:\(name)"], extraLV2Directories: [folder.appendingPathComponent("lv2").path])
            XCTAssertEqual(check.status, 0, check.standardOutput + check.standardError)
        }

        // A typing mistake in the author's code: lv2-bundle names it, with its file and line.
        let source = root.appendingPathComponent("tape-gain/Sources/TapeGain/TapeGain.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        try text.replacingOccurrences(of: "output[frame] = input[frame] * factor", with: "output[frame] = input[frame] * factr")
            .write(to: source, atomically: true, encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("output[frame] = input[frame] * factor") }) + 1
        let broken = try runCommand("swift", ExamplePackage.bundleCommand, currentDirectory: root.appendingPathComponent("tape-gain"), timeout: 1800)
        XCTAssertNotEqual(broken.status, 0)
        XCTAssertTrue(broken.standardError.contains(
            "error: lv2-bundle: the plugin's code does not compile: Sources/TapeGain/TapeGain.swift:\(line):"), broken.standardError)
        XCTAssertTrue(broken.standardError.contains(": cannot find 'factr' in scope (the compiler's messages are above)."), broken.standardError)
    }

    /// A wrong name or an existing folder: one sentence, and nothing written.
    func testAWrongNameOrAnExistingFolderIsOneSentence() throws {
        let temporary = TemporaryFolder("lv2-new-refusals")
        let root = temporary.url
        let bad = try runCommand(Self.script, ["My Plugin", "--effect"], currentDirectory: root)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.standardError, "lv2-new: My Plugin is not a plugin name: lower case letters, digits and hyphens, starting with a letter.\n")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("gain"), withIntermediateDirectories: true)
        let existing = try runCommand(Self.script, ["gain", "--instrument"], currentDirectory: root)
        XCTAssertEqual(existing.status, 1)
        XCTAssertEqual(existing.standardError, "lv2-new: \(root.path)/gain exists already; lv2-new writes only a new folder.\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["gain"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("gain").path), [])
    }
}
