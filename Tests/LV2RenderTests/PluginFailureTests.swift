import AudioMIDIFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// What a user sees when a plugin crashes, hangs or needs its state's work answered first
/// (docs/lv2render.md, "When a plugin fails"), with the planted `MisbehavingPlugins`.
final class PluginFailureTests: XCTestCase {
    private let rate = 48000.0
    /// Half a second of a quiet ramp: well past `MisbehavingPlugins.crashFrame`.
    private lazy var input: [Float] = (0..<24000).map { Float($0 % 100) / 1000 }

    private func render(_ plugin: MisbehavingPlugins, _ arguments: [String], environment: [String: String] = [:])
        throws -> CommandResult {
        let path = [try MisbehavingPlugins.lv2Directory(), Repository.lv2PathWithSystemBundles].joined(separator: ":")
        // A bound, so that a regression fails instead of hanging the suite.
        return try runCommand(LV2RenderTool.executable.path, ["render", plugin.uri] + arguments,
                              environment: environment.merging(["LV2_PATH": path]) { $1 }, timeout: 120)
    }

    func testACrashInRunIsOneSentenceNamingTheBlockAndLeavesTheOldFile() throws {
        let folder = TemporaryFolder("crash")
        try writeWAV([input], sampleRate: rate, to: folder.path("in.wav"))
        try Data("an earlier render".utf8).write(to: folder.url.appendingPathComponent("out.wav"))
        let result = try render(.crashesInRun, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"), "--block", "512"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.standardError, "The plugin \(MisbehavingPlugins.crashesInRun.uri) crashed (segmentation fault) in run, at frames 512 to 1023, so the render stopped.\n")
        XCTAssertEqual(folder.contents, ["in.wav", "out.wav"])
        XCTAssertEqual(try String(contentsOfFile: folder.path("out.wav"), encoding: .utf8), "an earlier render")
    }

    func testACrashInInstantiateNamesTheCall() throws {
        // The library takes itself for reloaded, as after an unload.
        let folder = TemporaryFolder("crash")
        try writeWAV([input], sampleRate: rate, to: folder.path("in.wav"))
        let result = try render(.notSafeToReload, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav")],
                                environment: ["MISBEHAVING_LOADED": "always"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.standardError, "The plugin \(MisbehavingPlugins.notSafeToReload.uri) crashed (abort) in instantiate, so the render stopped.\n")
        XCTAssertEqual(folder.contents, ["in.wav"])
    }

    func testAHangInRunEndsAtTheTimeoutWithOneSentence() throws {
        let folder = TemporaryFolder("hang")
        try writeWAV([input], sampleRate: rate, to: folder.path("in.wav"))
        let result = try render(.hangsInRun, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"),
                                              "--block", "256", "--plugin-timeout", "0.5"])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.standardError, "The plugin \(MisbehavingPlugins.hangsInRun.uri) hung in run, at frames 768 to 1023: it did not return within 0.5 s, so the render stopped.\n")
        XCTAssertEqual(folder.contents, ["in.wav"])
    }

    func testACrashInCleanupAfterTheOutputIsCompleteIsAWarningAndTheFileStands() throws {
        let folder = TemporaryFolder("cleanup")
        try writeWAV([input], sampleRate: rate, to: folder.path("in.wav"))
        let result = try render(.crashesInCleanup, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"), "--duration", "0.5"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "Warning: The plugin \(MisbehavingPlugins.crashesInCleanup.uri) crashed (segmentation fault) in cleanup, after \(folder.path("out.wav")) was complete; the file stands.\n")
        XCTAssertEqual(try AudioFile.read(path: folder.path("out.wav")).channels, [input])
    }

    func testAHangInCleanupAfterTheOutputIsCompleteIsAWarningToo() throws {
        let folder = TemporaryFolder("cleanup")
        try writeWAV([input], sampleRate: rate, to: folder.path("in.wav"))
        let result = try render(.hangsInCleanup, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"),
                                                  "--duration", "0.5", "--plugin-timeout", "0.5"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "Warning: The plugin \(MisbehavingPlugins.hangsInCleanup.uri) hung in cleanup, after \(folder.path("out.wav")) was complete; the file stands.\n")
        XCTAssertEqual(try AudioFile.read(path: folder.path("out.wav")).channels, [input])
    }

    func testABatchNamesTheCrashForItsFileAndRendersTheOthers() throws {
        let folder = TemporaryFolder("batch")
        try writeWAV([Array(input[..<500])], sampleRate: rate, to: folder.path("short.wav"))
        try writeWAV([input], sampleRate: rate, to: folder.path("long.wav"))
        // --tail 0: the short file ends before the crash's frame, the long one does not.
        let result = try render(.crashesInRun, ["--input", folder.path("short.wav"), folder.path("long.wav"),
                                                "--output-dir", folder.path("out"), "--tail", "0", "--jobs", "1"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, """
            [2/2] \(folder.path("long.wav")) failed: The plugin \(MisbehavingPlugins.crashesInRun.uri) crashed (segmentation fault) in run, at frames 512 to 1023, so the render stopped.
            1 of 2 inputs failed; the other was rendered.

            """)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path("out")), ["short.wav"])
        XCTAssertEqual(try AudioFile.read(path: folder.path("out/short.wav")).channels, [Array(input[..<500])])
    }

