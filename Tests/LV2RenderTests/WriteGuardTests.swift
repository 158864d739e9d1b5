import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// Every file a command writes goes through one guard (`ReadFiles` in LV2Host): compared by
/// device and inode with every file the command reads, a collision is refused with one
/// sentence naming both, before anything is written, and every file is left as it was.
/// Each case runs on a copy of eg-sampler's bundle (lv2-examples) alone on the LV2 path.
final class WriteGuardTests: XCTestCase {
    let folder = TemporaryFolder("write-guard")
    static let sampler = Examples.sampler

    /// The copied bundle, a sample, an input, a MIDI file and a saved state, in the test folder.
    private func prepareFiles() throws {
        try FileManager.default.createDirectory(atPath: folder.path("lv2"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/lib/lv2/eg-sampler.lv2", toPath: folder.path("lv2/eg-sampler.lv2"))
        try FileManager.default.copyItem(atPath: "/usr/lib/lv2/eg-sampler.lv2/click.wav", toPath: folder.path("kick.wav"))
        try writeWAV([TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.1)], sampleRate: 48000, to: folder.path("in.wav"))
        try MIDIFileWriter(tracks: [[.noteOn(0, note: 60, velocity: 100), .noteOff(480, note: 60)]]).write(to: folder.url.appendingPathComponent("in.mid"))
        let saved = try run(["render", Self.sampler, "--set", "sample=kick.wav", "--notes", "60@0:0.1", "--save-state", "state", "-o", "played.wav"])
        XCTAssertEqual(saved.status, 0, saved.standardError)
        try FileManager.default.removeItem(atPath: folder.path("played.wav"))
    }

    /// lv2render in the test folder with only the copied bundle on the LV2 path.
    private func run(_ arguments: [String]) throws -> CommandResult {
        try runCommand(LV2RenderTool.executable.path, arguments, environment: ["LV2_PATH": folder.path("lv2")], currentDirectory: folder.url)
    }

    /// Every name in the folder (recursively) with its bytes, or where it links.
    private func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.url.path)
        while let name = enumerator?.nextObject() as? String {
            let path = folder.path(name)
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                files[name] = Data(("-> " + link).utf8)
                continue
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    /// Runs lv2render and checks that it refused with one sentence (`message`, or one that
    /// names `reader`) and changed no file.
    private func assertRefused(_ arguments: [String], _ message: String? = nil, naming reader: String? = nil,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try snapshot()
        let result = try run(arguments)
        let context = arguments.joined(separator: " ")
        XCTAssertEqual(result.status, 1, context, file: file, line: line)
        XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, "\(context): \(result.standardError)", file: file, line: line)
        if let message { XCTAssertEqual(result.standardError, message + "\n", context, file: file, line: line) }
        if let reader {
            XCTAssertTrue(result.standardError.contains("would replace ") && result.standardError.contains(reader),
                          "\(context): \(result.standardError)", file: file, line: line)
        }
        XCTAssertEqual(try snapshot(), before, "\(context): a file changed", file: file, line: line)
    }

    /// What a command reads: its options, the file read and how the refusal names it.
    private struct Reader {
        let name: String
        let arguments: [String]
        let file: String
        let phrase: String
        let forCheck: Bool
    }

    private func readers() -> [Reader] {
        let bundle = folder.path("lv2/eg-sampler.lv2")
        return [
            Reader(name: "input", arguments: ["--input", "in.wav"], file: "in.wav", phrase: "--input in.wav", forCheck: false),
            Reader(name: "midi", arguments: ["--midi", "in.mid"], file: "in.mid", phrase: "--midi in.mid", forCheck: false),
            Reader(name: "set", arguments: ["--set", "sample=kick.wav"], file: "kick.wav", phrase: "--set sample=\(folder.path("kick.wav"))", forCheck: true),
            Reader(name: "state", arguments: ["--state", "state"], file: "state/state.ttl", phrase: "--state state", forCheck: true),
            Reader(name: "binary", arguments: [], file: "lv2/eg-sampler.lv2/sampler.so",
                   phrase: "the file \(bundle)/sampler.so of the bundle of \(Self.sampler)", forCheck: true),
            Reader(name: "manifest", arguments: [], file: "lv2/eg-sampler.lv2/manifest.ttl",
                   phrase: "the file \(bundle)/manifest.ttl of the bundle of \(Self.sampler)", forCheck: true),
            // The sample eg-sampler's default state (state:loadDefaultState) loads.
            Reader(name: "default state's sample", arguments: [], file: "lv2/eg-sampler.lv2/click.wav",
                   phrase: "the file \(bundle)/click.wav of the bundle of \(Self.sampler)", forCheck: true),
        ]
    }

