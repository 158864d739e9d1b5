import HostFiles
import Foundation
import TestSupport
import XCTest

/// A file name that is not UTF-8 passes through as the bytes the user gave, in and out, and is
/// shown escaped (`bad\xFFname.wav`) in every sentence: no file is read or written under a name
/// with U+FFFD in it. Names are written here as the sentences show them, `\xHH` for a byte, and
/// turned into bytes only on the way to lv2render (`run`) and to the file system (`bytes`).
final class ByteNameTests: XCTestCase {
    let folder = TemporaryFolder("byte-names")

    override func tearDown() {
        // Foundation cannot name these files to remove them; rm takes the bytes.
        _ = try? runCommand("/bin/rm", ["-rf", folder.url.path])
    }

    /// `name` with each `\xHH` as that byte.
    private func bytes(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = [], rest = Array(name.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "\\"), rest.first == UInt8(ascii: "x"),
               let value = UInt8(String(decoding: rest.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// lv2render in the test folder, each argument's `\xHH` given as that byte (through Python,
    /// since Foundation's Process takes Strings).
    private func run(_ arguments: [String], lv2Path: String = "/usr/lib/lv2") throws -> CommandResult {
        let exec = "import os, sys; os.execv(sys.argv[1], [sys.argv[1]] + [a.encode().decode('unicode_escape').encode('latin-1') for a in sys.argv[2:]])"
        return try runCommand("/usr/bin/python3", ["-c", exec, LV2RenderTool.executable.path] + arguments,
                              environment: ["LV2_PATH": lv2Path], currentDirectory: folder.url)
    }

    /// The names in `subfolder` of the test folder as bytes, sorted, through opendir.
    private func rawNames(_ subfolder: String = "") throws -> [[UInt8]] {
        let path = bytes(subfolder.isEmpty ? folder.url.path : folder.path(subfolder))
        guard let directory = (path + [0]).withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) } }) else {
            throw XCTSkip("The folder \(subfolder) cannot be opened.")
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Renames `name` (UTF-8) in the test folder to `byteName`.
    private func rename(_ name: String, to byteName: String) throws {
        let from = Array(folder.path(name).utf8) + [0], to = bytes(folder.path(byteName)) + [0]
        let renamed = from.withUnsafeBufferPointer { from in
            to.withUnsafeBufferPointer { to in
                from.withMemoryRebound(to: CChar.self) { from in to.withMemoryRebound(to: CChar.self) { Glibc.rename(from.baseAddress!, $0.baseAddress!) } }
            }
        }
        XCTAssertEqual(renamed, 0)
    }

    /// The samples of the audio file `name` (which may hold `\xHH`), read through a UTF-8 link.
    private func samples(_ name: String) throws -> [[Float]] {
        let link = folder.path("link-\(UUID().uuidString).wav")
        let made = (bytes(folder.path(name)) + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { symlink($0.baseAddress!, link) } }
        XCTAssertEqual(made, 0, name)
        defer { unlink(link) }
        return try AudioFile.read(path: link).channels
    }

    private func assertNoReplacementCharacter(_ subfolder: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        for name in try rawNames(subfolder) {
            XCTAssertFalse(String(bytes: name, encoding: .utf8)?.contains("\u{FFFD}") == true, "a name with U+FFFD: \(name)", file: file, line: line)
        }
    }

    func testTheOutputIsWrittenUnderItsBytesAndReplacedThere() throws {
        for _ in 0..<2 {
            let result = try run(["render", Examples.amp, "--duration", "0.1", "-o", #"bad\xFFname.flac"#, "--json"])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertTrue(result.standardOutput.contains(#""output":"bad\\xFFname.flac""#), result.standardOutput)
        }
        XCTAssertEqual(try rawNames(), [bytes(#"bad\xFFname.flac"#)])
        try assertNoReplacementCharacter()
        let written = try samples(#"bad\xFFname.flac"#)
        XCTAssertEqual(written.first?.count, 4800)
    }

    /// A sample, a MIDI file, a state and every output named in bytes: the render is the one the
    /// same files under UTF-8 names give, sample for sample, and the saved state links the sample
    /// by its real name (lilv resolves the alias with realpath).
    func testEveryFileOptionTakesTheBytes() throws {
        try FileManager.default.copyItem(atPath: "/usr/lib/lv2/eg-sampler.lv2/click.wav", toPath: folder.path("kick.wav"))
        try MIDIFileWriter(tracks: [[.noteOn(0, note: 60, velocity: 100), .noteOff(480, note: 60)]]).write(to: folder.url.appendingPathComponent("in.mid"))
        let plain = try run(["render", Examples.sampler, "--set", "sample=kick.wav", "--midi", "in.mid", "-o", "plain.wav"])
        XCTAssertEqual(plain.status, 0, plain.standardError)
        try rename("kick.wav", to: #"kick\xFB.wav"#)
        try rename("in.mid", to: #"in\xFE.mid"#)
        let rendered = try run(["render", Examples.sampler, "--set", #"sample=kick\xFB.wav"#, "--midi", #"in\xFE.mid"#,
                                "--save-state", #"state\xFA"#, "-o", #"out\xF9.wav"#, "--midi-out", #"notes\xF8.mid"#])
        XCTAssertEqual(rendered.status, 0, rendered.standardError)
        XCTAssertEqual(try rawNames(), [#"in\xFE.mid"#, #"kick\xFB.wav"#, #"notes\xF8.mid"#, #"out\xF9.wav"#, "plain.wav", #"state\xFA"#].map(bytes))
        try assertNoReplacementCharacter()
        let reference = try samples("plain.wav")
        XCTAssertGreaterThan(reference[0].map(abs).max() ?? 0, 0.1)
        XCTAssertEqual(try samples(#"out\xF9.wav"#), reference)

        XCTAssertEqual(try rawNames(#"state\xFA"#), [#"kick\xFB.wav"#, "manifest.ttl", "state.ttl"].map(bytes))
        var target = [CChar](repeating: 0, count: 4096)
        let length = (bytes(folder.path(#"state\xFA/kick\xFB.wav"#)) + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { readlink($0.baseAddress!, &target, target.count) }
        }
        XCTAssertEqual(target[..<max(length, 0)].map { UInt8(bitPattern: $0) }, bytes(#"../kick\xFB.wav"#))

        let restored = try run(["render", Examples.sampler, "--state", #"state\xFA"#, "--midi", #"in\xFE.mid"#, "-o", "restored.wav"])
        XCTAssertEqual(restored.status, 0, restored.standardError)
        XCTAssertEqual(try samples("restored.wav"), reference)
        // Saved again over the first: the folder holds only a state (the link's name read as bytes).
        let again = try run(["render", Examples.sampler, "--set", #"sample=kick\xFB.wav"#, "--midi", #"in\xFE.mid"#,
                             "--save-state", #"state\xFA"#, "-o", "again.wav"])
        XCTAssertEqual(again.status, 0, again.standardError)
        XCTAssertEqual(try rawNames(#"state\xFA"#), [#"kick\xFB.wav"#, "manifest.ttl", "state.ttl"].map(bytes))
        XCTAssertEqual(try rawNames().filter { String(decoding: $0, as: UTF8.self).contains(".partial-") }, [], "the previous state, swapped out, is removed")
        // And the sample is the sample's, not an output's.
        let overSample = try run(["render", Examples.sampler, "--set", #"sample=kick\xFB.wav"#, "--notes", "60@0:0.1", "-o", #"kick\xFB.wav"#])
        XCTAssertEqual(overSample.standardError, "--output kick\\xFB.wav would replace --set sample=kick\\xFB.wav, which the render reads; name another output.\n")

        // The plugins' process of --isolate gets the bytes too, and the parent writes under them.
        let isolated = try run(["render", Examples.sampler, "--isolate", "--set", #"sample=kick\xFB.wav"#, "--midi", #"in\xFE.mid"#,
                                "-o", #"isolated\xF7.wav"#])
        XCTAssertEqual(isolated.status, 0, isolated.standardError)
        XCTAssertEqual(try samples(#"isolated\xF7.wav"#), reference)
        try assertNoReplacementCharacter()
    }

    func testSentencesShowTheNameEscaped() throws {
        let missing = try run(["render", Examples.amp, "--input", #"missing\xF2.wav"#, "-o", "x.wav"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.standardError, "The audio file missing\\xF2.wav does not exist.\n")
        let sample = try run(["render", Examples.sampler, "--notes", "60@0:0.1", "--set", #"sample=missing\xF3.wav"#, "-o", "x.wav"])
        XCTAssertEqual(sample.status, 1)
        // As given: the alias of a name that does not exist is already absolute (its folder, opened).
        XCTAssertEqual(sample.standardError, "The file missing\\xF3.wav for sample does not exist.\n")
        XCTAssertEqual(try rawNames(), [])
    }

    /// The write guard compares the files themselves: the input named again as the output is refused.
    func testTheInputIsNotReplacedByTheOutput() throws {
        try writeWAV([[0.5, -0.5, 0.25]], sampleRate: 48000, to: folder.path("in.wav"))
        try rename("in.wav", to: #"in\xFF.wav"#)
        let result = try run(["render", Examples.amp, "--input", #"in\xFF.wav"#, "-o", #"in\xFF.wav"#])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "--output in\\xFF.wav would replace --input in\\xFF.wav, which the render reads; name another output.\n")
        XCTAssertEqual(try samples(#"in\xFF.wav"#), [[0.5, -0.5, 0.25]])
        XCTAssertEqual(try rawNames(), [bytes(#"in\xFF.wav"#)])
    }

    /// A name as bytes and a file named by its escaped text (a backslash, an x, two digits) are
    /// two files: the alias of a new output is its folder opened, never text a user could type.
    func testANameAsBytesAndItsEscapedTextAreTwoFiles() throws {
        let text = #"in\xFF.wav"#  // these characters, a backslash among them
        try writeWAV([[0.5, -0.5, 0.25]], sampleRate: 48000, to: folder.path(text))
        // `run` turns `\xFF` into a byte; `\\xFF` arrives as the text.
        let result = try run(["render", Examples.amp, "--input", #"in\\xFF.wav"#, "-o", text])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try AudioFile.read(path: folder.path(text)).channels, [[0.5, -0.5, 0.25]])
        XCTAssertEqual(try samples(text).map { Array($0.prefix(3)) }, [[0.5, -0.5, 0.25]], "the render, under the bytes")
        XCTAssertEqual(try rawNames(), [Array(text.utf8), bytes(text)].sorted { $0.lexicographicallyPrecedes($1) })
    }

    /// check's workers are other processes: they get the state and the sample through this one's descriptors.
    func testCheckTakesAStateAndASampleByTheirBytes() throws {
        try FileManager.default.copyItem(atPath: "/usr/lib/lv2/eg-sampler.lv2/click.wav", toPath: folder.path("kick.wav"))
        try rename("kick.wav", to: #"kick\xFB.wav"#)
        let saved = try run(["render", Examples.sampler, "--set", #"sample=kick\xFB.wav"#, "--notes", "60@0:0.1", "--save-state", #"state\xFA"#, "-o", "-"])
        XCTAssertEqual(saved.status, 0, saved.standardError)
        let checked = try run(["check", Examples.sampler, "--quick", "--state", #"state\xFA"#, "--set", #"sample=kick\xFB.wav"#])
        XCTAssertEqual(checked.status, 0, checked.standardOutput + checked.standardError)
        XCTAssertFalse(checked.standardOutput.contains("/proc/"), checked.standardOutput)
    }

    func testCheckWritesItsJUnitReportUnderTheBytes() throws {
        let result = try run(["check", Examples.amp, "--quick", "--only", "metadata", "--junit", #"report\xF7.xml"#])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try rawNames(), [bytes(#"report\xF7.xml"#)])
        let wrongType = try run(["check", Examples.amp, "--quick", "--only", "metadata", "--junit", #"report\xF7.txt"#])
        XCTAssertEqual(wrongType.standardError, "--junit writes JUnit XML: name it .xml, not report\\xF7.txt.\n")
    }

    /// A batch's children get the bytes, and an output named after an input keeps them.
    func testABatchKeepsTheBytes() throws {
        try writeWAV([[0.5, -0.5, 0.25]], sampleRate: 48000, to: folder.path("one.wav"))
        try rename("one.wav", to: #"one\xFF.wav"#)
        try writeWAV([[0.25]], sampleRate: 48000, to: folder.path("two.wav"))
        let result = try run(["render", Examples.amp, "--input", #"one\xFF.wav"#, "two.wav", "--output-dir", #"out\xF1"#, "--jobs", "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("[1/2] out\\xF1/one\\xFF.wav: "), result.standardOutput)
        XCTAssertEqual(try rawNames(#"out\xF1"#), [#"one\xFF.wav"#, "two.wav"].map(bytes))
        try assertNoReplacementCharacter(#"out\xF1"#)
        XCTAssertEqual(try samples(#"out\xF1/one\xFF.wav"#)[0].prefix(3), [0.5, -0.5, 0.25])
    }
}
