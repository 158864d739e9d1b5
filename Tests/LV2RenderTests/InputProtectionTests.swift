import Foundation
import LV2Host
import TestSupport
import XCTest

/// lv2render never replaces a file the render reads, however the output names it: the
/// files are compared by device and inode, and a collision is refused before anything
/// is rendered, with one sentence naming both, and every file left as it was.
final class InputProtectionTests: XCTestCase {
    let folder = TemporaryFolder("protection")

    private func makeInput(_ name: String = "a.wav") throws -> String {
        let path = folder.path(name)
        try writeWAV([TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.1)], sampleRate: 48000, to: path)
        return path
    }

    /// Runs lv2render in the test folder and checks that it refused with `message` and
    /// changed no file there.
    private func assertRefused(_ arguments: [String], _ message: String, extraLV2Directories: [String] = [],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try snapshot()
        let result = try LV2RenderTool.run(arguments, extraLV2Directories: extraLV2Directories, currentDirectory: folder.url)
        XCTAssertEqual(result.status, 1, result.standardError, file: file, line: line)
        XCTAssertEqual(result.standardError, message + "\n", file: file, line: line)
        XCTAssertEqual(result.standardOutput, "", file: file, line: line)
        XCTAssertEqual(try snapshot(), before, "a file changed", file: file, line: line)
    }

    /// Every name in the folder (recursively) with its bytes.
    private func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.url.path)
        while let name = enumerator?.nextObject() as? String {
            let path = folder.path(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    func testAnOutputThatIsTheInputUnderAnyNameIsRefused() throws {
        _ = try makeInput()
        XCTAssertEqual(symlink("a.wav", folder.path("link.wav")), 0)
        XCTAssertEqual(link(folder.path("a.wav"), folder.path("hard.wav")), 0)
        for output in ["a.wav", "./a.wav", folder.path("a.wav"), "link.wav", "hard.wav", "../\(folder.url.lastPathComponent)/a.wav"] {
            try assertRefused(["render", Examples.amp, "--input", "a.wav", "-o", output],
                              "--output \(output) would replace --input a.wav, which the render reads; name another output.")
        }
        try assertRefused(["render", Examples.amp, "--input", "link.wav", "--output=hard.wav"],
                          "--output hard.wav would replace --input link.wav, which the render reads; name another output.")
    }

    /// Standard output and devices are never inputs: they stay allowed.
    func testStandardOutputAndDevicesStayAllowed() throws {
        _ = try makeInput()
        for output in ["-", "/dev/null"] {
            let result = try LV2RenderTool.run(["render", Examples.amp, "--input", "a.wav", "--tail", "0", "-o", output], currentDirectory: folder.url)
            XCTAssertEqual(result.status, 0, result.standardError)
        }
    }

    func testMIDIOutputThatIsTheMIDIInputIsRefused() throws {
        try MIDIFileWriter(tracks: [[.noteOn(0, note: 60, velocity: 100), .noteOff(480, note: 60)]]).write(to: folder.url.appendingPathComponent("in.mid"))
        try assertRefused(["render", Examples.fifths, "--midi", "in.mid", "--midi-out", "./in.mid"],
                          "--midi-out ./in.mid would replace --midi in.mid, which the render reads; name another output.")
    }

    /// Two outputs naming one file would leave only the last written.
    func testTwoOutputsNamingOneFileAreRefused() throws {
        try MIDIFileWriter(tracks: [[.noteOn(0, note: 60, velocity: 100), .noteOff(480, note: 60)]]).write(to: folder.url.appendingPathComponent("in.mid"))
        // A state saved before, whose state.ttl has a second name.
        try FileManager.default.createDirectory(atPath: folder.path("st"), withIntermediateDirectories: true)
        try Data("<state.ttl> <http://www.w3.org/2000/01/rdf-schema#seeAlso> <state.ttl> .\n".utf8).write(to: folder.url.appendingPathComponent("st/manifest.ttl"))
        try Data("<> a <http://lv2plug.in/ns/ext/presets#Preset> .\n".utf8).write(to: folder.url.appendingPathComponent("st/state.ttl"))
        XCTAssertEqual(link(folder.path("st/state.ttl"), folder.path("same.mid")), 0)
        try assertRefused(["render", Examples.fifths, "--midi", "in.mid", "--save-state", "st", "--midi-out", "same.mid"],
                          "--midi-out same.mid and --save-state st name the same file; give each output its own.")
    }

    /// The README's sampler example once rendered over the sample it plays.
    func testAParameterPathIsProtected() throws {
        _ = try makeInput("kick.wav")
        try assertRefused(["render", Examples.sampler, "--set", "sample=kick.wav", "--notes", "60@0:0.1", "-o", "kick.wav"],
                          "--output kick.wav would replace --set sample=\(folder.path("kick.wav")), which the render reads; name another output.")
    }

    /// Saving a state into the directory it was restored from would replace its state.ttl;
    /// an output over a file of the state directory would replace what the state plays.
    func testAStateDirectoryIsProtected() throws {
        _ = try makeInput("kick.wav")
        let saved = try LV2RenderTool.run(["render", Examples.sampler, "--set", "sample=kick.wav", "--notes", "60@0:0.1",
                                           "--save-state", "kick-state", "-o", "played.wav"], currentDirectory: folder.url)
        XCTAssertEqual(saved.status, 0, saved.standardError)
        try assertRefused(["render", Examples.sampler, "--state", "kick-state", "--notes", "60@0:0.1", "--save-state", "kick-state", "-o", "again.wav"],
                          "--save-state kick-state would replace --state kick-state, which the render reads; name another output.")
        // The saved state links the sample it plays: kick-state/kick.wav is kick.wav.
        try assertRefused(["render", Examples.sampler, "--state", "kick-state", "--notes", "60@0:0.1", "-o", "kick-state/kick.wav"],
                          "--output kick-state/kick.wav would replace --state kick-state, which the render reads; name another output.")
    }

    /// A preset's file (its bundle's `rdfs:seeAlso`) is read too. (An output of another
    /// type than its name says is refused first: the .mid here is a hard link to the .ttl.)
    func testAPresetFileIsProtected() throws {
        _ = try makeInput()
        let bundles = try TestChattyBundle.lv2Directory()
        let presetFile = bundles + "/test-chatty.lv2/" + TestChattyBundle.presetFile
        let before = try Data(contentsOf: URL(fileURLWithPath: presetFile))
        XCTAssertEqual(link(presetFile, folder.path("preset.mid")), 0)
        let result = try LV2RenderTool.run(["render", TestChattyBundle.uri, "--preset", "Slow", "--input", "a.wav", "-o", "out.wav",
                                            "--midi-out", "preset.mid"],
                                           extraLV2Directories: [bundles], currentDirectory: folder.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.hasSuffix("--midi-out preset.mid would replace the file \(presetFile) of --preset Slow, which the render reads; name another output.\n"),
                      result.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: presetFile)), before)
    }

    /// A batch into its inputs' own folder would replace them: it is refused whole, before
    /// anything renders, since a user who fixes the command renders them all again anyway.
    func testABatchIntoItsInputsFolderIsRefusedWhole() throws {
        _ = try makeInput("a.wav")
        _ = try makeInput("b.wav")
        try writeWAV([[0, 0]], sampleRate: 48000, to: folder.path("c.aiff"))
        try assertRefused(["render", Examples.amp, "--input", "c.aiff", "a.wav", "b.wav", "--output-dir", "."],
                          "--output-dir . would replace \(folder.path("a.wav")), which --input a.wav reads (and 1 more); nothing was rendered: choose another folder.")
    }
}