    /// Every writing option against every reading option: the output is a hard link to the
    /// file read, named as the option wants it (.wav, .mid, .xml, a state folder).
    func testEveryWriterAgainstEveryReader() throws {
        try prepareFiles()
        for reader in readers() {
            let notes = reader.name == "midi" ? [] : ["--notes", "60@0:0.1"]
            let render = ["render", Self.sampler] + reader.arguments + notes
            func linked(_ name: String) throws -> String {
                try? FileManager.default.removeItem(atPath: folder.path(name))
                try FileManager.default.createDirectory(atPath: folder.url.appendingPathComponent(name).deletingLastPathComponent().path,
                                                        withIntermediateDirectories: true)
                XCTAssertEqual(link(folder.path(reader.file), folder.path(name)), 0, name)
                return name
            }
            try assertRefused(render + ["-o", try linked("out.wav")], naming: reader.phrase)
            try assertRefused(render + ["--midi-out", try linked("out.mid")], naming: reader.phrase)
            // A state saved before, whose state.ttl is the file read.
            try? FileManager.default.removeItem(atPath: folder.path("saved"))
            try FileManager.default.createDirectory(atPath: folder.path("saved"), withIntermediateDirectories: true)
            try Data("<state.ttl> a <http://lv2plug.in/ns/ext/presets#Preset> ; <http://www.w3.org/2000/01/rdf-schema#seeAlso> <state.ttl> .\n".utf8)
                .write(to: folder.url.appendingPathComponent("saved/manifest.ttl"))
            _ = try linked("saved/state.ttl")
            try assertRefused(render + ["--save-state", "saved", "-o", "new.wav"], naming: reader.phrase)
            if reader.forCheck {
                try assertRefused(["check", Self.sampler, "--quick", "--only", "metadata"] + reader.arguments + ["--junit", try linked("report.xml")],
                                  naming: reader.phrase)
            }
            for name in ["out.wav", "out.mid", "saved", "batch", "report.xml"] { try? FileManager.default.removeItem(atPath: folder.path(name)) }
        }
    }

    /// A batch's outputs: DIR/NAME.wav for each input, refused whole when one is a file read.
    func testABatchOutputOverAnyFileReadIsRefused() throws {
        try prepareFiles()
        for reader in readers() where reader.name != "input" {
            try? FileManager.default.removeItem(atPath: folder.path("batch"))
            try FileManager.default.createDirectory(atPath: folder.path("batch"), withIntermediateDirectories: true)
            XCTAssertEqual(link(folder.path(reader.file), folder.path("batch/in.wav")), 0)
            let notes = reader.name == "midi" ? [] : ["--notes", "60@0:0.1"]
            try assertRefused(["render", Self.sampler] + reader.arguments + notes + ["--input", "in.wav", "--output-dir", "batch"],
                              "--output-dir batch would replace \(folder.path("batch/in.wav")), which \(reader.phrase) reads; nothing was rendered: choose another folder.")
        }
    }

    /// A default state (`state:state`, loaded for `state:loadDefaultState`) may name a file
    /// outside the bundle: that file is read too.
    func testAFileADefaultStateNamesOutsideItsBundleIsProtected() throws {
        try prepareFiles()
        let description = folder.path("lv2/eg-sampler.lv2/sampler.ttl")
        let text = try String(contentsOfFile: description, encoding: .utf8)
        XCTAssertTrue(text.contains("#sample> <click.wav>"))
        try text.replacingOccurrences(of: "#sample> <click.wav>", with: "#sample> <\(folder.url.appendingPathComponent("kick.wav").absoluteString)>")
            .write(toFile: description, atomically: true, encoding: .utf8)
        try assertRefused(["render", Self.sampler, "--notes", "60@0:0.1", "-o", "kick.wav"],
                          "--output kick.wav would replace the file \(folder.path("kick.wav")) that the default state of \(Self.sampler) names, which the render reads; name another output.")
    }

