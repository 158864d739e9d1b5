import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// Where the WAV file goes: regular files atomically (through symbolic links, keeping
/// their permissions), special files straight through, standard output with `-o -`.
final class OutputPathTests: XCTestCase {
    let folder = TemporaryFolder("output-paths")
    var input: String { folder.path("in.wav") }
    let signal = TestSignals.noise(count: 4800)

    override func setUpWithError() throws {
        try writeWAV([signal], sampleRate: 48000, to: input)
    }

    @discardableResult
    private func render(to output: String) throws -> CommandResult {
        try renderSucceeding(["render", Examples.amp, "--input", input, "--tail", "0", "-o", output])
    }

    private func mode(_ path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// A symbolic link stays a link, and the file it points to gets the render.
    func testSymbolicLinkIsFollowed() throws {
        let target = folder.path("target.wav"), link = folder.path("link.wav")
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.wav")
        try render(to: link)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "target.wav")
        XCTAssertEqual(try AudioFile.read(path: target).channels[0], signal)
        XCTAssertEqual(folder.contents, ["in.wav", "link.wav", "target.wav"])

        // A link to a file that does not exist yet creates that file.
        let dangling = folder.path("dangling.wav")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "new.wav")
        try render(to: dangling)
        XCTAssertEqual(try AudioFile.read(path: folder.path("new.wav")).channels[0], signal)
    }

    /// A file keeps its permissions (600 stays 600); a new one gets 666 less the umask.
    func testModeIsKept() throws {
        let output = folder.path("private.wav")
        try "old".write(toFile: output, atomically: true, encoding: .utf8)
        chmod(output, 0o600)
        try render(to: output)
        XCTAssertEqual(try mode(output), 0o600)
        chmod(output, 0o640)
        try render(to: output)
        XCTAssertEqual(try mode(output), 0o640)

        let fresh = folder.path("fresh.wav")
        let mask = umask(0o022)
        umask(mask)
        try render(to: fresh)
        XCTAssertEqual(try mode(fresh), 0o666 & ~Int(mask))
    }

    /// /dev/null stays a device (lv2render used to replace it with a file when run as root).
    func testDevNullIsWrittenStraightThrough() throws {
        let result = try render(to: "/dev/null")
        XCTAssertTrue(result.standardOutput.hasPrefix("4800 frames"), result.standardOutput)
        var status = stat()
        XCTAssertEqual(stat("/dev/null", &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR)
    }

    /// `-o -` and `-o /dev/stdout` write the WAV file to standard output (through a pipe
    /// here, which cannot seek) and the summary to stderr.
    func testStandardOutput() throws {
        for name in ["-", "/dev/stdout"] {
            let result = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--tail", "0", "--json", "-o", name])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertTrue(result.standardError.hasPrefix("{\"channels\":1,"), result.standardError)
            XCTAssertTrue(result.standardOutput.hasPrefix("RIFF"), name)
        }
        // The bytes, through a shell pipe into a file.
        let piped = folder.path("piped.wav")
        let shell = try runCommand("sh", ["-c", "'\(LV2RenderTool.executable.path)' render \(Examples.amp) --input '\(input)' --tail 0 -o - 2>/dev/null | cat > '\(piped)'"],
                                   environment: ["LV2_PATH": Repository.lv2PathWithSystemBundles])
        XCTAssertEqual(shell.status, 0, shell.standardError)
        XCTAssertEqual(try AudioFile.read(path: piped).channels[0], signal)
    }

    /// A FIFO is written straight through, to whoever reads it.
    func testFIFOIsWrittenStraightThrough() throws {
        let fifo = folder.path("pipe.wav"), copy = folder.path("copy.wav")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(fifo)' > '\(copy)'"]
        try reader.run()
        try render(to: fifo)
        reader.waitUntilExit()
        XCTAssertEqual(try AudioFile.read(path: copy).channels[0], signal)
    }

    /// File names up to 255 bytes work (the temporary name is shortened to fit); longer
    /// ones are refused before anything is rendered.
    func testLongFileNames() throws {
        for length in [241, 250, 255] {
            let name = String(repeating: "n", count: length - 4) + ".wav"
            try render(to: folder.path(name))
            XCTAssertEqual(try AudioFile.read(path: folder.path(name)).channels[0], signal, "\(length)")
        }
        let tooLong = String(repeating: "n", count: 252) + ".wav"
        let result = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "--duration", "3600", "-o", folder.path(tooLong)])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("is 256 bytes long, more than the 255 a file name can have."), result.standardError)
        XCTAssertEqual(result.standardOutput, "")
    }

    /// Any signal whose default action ends the process (SIGTERM, SIGINT, SIGHUP, Ctrl-\'s
    /// SIGQUIT…) during a render leaves no temporary file behind, and the render ends by
    /// that signal (status 128 + N in a shell).
    func testSignalRemovesTheTemporaryFile() throws {
        // SIGQUIT's default also dumps core: none here.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, SIGXFSZ] {
            let output = folder.path("long.wav")
            let process = Process()
            process.executableURL = LV2RenderTool.executable
            process.arguments = ["render", Examples.amp, "--duration", "3600", "-o", output]
            process.environment = ProcessInfo.processInfo.environment.merging(["LV2_PATH": Repository.lv2PathWithSystemBundles]) { $1 }
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while !folder.contents.contains(where: { $0.hasPrefix(".long.wav.partial-") }), Date() < deadline {
                usleep(10_000)
            }
            XCTAssertTrue(folder.contents.contains { $0.hasPrefix(".long.wav.partial-") }, "the render never started writing")
            usleep(100_000)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(folder.contents, ["in.wav"], "after signal \(signal)")
        }
    }
}
