import HostFiles
import Foundation
import LV2TestKit
import TestSupport
import XCTest

/// `render --isolate`: the plugins in a process of their own, which exchanges the audio with
/// lv2render through shared memory (docs/lv2render.md, "Plugins in a process of their own").
/// The files are what the same render in process writes, and a plugin that crashes, hangs
/// or is killed costs the same sentence, status and missing file.
final class IsolatedRenderTests: XCTestCase {
    static let synth = "urn:swiftlv2:sine-synth"
    static let adapter = "urn:swiftlv2:rate-adapter"
    let folder = TemporaryFolder("isolate")

    /// Renders `arguments` with and without --isolate, in folders of their own, and asserts
    /// that every file written (audio, MIDI, saved state) is the same byte for byte, and so are
    /// the notes and warnings on stderr and the --json summary, but for the time and memory it measured.
    private func assertSameWithIsolation(_ arguments: [String], outputs: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        var results: [(summary: [String: NSObject], errors: String, files: [String: Data])] = []
        for mode in ["in-process", "isolated"] {
            let directory = folder.url.appendingPathComponent(mode)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for input in ["sine.wav", "sine-44k.wav"] {
                try? FileManager.default.copyItem(atPath: folder.path(input), toPath: directory.appendingPathComponent(input).path)
            }
            let result = try LV2RenderTool.run(["render"] + arguments + ["--json"] + (mode == "isolated" ? ["--isolate"] : []),
                                               currentDirectory: directory)
            XCTAssertEqual(result.status, 0, "\(mode): \(result.standardError)", file: file, line: line)
            var summary = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: NSObject] ?? [:]
            for measured in ["cpuSeconds", "realtimeFactor", "peakResidentBytes"] {
                XCTAssertNotNil(summary.removeValue(forKey: measured), "\(mode): \(measured)", file: file, line: line)
            }
            var files: [String: Data] = [:]
            for output in outputs {
                let url = directory.appendingPathComponent(output)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)).map { $0.map { output + "/" + $0 } } ?? [output]
                for name in names { files[name] = Self.withoutTimestamp(try Data(contentsOf: directory.appendingPathComponent(name))) }
            }
            results.append((summary, result.standardError, files))
        }
        let description = arguments.joined(separator: " ")
        XCTAssertEqual(results[0].summary, results[1].summary, description, file: file, line: line)
        XCTAssertEqual(results[0].errors, results[1].errors, description, file: file, line: line)
        XCTAssertEqual(results[0].files.keys.sorted(), results[1].files.keys.sorted(), description, file: file, line: line)
        XCTAssertFalse(results[0].files.isEmpty, description, file: file, line: line)
        for (name, data) in results[0].files {
            XCTAssertEqual(data, results[1].files[name], "\(description): \(name)", file: file, line: line)
        }
    }

    /// The PEAK chunk of a WAV or AIFF holds the second it was written: set to 0, so that two
    /// renders a second apart compare equal.
    private static func withoutTimestamp(_ data: Data) -> Data {
        var data = data
        guard [Data("RIFF".utf8), Data("FORM".utf8)].contains(data.prefix(4)), let peak = data.range(of: Data("PEAK".utf8), in: 12..<min(data.count, 4096)),
              peak.lowerBound + 16 <= data.count else { return data }
        data.replaceSubrange((peak.lowerBound + 12)..<(peak.lowerBound + 16), with: [0, 0, 0, 0])
        return data
    }

    private func writeInputs() throws {
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.5)]),
                            to: folder.path("sine.wav"), format: .float32)
        let stereo = [330.0, 550.0].map { TestSignals.sine(frequency: $0, sampleRate: 44100, seconds: 0.7) }
        try AudioFile.write(AudioData(sampleRate: 44100, channels: stereo), to: folder.path("sine-44k.wav"), format: .pcm24)
    }

    func testTheFilesAndTheSummaryAreThoseOfTheRenderInProcess() throws {
        try writeInputs()
        let cases: [(arguments: [String], outputs: [String])] = [
            // By the URI's last part (a note), and with nothing to play (a warning).
            (["sine-synth", "--notes", "69@0:0.5,72@0.25:0.5:90", "-o", "synth.wav"], ["synth.wav"]),
            ([Self.synth, "--duration", "0.2", "-o", "silent.wav"], ["silent.wav"]),
            ([Self.synth, "--notes", "60@0:0.3", "--duration", "0.7", "--block", "random:1-700:5", "-o", "blocks.wav"], ["blocks.wav"]),
            ([Self.synth, "--notes", "64@0.1:0.2", "--tail", "0.4", "--then", Self.adapter, "--set", "quality=Linear",
              "--set", "rate=22050", "-o", "chain.flac"], ["chain.flac"]),
            // The input at 44.1 kHz, converted to 48 kHz in the plugins' process.
            ([Self.adapter, "--input", "sine-44k.wav", "--rate", "48000", "--set", "rate=11025", "--compensate-latency",
              "--block", "random:1-4096:3", "-o", "adapter.wav"], ["adapter.wav"]),
            ([Examples.amp, "--input", "sine.wav", "--automate", "gain=0:-20,0.3:6", "--duration", "0.5", "--format", "pcm16",
              "-o", "amp.wav"], ["amp.wav"]),
            ([Examples.amp, "--input", "sine-44k.wav", "--map", "2:in", "--set", "gain=-6", "--in-place", "--block", "8192",
              "-o", "mapped.aiff"], ["mapped.aiff"]),
            ([Examples.sampler, "--notes", "60@0:0.2,67@0.3:0.2", "--save-state", "sampler-state", "-o", "sampler.wav"],
             ["sampler.wav", "sampler-state"]),
            ([Examples.fifths, "--notes", "60@0.1:0.2:100,64@0.2:0.2:100", "--block", "random:1-777:5", "--midi-out", "fifths.mid"],
             ["fifths.mid"]),
        ]
        for (arguments, outputs) in cases {
            try assertSameWithIsolation(arguments, outputs: outputs)
        }
    }

    /// Blocks longer than one exchange through the shared memory (16384 frames) cross it in
    /// parts, the input's and the output's.
    func testABlockLargerThanAnExchangeCrossesInParts() throws {
        let stereo = [330.0, 550.0].map { TestSignals.sine(frequency: $0, sampleRate: 48000, seconds: 15) }
        try AudioFile.write(AudioData(sampleRate: 48000, channels: stereo), to: folder.path("sine.wav"), format: .float32)
        try assertSameWithIsolation([Examples.amp, "--input", "sine.wav", "--map", "2:in", "--block", "1048576", "--duration", "25",
                                     "-o", "long.wav"], outputs: ["long.wav"])
    }

    /// A mistake found before the render (in lv2render) or during it (in the plugins' process,
    /// or in lv2render as it opens the output) is the same sentence and status, and leaves no file.
    func testErrorsAreTheSameSentenceAndStatus() throws {
        try writeInputs()
        let cases: [[String]] = [
            [Examples.fifths, "--notes", "60@0:0.1", "--midi-out", "f.mid", "-o", "f.wav"],
            [Self.synth, "--notes", "60@0:0.1", "--preset", "no-such-preset", "-o", "p.wav"],
            [Examples.amp, "--input", "sine-44k.wav", "-o", "amp.wav"],
            [Self.synth, "--notes", "60@0:0.1", "--block", "0", "-o", "b.wav"],
        ]
        for arguments in cases {
            let results = try [false, true].map { isolated in
                try LV2RenderTool.run(["render"] + arguments + (isolated ? ["--isolate"] : []), currentDirectory: folder.url)
            }
            XCTAssertNotEqual(results[0].status, 0, arguments.joined(separator: " "))
            XCTAssertEqual(results[0].status, results[1].status, arguments.joined(separator: " "))
            XCTAssertEqual(results[0].standardError, results[1].standardError, arguments.joined(separator: " "))
            XCTAssertEqual(folder.contents, ["sine-44k.wav", "sine.wav"], arguments.joined(separator: " "))
        }
    }

    // MARK: - Plugins that fail

    private func renderMisbehaving(_ plugin: MisbehavingPlugins, _ arguments: [String], isolated: Bool = true,
                                   environment: [String: String] = [:]) throws -> CommandResult {
        let path = [try MisbehavingPlugins.lv2Directory(), Repository.lv2PathWithSystemBundles].joined(separator: ":")
        return try runCommand(LV2RenderTool.executable.path, ["render", plugin.uri] + arguments + (isolated ? ["--isolate"] : []),
                              environment: environment.merging(["LV2_PATH": path]) { $1 }, timeout: 120)
    }

    private var ramp: [Float] { (0..<24000).map { Float($0 % 100) / 1000 } }

    func testACrashInRunIsTheSameSentenceAndLeavesTheOldFile() throws {
        try writeWAV([ramp], sampleRate: 48000, to: folder.path("in.wav"))
        try Data("an earlier render".utf8).write(to: folder.url.appendingPathComponent("out.wav"))
        let result = try renderMisbehaving(.crashesInRun, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"), "--block", "512"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.standardError, "The plugin \(MisbehavingPlugins.crashesInRun.uri) crashed (segmentation fault) in run, at frames 512 to 1023, so the render stopped.\n")
        XCTAssertEqual(folder.contents, ["in.wav", "out.wav"])
        XCTAssertEqual(try String(contentsOfFile: folder.path("out.wav"), encoding: .utf8), "an earlier render")
    }

    /// A process the plugin forked holds the plugins' process's end of the socket after that
    /// process crashed, as long as lv2render runs: the crash is told all the same (within the
    /// test's 120 s), as lv2render watches the process, not only the socket.
    func testACrashIsToldWhileAProcessThePluginForkedLivesOn() throws {
        try writeWAV([ramp], sampleRate: 48000, to: folder.path("in.wav"))
        let result = try renderMisbehaving(.crashesInRun, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"), "--block", "512"],
                                           environment: ["MISBEHAVING_FORKS": "1"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.standardError, "The plugin \(MisbehavingPlugins.crashesInRun.uri) crashed (segmentation fault) in run, at frames 512 to 1023, so the render stopped.\n")
        XCTAssertEqual(folder.contents, ["in.wav"])
    }

    func testAHangInRunEndsAtTheTimeoutWithTheSameSentence() throws {
        try writeWAV([ramp], sampleRate: 48000, to: folder.path("in.wav"))
        let result = try renderMisbehaving(.hangsInRun, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"),
                                                         "--block", "256", "--plugin-timeout", "0.5"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.standardError, "The plugin \(MisbehavingPlugins.hangsInRun.uri) hung in run, at frames 768 to 1023: it did not return within 0.5 s, so the render stopped.\n")
        XCTAssertEqual(folder.contents, ["in.wav"])
    }

    func testACrashInCleanupIsAWarningAndTheFileStands() throws {
        try writeWAV([ramp], sampleRate: 48000, to: folder.path("in.wav"))
        let result = try renderMisbehaving(.crashesInCleanup, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"),
                                                               "--duration", "0.5", "--json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "Warning: The plugin \(MisbehavingPlugins.crashesInCleanup.uri) crashed (segmentation fault) in cleanup, after \(folder.path("out.wav")) was complete; the file stands.\n")
        XCTAssertTrue(result.standardOutput.contains("\"frames\":24000"), result.standardOutput)
        XCTAssertEqual(try AudioFile.read(path: folder.path("out.wav")).channels, [ramp])
    }

    /// In process, the MIDI file is written after the plugins are freed, so a crash in cleanup
    /// loses it (status 3); isolated, lv2render has written it before the child frees them.
    /// (x42's onset trigger, from x42-plugins, after the crashing plugin: audio in, MIDI out.)
    func testWithMIDIOutACrashInCleanupIsAWarningAndTheMIDIFileStands() throws {
        try writeWAV([ramp], sampleRate: 48000, to: folder.path("in.wav"))
        let arguments = ["--input", folder.path("in.wav"), "--then", "http://gareus.org/oss/lv2/onsettrigger#bassdrum_mono",
                         "--midi-out", folder.path("out.mid"), "--duration", "0.5"]
        let inProcess = try renderMisbehaving(.crashesInCleanup, arguments, isolated: false)
        XCTAssertEqual(inProcess.status, 3, inProcess.standardError)
        XCTAssertEqual(folder.contents, ["in.wav"])
        let result = try renderMisbehaving(.crashesInCleanup, arguments)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "Warning: The plugin \(MisbehavingPlugins.crashesInCleanup.uri) crashed (segmentation fault) in cleanup, after \(folder.path("out.mid")) was complete; the file stands.\n")
        XCTAssertNoThrow(try MIDIFile(path: folder.path("out.mid")))
    }

    // MARK: - Signals

    /// A long isolated render (the chatty plugin sleeping 10 ms in each 16-frame block), once
    /// its plugins' process runs and the partial file is there.
    private final class LongRender {
        let process = Process()
        let folder: TemporaryFolder
        private(set) var child: pid_t = 0

        /// With `nohup`, lv2render starts with SIGHUP ignored (nohup execs it: the same process).
        init(in folder: TemporaryFolder, nohup: Bool = false) throws {
            self.folder = folder
            try writeWAV([[Float](repeating: 0, count: 32000)], sampleRate: 8000, to: folder.path("in.wav"))
            let arguments = ["render", TestChattyBundle.uri, "--set", "pause=10", "--block", "16", "--tail", "0",
                             "--input", folder.path("in.wav"), "-o", folder.path("out.wav"), "--isolate"]
            process.executableURL = nohup ? URL(fileURLWithPath: "/usr/bin/nohup") : LV2RenderTool.executable
            process.arguments = nohup ? [LV2RenderTool.executable.path] + arguments : arguments
            let path = [try TestChattyBundle.lv2Directory(), Repository.lv2PathWithSystemBundles].joined(separator: ":")
            process.environment = ProcessInfo.processInfo.environment.merging(["LV2_PATH": path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("errors.txt"), isDirectory: false)
                .creatingEmptyFile())
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                child = SignalTests.processes { $0.parent == self.process.processIdentifier }.first?.id ?? 0
                if child != 0, folder.contents.contains(where: { $0.contains(".partial-") }) { return }
                usleep(20_000)
            }
            XCTFail("the isolated render never started writing (files \(folder.contents))")
        }

        var errors: String { (try? String(contentsOfFile: folder.path("errors.txt"), encoding: .utf8)) ?? "" }

        func waitForEnd(limit: Double) {
            let deadline = Date().addingTimeInterval(limit)
            while process.isRunning, Date() < deadline { usleep(10_000) }
        }
    }

    /// Under nohup the plugins' process ignores SIGHUP as lv2render does, so closing the
    /// terminal ends neither; a SIGTERM then still stops both and leaves no file.
    func testUnderNohupTheHangUpEndsNeitherProcess() throws {
        let folder = TemporaryFolder("isolate-nohup")
        let render = try LongRender(in: folder, nohup: true)
        let parent = render.process.processIdentifier
        kill(-parent, SIGHUP)
        usleep(500_000)
        XCTAssertTrue(render.process.isRunning, render.errors)
        XCTAssertEqual(SignalTests.processes { $0.id == render.child }.count, 1, "the plugins' process ended on SIGHUP: \(render.errors)")
        kill(parent, SIGTERM)
        render.waitForEnd(limit: 10)
        XCTAssertEqual(render.process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(render.process.terminationStatus, SIGTERM)
        XCTAssertEqual(folder.contents, ["errors.txt", "in.wav"])
        XCTAssertFalse(render.errors.contains("The plugins' process"), render.errors)
    }

    func testAPluginsProcessKilledFromOutsideIsOneSentenceAndStatus3() throws {
        let render = try LongRender(in: folder)
        kill(render.child, SIGKILL)
        render.waitForEnd(limit: 10)
        XCTAssertFalse(render.process.isRunning)
        XCTAssertEqual(render.process.terminationReason, .exit)
        XCTAssertEqual(render.process.terminationStatus, 3)
        XCTAssertTrue(render.errors.hasPrefix("The plugins' process (--isolate) was ended by signal 9 (Killed) after "), render.errors)
        XCTAssertTrue(render.errors.hasSuffix(" frames had been written, so the render stopped.\n"), render.errors)
        XCTAssertEqual(folder.contents, ["errors.txt", "in.wav"])
    }

    /// SIGINT, SIGTERM or SIGKILL to lv2render, or Ctrl-C (SIGINT to its process group, the
    /// plugins' process included), ends both processes and leaves no partial file.
    func testASignalToLv2renderEndsItsPluginsProcessAndLeavesNoFile() throws {
        // Foundation's Process starts lv2render as the leader of a group of its own, which stands for a terminal's.
        for (name, signal, toGroup) in [("SIGINT", SIGINT, false), ("SIGTERM", SIGTERM, false), ("SIGKILL", SIGKILL, false),
                                        ("Ctrl-C", SIGINT, true)] {
            let folder = TemporaryFolder("isolate-signal")
            let render = try LongRender(in: folder)
            let parent = render.process.processIdentifier
            kill(toGroup ? -parent : parent, signal)
            render.waitForEnd(limit: 10)
            XCTAssertEqual(render.process.terminationReason, .uncaughtSignal, name)
            XCTAssertEqual(render.process.terminationStatus, signal, name)
            let deadline = Date().addingTimeInterval(2)
            while Date() < deadline, !SignalTests.processes(where: { $0.id == render.child }).isEmpty { usleep(10_000) }
            XCTAssertEqual(SignalTests.processes { $0.id == render.child }.map(\.commandLine), [], "\(name): the plugins' process is left")
            // SIGKILL cannot be caught: the partial file of a killed lv2render stays, as without --isolate.
            if signal != SIGKILL { XCTAssertEqual(folder.contents, ["errors.txt", "in.wav"], name) }
            XCTAssertFalse(render.errors.contains("The plugins' process"), "\(name): \(render.errors)")
        }
    }

    /// What a plugin prints in its process goes to stderr, never into the audio on standard output.
    func testWhatAPluginPrintsStaysOutOfTheAudioOnStandardOutput() throws {
        try writeWAV([[Float](repeating: 0.25, count: 4800)], sampleRate: 48000, to: folder.path("in.wav"))
        let path = [try TestChattyBundle.lv2Directory(), Repository.lv2PathWithSystemBundles].joined(separator: ":")
        let result = try runCommand(LV2RenderTool.executable.path, ["render", TestChattyBundle.uri, "--input", folder.path("in.wav"),
                                                                    "--tail", "0", "-o", "-", "--isolate"],
                                    environment: ["LV2_PATH": path], timeout: 120)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix("RIFF"))
        XCTAssertFalse(result.standardOutput.contains("chatty:"))
        XCTAssertTrue(result.standardError.contains(TestChattyBundle.instantiateLine), result.standardError)
        XCTAssertTrue(result.standardError.contains("chatty: run "), result.standardError)
    }

    // MARK: - Batch

    /// Each input of a batch is rendered in a process of its own already: --isolate is implied.
    func testABatchTakesIsolateAsImplied() throws {
        try writeInputs()
        let batch = try LV2RenderTool.run(["render", Examples.amp, "--input", folder.path("sine.wav"), "--set", "gain=-6",
                                           "--output-dir", folder.path("batch"), "--isolate"])
        XCTAssertEqual(batch.status, 0, batch.standardError)
        try renderSucceeding(["render", Examples.amp, "--input", folder.path("sine.wav"), "--set", "gain=-6", "-o", folder.path("single.wav")])
        XCTAssertEqual(try AudioFile.read(path: folder.path("batch/sine.wav")).channels, try AudioFile.read(path: folder.path("single.wav")).channels)
    }
}

private extension URL {
    /// Creates an empty file here and returns this URL.
    func creatingEmptyFile() -> URL {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return self
    }
}