    /// The guard knows every option that names a file or folder: a new one must be added
    /// to the readers or writers above, or this fails.
    func testEveryFileOptionIsAReaderOrAWriter() throws {
        let known = ["--input", "--midi", "--state", "--output", "--midi-out", "--save-state", "--output-dir", "--junit"]
        for command in ["render", "check"] {
            let help = try LV2RenderTool.run([command, "--help"]).standardOutput
            let options = help.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: #"--[a-z-]+ <(file|dir)>"#, options: .regularExpression) else { return nil }
                return String(line[range].split(separator: " ")[0])
            }
            XCTAssertFalse(options.isEmpty, command)
            for option in options { XCTAssertTrue(known.contains(option), "\(command) \(option) is neither a reader nor a writer here") }
        }
    }

    // MARK: - State folders

    /// The trial's case: B4 holds the user's own kick.wav; a state saved there would have
    /// replaced it with a link to ../other/kick.wav.
    func testAStateFolderHoldingAUsersFileIsRefused() throws {
        try prepareFiles()
        try FileManager.default.createDirectory(atPath: folder.path("other"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.path("in.wav"), toPath: folder.path("other/kick.wav"))
        try FileManager.default.createDirectory(atPath: folder.path("B4"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.path("kick.wav"), toPath: folder.path("B4/kick.wav"))
        try assertRefused(["render", Self.sampler, "--set", "sample=other/kick.wav", "--notes", "60@0:1", "--save-state", "B4", "-o", "B4.wav"],
                          "The state folder B4 holds kick.wav, which is not part of a state saved there; name a new or empty folder, so that no file of yours is replaced.")
        try assertRefused(["render", Self.sampler, "--notes", "60@0:1", "--save-state", "in.wav", "-o", "B4.wav"],
                          "The state folder in.wav is a file, not a folder; name a new or empty folder for the state.")
    }

    /// A folder holding a state saved before takes the new one: its files are replaced, the
    /// link to the old sample goes, and nothing else is left beside it.
    func testAStateReplacesThePreviousStateOnly() throws {
        try prepareFiles()
        try FileManager.default.createDirectory(atPath: folder.path("empty"), withIntermediateDirectories: true)
        for (sample, into) in [("kick.wav", "empty"), ("in.wav", "state")] {
            let result = try run(["render", Self.sampler, "--set", "sample=\(sample)", "--notes", "60@0:0.1", "--save-state", into, "-o", "o.wav"])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path(into)).sorted(), [sample, "manifest.ttl", "state.ttl"].sorted())
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("\(into)/\(sample)")), "../\(sample)")
        }
        XCTAssertFalse(folder.contents.contains { $0.contains(".partial-") }, "\(folder.contents)")
        // The state plays the new sample.
        let restored = try run(["render", Self.sampler, "--state", "state", "--notes", "60@0:0.1", "-o", "again.wav"])
        XCTAssertEqual(restored.status, 0, restored.standardError)
    }

    // MARK: - Types

    func testOutputsOfOneTypeAreRefusedUnderAnotherName() throws {
        try prepareFiles()
        try assertRefused(["render", Self.sampler, "--notes", "60@0:0.1", "--midi-out", "in.wav"],
                          "--midi-out writes a Standard MIDI File: name it .mid or .midi, not in.wav.")
        // The trial's cases: the sample, a state file, the bundle's manifest and binary.
        for file in ["in.wav", "state/state.ttl", "lv2/eg-sampler.lv2/manifest.ttl", "lv2/eg-sampler.lv2/sampler.so"] {
            try assertRefused(["check", Self.sampler, "--quick", "--only", "metadata", "--state", "state", "--junit", file],
                              "--junit writes JUnit XML: name it .xml, not \(file).")
        }
        let upper = try run(["render", Self.sampler, "--notes", "60@0:0.1", "--midi-out", "notes.MIDI", "-o", "x.wav"])
        XCTAssertEqual(upper.status, 0, upper.standardError)
    }

    // MARK: - Full disks

    /// A tmpfs of 64 KiB, half filled; skipped where mounting is not permitted.
    private func fullDisk() throws -> String {
        let mountPoint = folder.path("full")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mounted = try runCommand("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint])
        guard mounted.status == 0 else {
            throw XCTSkip("A small tmpfs could not be mounted (\(mounted.standardError.trimmingCharacters(in: .whitespacesAndNewlines))); the full-disk cases need root.")
        }
        addTeardownBlock { _ = try? runCommand("/bin/umount", [mountPoint]) }
        try Data(count: 32 * 1024).write(to: URL(fileURLWithPath: mountPoint + "/filler"))
        return mountPoint
    }

    /// On a full disk every writer says why in one sentence, ends with status 1 and leaves
    /// no file, empty or partial; a state saved there before stays as it was.
    func testAFullDiskIsOneSentenceAndNoFile() throws {
        try prepareFiles()
        let full = try fullDisk()
        let saved = try run(["render", Self.sampler, "--set", "sample=kick.wav", "--notes", "60@0:0.1", "--save-state", "full/before", "-o", "o.wav"])
        XCTAssertEqual(saved.status, 0, saved.standardError)
        let previous = try ["manifest.ttl", "state.ttl"].map { try Data(contentsOf: URL(fileURLWithPath: "\(full)/before/\($0)")) }
        // Whatever space is left, filled.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: full + "/filler"))
        try handle.seekToEnd()
        while (try? handle.write(contentsOf: Data(count: 512))) != nil {}
        try? handle.close()
        let before = try FileManager.default.contentsOfDirectory(atPath: full).sorted()
        let cases: [(arguments: [String], message: String)] = [
            (["render", Self.sampler, "--notes", "60@0:0.1", "--save-state", "full/st", "-o", "o2.wav"],
             "The state of \(Self.sampler) could not be saved to full/st (No space left on device)."),
            (["render", Self.sampler, "--set", "sample=in.wav", "--notes", "60@0:0.1", "--save-state", "full/before", "-o", "o3.wav"],
             "The state of \(Self.sampler) could not be saved to full/before (No space left on device)."),
            (["render", Examples.fifths, "--notes", "60@0:0.1", "--midi-out", "full/m.mid"],
             "The MIDI file full/m.mid could not be written (No space left on device)."),
            (["render", Self.sampler, "--notes", "60@0:0.1", "-o", "full/a.wav"], "The output file full/a.wav could not be created (System error : No space left on device)."),
            (["check", Self.sampler, "--quick", "--only", "metadata", "--junit", "full/r.xml"],
             "The JUnit report full/r.xml could not be written (No space left on device)."),
        ]
        for test in cases {
            let arguments = test.arguments
            let result = try runCommand(LV2RenderTool.executable.path, arguments,
                                        environment: ["LV2_PATH": folder.path("lv2") + ":" + Repository.lv2PathWithSystemBundles],
                                        currentDirectory: folder.url)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.standardError.contains(test.message), "\(arguments): \(result.standardError)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: full).sorted(), before, "\(arguments)")
        }
        XCTAssertEqual(try ["manifest.ttl", "state.ttl"].map { try Data(contentsOf: URL(fileURLWithPath: "\(full)/before/\($0)")) }, previous)
        XCTAssertFalse(folder.contents.contains { $0.hasPrefix("o2") || $0.hasPrefix("o3") }, "\(folder.contents)")
    }

    /// Data on standard output (the summary, --json, a table) is checked as a file is:
    /// /dev/full fails every write with ENOSPC.
    func testStandardOutputOnAFullDiskIsAnError() throws {
        for arguments in [["render", Examples.amp, "--duration", "0.1", "-o", folder.path("x.wav"), "--json"],
                          ["check", Examples.amp, "--quick", "--only", "metadata", "--json"], ["list"]] {
            let result = try runCommand("/bin/sh", ["-c", #"exec "$0" "$@" > /dev/full"#, LV2RenderTool.executable.path] + arguments,
                                        environment: ["LV2_PATH": Repository.lv2PathWithSystemBundles])
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.standardError.hasSuffix("Standard output could not be written (No space left on device).\n"),
                          "\(arguments): \(result.standardError)")
        }
    }

    // MARK: - Whole MIDI

    /// A note the plugin still holds when a --duration ends the render is ended in the file,
    /// with a note saying so.
    func testNotesHeldAtTheEndAreEnded() throws {
        let result = try LV2RenderTool.run(["render", Examples.fifths, "--notes", "60@0:1", "--duration", "0.5", "--midi-out", folder.path("cut.mid")])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "Note: \(Examples.fifths) still held 2 notes when the render ended: the MIDI output ends them with a note-off at its last frame.\n")
        let events = try MIDIFile(path: folder.path("cut.mid")).events
        XCTAssertEqual(events.map(\.bytes), [[0x90, 60, 100], [0x90, 67, 100], [0x80, 60, 0], [0x80, 67, 0]])
        XCTAssertEqual(events.last.map { Int(($0.seconds * 48000).rounded()) }, 23999)
    }

    /// Only note-ons and note-offs start and end notes: aftertouch on a held note does not end it.
    func testHeldNotesFollowNoteOnsAndOffsOnly() {
        var held = HeldNotes()
        held.add([0x91, 60, 100])
        held.add([0xA1, 60, 30])
        held.add([0x90, 60, 100])
        held.add([0x90, 60, 0])
        XCTAssertEqual(held.noteOffs(), [[0x81, 60, 0]])
        XCTAssertTrue(held.isEmpty)
    }

    /// A MIDI-only render runs on while the plugin holds notes (here forever, since the input
    /// never ends its note), up to the tail's cap, and then ends them.
    func testAMIDIRenderRunsUntilItsNotesEnd() throws {
        try MIDIFileWriter(tracks: [[.noteOn(0, note: 60, velocity: 100)]]).write(to: folder.url.appendingPathComponent("held.mid"))
        let result = try LV2RenderTool.run(["render", Examples.fifths, "--midi", folder.path("held.mid"), "--midi-out", folder.path("out.mid"), "--json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("still held 2 notes when the render ended"), result.standardError)
        let events = try MIDIFile(path: folder.path("out.mid")).events
        XCTAssertEqual(events.map(\.bytes), [[0x90, 60, 100], [0x90, 67, 100], [0x80, 60, 0], [0x80, 67, 0]])
        XCTAssertEqual(events.last!.seconds, RenderRequest.tailCapSeconds, accuracy: 0.01)
    }
}
