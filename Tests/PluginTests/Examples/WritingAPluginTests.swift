import AudioMIDIFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// docs/writing-a-plugin.md, built exactly as written: its files are taken from the page
/// (each code block after a line naming its file), put in a folder beside this repository,
/// and built with the page's `make`. The gain it makes must load and sound as the page says.
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
        XCTAssertEqual(try Self.files().keys.sorted(), ["Makefile", "Package.swift", "Sources/Gain/Gain.swift",
                                                        "Sources/GainBundle/exports.map", "Sources/generate-bundle/main.swift"])
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
        let make = try runCommand("make", ["-C", folder.path])
        XCTAssertEqual(make.status, 0, make.standardOutput + make.standardError)

        let bundle = folder.appendingPathComponent("gain.lv2")
        XCTAssertEqual(try SharedProcessTests.dynamicSymbols(bundle.appendingPathComponent("gain.so").path, "--defined-only"),
                       ["lv2_descriptor"])
        try BundleTests.assertValidTurtle(in: bundle)
        let info = try runCommand("lv2info", ["urn:example:gain"], environment: ["LV2_PATH": folder.path])
        XCTAssertTrue(info.standardOutput.contains("Name:              Example Gain"), info.standardOutput + info.standardError)

        let sine = TestSignals.sine(frequency: 1000, sampleRate: 48000, frames: 4800)
        let input = root.appendingPathComponent("in.wav").path, output = root.appendingPathComponent("out.wav").path
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [sine]), to: input, format: .float32)
        let render = try LV2RenderTool.run(["render", "urn:example:gain", "--input", input, "--set", "gain=-6",
                                            "--duration", "0.1", "-o", output], extraLV2Directories: [folder.path])
        XCTAssertEqual(render.status, 0, render.standardError)
        let quieter = try AudioFile.read(path: output).channels[0]
        let factor = Float(pow(10, -6.0 / 20))
        XCTAssertEqual(quieter.count, sine.count)
        for (heard, played) in zip(quieter, sine) { XCTAssertEqual(heard, played * factor, accuracy: 1e-7) }
    }
}
