import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// docs/writing-a-plugin.md, built exactly as written: its files are taken from the page
/// (each code block after a line naming its file), put in a folder beside this repository,
/// and built with the page's one command. The gain it makes must load, pass `lv2render check`
/// and sound as the page says, the page's own tests (LV2TestKit) must pass as the page runs
/// them, and the command must keep to the files it owns.
final class WritingAPluginTests: XCTestCase {
    static let page = Repository.root.appendingPathComponent("docs/writing-a-plugin.md")

    /// The files the page gives: path → contents.
    static func files() throws -> [String: String] {
        let lines = try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var files: [String: String] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("`"), line.hasSuffix("`:") else { continue }
            while index < lines.count, lines[index].isEmpty { index += 1 }
            guard index < lines.count, lines[index].hasPrefix("```") else { continue }
            let body = lines[(index + 1)...].prefix { !$0.hasPrefix("```") }
            files[String(line.dropFirst().dropLast(2))] = body.joined(separator: "\n") + "\n"
            index += body.count + 2
        }
        return files
    }

    func testThePageGivesEveryFileOfThePlugin() throws {
        XCTAssertEqual(try Self.files().keys.sorted(), ["Package.swift", "Sources/Gain/Gain.swift", "Tests/GainTests/GainTests.swift"])
    }

    /// The page's shell lines, each as it is typed (comments and the prompt's `../SwiftLV2` left as they are).
    static func commands() throws -> [String] {
        let text = try String(contentsOf: page, encoding: .utf8)
        return text.components(separatedBy: "```sh\n").dropFirst().flatMap { block in
            block.components(separatedBy: "```")[0].split(separator: "\n").map {
                String($0.split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The page's line that starts with `start`, run by the shell in `folder`.
    private func runPageLine(starting start: String, in folder: URL, file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let command = try XCTUnwrap(try Self.commands().first { $0.hasPrefix(start) }, "no line starts with \(start)", file: file, line: line)
        return try runCommand("/bin/sh", ["-c", command], currentDirectory: folder, timeout: 1800)
    }

    func testThePluginBuildsLoadsAndSoundsAsThePageSays() throws {
        let temporary = TemporaryFolder("writing-a-plugin")
        let root = temporary.url
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("SwiftLV2"), withDestinationURL: Repository.root)
        let folder = root.appendingPathComponent("gain")
        for (path, contents) in try Self.files() {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: file, atomically: true, encoding: .utf8)
        }
        let build = try runPageLine(starting: "swift package", in: folder)
        XCTAssertEqual(build.status, 0, build.standardOutput + build.standardError)

        let bundle = folder.appendingPathComponent("lv2/gain.lv2")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       [".build", "Package.resolved", "Package.swift", "Sources", "Tests", "lv2"], "the command writes lv2/ and nothing else")
        XCTAssertEqual(try SharedProcessTests.dynamicSymbols(bundle.appendingPathComponent("gain.so").path, "--defined-only"),
                       ["lv2_descriptor"])
        try BundleTests.assertValidTurtle(in: bundle)
        let info = try runPageLine(starting: "LV2_PATH=$PWD/lv2 lv2info", in: folder)
        XCTAssertTrue(info.standardOutput.contains("Name:              Example Gain"), info.standardOutput + info.standardError)
        XCTAssertFalse((info.standardOutput + info.standardError).lowercased().contains("error"), "lilv reads the page's LV2_PATH without an error: \(info.standardError)")
        // The page's `lv2render check`, with this build's lv2render in place of ../SwiftLV2/.build/release's.
        let check = try LV2RenderTool.run(["check", "urn:example:gain"], extraLV2Directories: [folder.appendingPathComponent("lv2").path])
        XCTAssertEqual(check.status, 0, check.standardOutput + check.standardError)
        XCTAssertTrue(try Self.commands().last?.hasSuffix("lv2render check urn:example:gain") == true, "the page ends with lv2render check")

        let sine = TestSignals.sine(frequency: 1000, sampleRate: 48000, frames: 4800)
        let input = root.appendingPathComponent("in.wav").path, output = root.appendingPathComponent("out.wav").path
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [sine]), to: input, format: .float32)
        let render = try LV2RenderTool.run(["render", "urn:example:gain", "--input", input, "--set", "gain=-6",
                                            "--duration", "0.1", "-o", output], extraLV2Directories: [folder.appendingPathComponent("lv2").path])
        XCTAssertEqual(render.status, 0, render.standardError)
        let quieter = try AudioFile.read(path: output).channels[0]
        let factor = Float(pow(10, -6.0 / 20))
        XCTAssertEqual(quieter.count, sine.count)
        for (heard, played) in zip(quieter, sine) { XCTAssertEqual(heard, played * factor, accuracy: 1e-7) }

        try assertThePagesTestsPass(in: folder)
        try assertTheCommandKeepsToItsFiles(bundle: bundle, folder: folder)
    }

    /// The page's `swift test -c release`, in the folder just built: the page's three tests
    /// (level and frequency, any blocks, the checks) run and pass.
    private func assertThePagesTestsPass(in folder: URL) throws {
        let started = Date()
        let test = try runPageLine(starting: "swift test", in: folder)
        print("The page's swift test -c release took \(Int(Date().timeIntervalSince(started))) s")
        let output = test.standardOutput + test.standardError
        XCTAssertEqual(test.status, 0, output)
        XCTAssertTrue(output.contains("Test Suite 'GainTests' passed"), output)
        XCTAssertTrue(output.contains("Executed 3 tests, with 0 failures"), output)
    }

    /// Run again, the command removes generated Turtle it no longer writes (a renamed plugin's) and
    /// leaves the author's own; `--clean` removes what it wrote and its build folder, and no more.
    private func assertTheCommandKeepsToItsFiles(bundle: URL, folder: URL) throws {
        let stale = bundle.appendingPathComponent("old-name.ttl"), mine = bundle.appendingPathComponent("mine.ttl")
        try FileManager.default.copyItem(at: bundle.appendingPathComponent("gain.ttl"), to: stale)
        try "<urn:example:gain> <urn:example:colour> \"green\" .\n".write(to: mine, atomically: true, encoding: .utf8)
        try ExamplePackage.buildBundle(in: folder)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted(),
                       ["gain.so", "gain.ttl", "manifest.ttl", "mine.ttl"])

        try ExamplePackage.buildBundle(in: folder, ["--clean"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bundle.path), ["mine.ttl"])
        let work = folder.appendingPathComponent(".build/plugins/LV2BundleCommand/outputs/gain")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.path), "the build folders are gone")

        let outside = try runCommand("swift", ExamplePackage.bundleCommand + ["--platform", "arm"], currentDirectory: folder)
        XCTAssertNotEqual(outside.status, 0)
        XCTAssertTrue(outside.standardError.hasSuffix("error: lv2-bundle: --platform arm is not a platform lv2-bundle builds for: say aarch64, or leave it out.\n"),
                      outside.standardError)
        XCTAssertFalse(outside.standardError.contains("Stack dump"), outside.standardError)
    }
}