    func testAStateWhoseRestoreSchedulesWorkIsAnsweredBeforeFrameZero() throws {
        let folder = TemporaryFolder("state")
        try writeWAV([[Float](repeating: 0, count: 4800)], sampleRate: rate, to: folder.path("silence.wav"))
        let plugin = MisbehavingPlugins.restoreSchedulesWork
        let saved = try render(plugin, ["--input", folder.path("silence.wav"), "-o", folder.path("first.wav"),
                                        "--save-state", folder.path("state")])
        XCTAssertEqual(saved.status, 0, saved.standardError)
        let restored = try render(plugin, ["--input", folder.path("silence.wav"), "-o", folder.path("restored.wav"),
                                           "--state", folder.path("state")])
        XCTAssertEqual(restored.status, 0, restored.standardError)
        let output = try AudioFile.read(path: folder.path("restored.wav")).channels[0]
        XCTAssertEqual(output.first, MisbehavingPlugins.restoredLevel, "the first block plays the restored level")
        XCTAssertEqual(Set(output), [MisbehavingPlugins.restoredLevel])
    }

    func testAPathParameterThatIsAFIFOOrADeviceIsRefusedWithoutWaiting() throws {
        // eg-sampler (lv2-examples, in TEST_DEBS) would wait in its worker for a writer.
        let folder = TemporaryFolder("parameter")
        XCTAssertEqual(mkfifo(folder.path("sample.fifo"), 0o600), 0)
        let cases = [(folder.path("sample.fifo"), "The file for sample \(folder.path("sample.fifo")) is a FIFO (named pipe); lv2render reads only regular files.\n"),
                     ("/dev/zero", "The file for sample /dev/zero is a device or socket, not a regular file.\n")]
        for (path, sentence) in cases {
            let result = try LV2RenderTool.run(["render", Examples.sampler, "--set", "sample=\(path)", "--notes", "60@0:0.1",
                                                "-o", folder.path("out.wav")], timeout: 120)
            XCTAssertEqual(result.status, 1, path)
            XCTAssertEqual(result.standardError, sentence)
        }
    }

    func testAStateLoadedIntoALiveChainIsAnsweredBeforeItsNextFrame() throws {
        // What Python's load_state calls.
        let world = try LV2World(lv2Path: try MisbehavingPlugins.lv2Directory())
        let plugin = try world.plugin(uri: MisbehavingPlugins.restoreSchedulesWork.uri)
        let folder = TemporaryFolder("state")
        let chain = try LiveChain(world: world, stages: [RenderStage(plugin: plugin)], sampleRate: rate)
        try chain.saveState(stage: 0, to: try StateFolder(folder.path("state")))
        try chain.loadState(stage: 0, folder.path("state"))
        let silence = [Float](repeating: 0, count: 512)
        var output = [Float](repeating: -1, count: 512)
        try silence.withUnsafeBufferPointer { input in
            try output.withUnsafeMutableBufferPointer { out in
                try chain.process(inputs: [input.baseAddress!], outputs: [out.baseAddress!], frames: 512)
            }
        }
        XCTAssertEqual(Set(output), [MisbehavingPlugins.restoredLevel])
    }

    func testAStateThatIsAFIFOOrADeviceIsRefusedWithoutWaiting() throws {
        let folder = TemporaryFolder("state")
        try writeWAV([input], sampleRate: rate, to: folder.path("in.wav"))
        try FileManager.default.createDirectory(atPath: folder.path("state"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.path("state/state.ttl"), 0o600), 0)
        XCTAssertEqual(mkfifo(folder.path("state.fifo"), 0o600), 0)
        let cases = [
            (folder.path("state"), "The state file \(folder.path("state/state.ttl")) is a FIFO (named pipe); lv2render reads only regular files.\n"),
            (folder.path("state.fifo"), "The state file \(folder.path("state.fifo")) is a FIFO (named pipe); lv2render reads only regular files.\n"),
            ("/dev/zero", "The state file /dev/zero is a device or socket, not a regular file.\n"),
        ]
        for (state, sentence) in cases {
            let result = try render(.restoreSchedulesWork, ["--input", folder.path("in.wav"), "-o", folder.path("out.wav"), "--state", state])
            XCTAssertEqual(result.status, 1, state)
            XCTAssertEqual(result.standardError, sentence)
        }
    }
}
