import HostFiles
import Foundation
import TestSupport
import XCTest

/// Every render command in the README's and docs/lv2render.md's `sh` blocks runs as
/// written (with the built lv2render first on PATH), in a fresh folder holding the files
/// it reads, and leaves those files as they were: the examples cannot rot, and none of
/// them overwrites its own input.
final class DocumentedCommandsTests: XCTestCase {
    static let documents = ["README.md", "docs/lv2render.md"]

    /// The `lv2render render` lines of the `sh` blocks of `document`, continuation lines joined.
    static func renderCommands(in document: String) throws -> [String] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(document), encoding: .utf8)
        var commands: [String] = [], inShell = false
        for line in text.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
            } else if inShell, line.hasPrefix("lv2render render ") {
                commands.append(String(line))
            }
        }
        return commands
    }

    /// The files the documented commands read, made afresh in `folder`.
    private func writeFixtures(in folder: TemporaryFolder) throws {
        let rate = 48000.0
        try writeWAV([TestSignals.sine(frequency: 220, sampleRate: rate, seconds: 1)], sampleRate: rate, to: folder.path("voice.wav"))
        try AudioFile.write(AudioData(sampleRate: rate, channels: TestSignals.stereo(TestSignals.noise(count: 24000, amplitude: 0.3))),
                            to: folder.path("speech.flac"))
        let kick = TestSignals.sine(frequency: 60, sampleRate: rate, seconds: 0.3).enumerated().map { $1 * Float(exp(-Double($0) / 2400)) }
        try writeWAV([kick], sampleRate: rate, to: folder.path("kick.wav"))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("demo"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("demo/demo.mid"), to: folder.url.appendingPathComponent("demo/demo.mid"))
        let song = MIDIFileWriter(division: .ticksPerQuarter(480), tracks: [
            [.noteOn(0, note: 60, velocity: 100), .noteOff(480, note: 60), .noteOn(0, note: 64, velocity: 90), .noteOff(480, note: 64)],
        ])
        try Data(song.bytes()).write(to: URL(fileURLWithPath: folder.path("song.mid")))
    }

    /// The contents of every file under `folder`, by relative path.
    private func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true, let data = try? Data(contentsOf: url) else { continue }
            files[String(url.path.dropFirst(folder.path.count + 1))] = data
        }
        return files
    }

    func testEveryDocumentedRenderCommandRuns() throws {
        let bin = TemporaryFolder("documented-bin")
        try FileManager.default.createSymbolicLink(atPath: bin.path("lv2render"), withDestinationPath: LV2RenderTool.executable.path)
        var count = 0
        for document in Self.documents {
            for command in try Self.renderCommands(in: document) {
                count += 1
                let folder = TemporaryFolder("documented")
                try writeFixtures(in: folder)
                let before = snapshot(folder.url)
                let result = try runCommand("/bin/bash", ["-o", "pipefail", "-c", command], environment: [
                    "PATH": bin.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                    "LV2_PATH": Repository.lv2PathWithSystemBundles,
                ], currentDirectory: folder.url, timeout: 300)
                XCTAssertEqual(result.status, 0, "\(document): \(command)\n\(result.standardError)")
                let after = snapshot(folder.url)
                for (path, data) in before {
                    XCTAssertEqual(after[path], data, "\(document): \(command) changed its input \(path)")
                }
                let made = Set(after.keys).subtracting(before.keys)
                XCTAssertFalse(made.isEmpty, "\(document): \(command) wrote no file")
                // Each output the command names with -o (other than standard output) is there, and is audio.
                let words = command.split(separator: " ").map(String.init)
                for (index, word) in words.enumerated() where word == "-o" && index + 1 < words.count && words[index + 1] != "-" {
                    XCTAssertGreaterThan(try AudioFile.read(path: folder.path(words[index + 1])).frameCount, 0, command)
                }
            }
        }
        // The README alone has eight.
        XCTAssertGreaterThanOrEqual(count, 10)
    }
}
