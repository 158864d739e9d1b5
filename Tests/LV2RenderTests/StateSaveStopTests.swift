import Foundation
import TestSupport
import XCTest

/// A state is written in a folder of its own (`.DIR.partial-PID`) before it is moved into
/// place: a signal while it is written, or a plugin that crashes in `save`, removes that folder
/// and what the plugin made there, and leaves the folder named with --save-state as it was.
final class StateSaveStopTests: XCTestCase {
    let folder = TemporaryFolder("state-save-stop")

    func testASignalWhileTheStateIsWrittenLeavesNoFolder() throws {
        // SIGQUIT's default also dumps core: none here.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        let input = folder.path("in.wav")
        try writeWAV([[Float](repeating: 0.25, count: 480)], sampleRate: 48000, to: input)
        for signal in [SIGINT, SIGTERM, SIGQUIT, SIGUSR1] {
            let process = Process()
            process.executableURL = LV2RenderTool.executable
            process.arguments = ["render", Self.uri, "--input", input, "-o", folder.path("out.wav"), "--save-state", folder.path("state")]
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["LV2_PATH": try Self.lv2Directory(), "SLOW_SAVE": "hang"]) { $1 }
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The plugin writes sub/made.txt through makePath, then waits in save.
            let deadline = Date().addingTimeInterval(30)
            while !partialStateHoldsTheFile(), Date() < deadline { usleep(10_000) }
            XCTAssertTrue(partialStateHoldsTheFile(), "the state was never being written: \(folder.contents)")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(folder.contents, ["in.wav"], "after signal \(signal)")
        }
    }

    func testACrashInSaveLeavesThePreviousState() throws {
        let input = folder.path("in.wav"), state = folder.path("state")
        try writeWAV([[Float](repeating: 0.25, count: 480)], sampleRate: 48000, to: input)
        let saved = try LV2RenderTool.run(["render", Self.uri, "--input", input, "-o", folder.path("first.wav"), "--save-state", state],
                                          extraLV2Directories: [try Self.lv2Directory()])
        XCTAssertEqual(saved.status, 0, saved.standardError)
        let before = try FileManager.default.contentsOfDirectory(atPath: state).sorted()
        let stateText = try String(contentsOfFile: state + "/state.ttl", encoding: .utf8)

        let crashed = try LV2RenderTool.run(["render", Self.uri, "--input", input, "-o", folder.path("second.wav"), "--save-state", state],
                                            extraLV2Directories: [try Self.lv2Directory()], environment: ["SLOW_SAVE": "crash"])
        XCTAssertEqual(crashed.status, 3, crashed.standardError)
        XCTAssertTrue(crashed.standardError.contains("The plugin \(Self.uri) crashed (segmentation fault) in save"), crashed.standardError)
        XCTAssertEqual(folder.contents, ["first.wav", "in.wav", "state"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: state).sorted(), before)
        XCTAssertEqual(try String(contentsOfFile: state + "/state.ttl", encoding: .utf8), stateText)
    }

    private func partialStateHoldsTheFile() -> Bool {
        folder.contents.contains { name in
            name.hasPrefix(".state.partial-") && FileManager.default.fileExists(atPath: folder.path(name) + "/sub/made.txt")
        }
    }

    static let uri = "urn:swiftlv2:test:slow-save"

    static func lv2Directory() throws -> String { try built.get() }

    /// Its `save` makes a file in a subfolder of the state through makePath and then, as
    /// $SLOW_SAVE says, waits for a signal ("hang") or crashes ("crash").
    private static let built = Result {
        try PlantedStatePlugin.build("test-slow-save", uri: uri, type: "http://lv2plug.in/ns/ext/atom#Float",
                                     includes: ["stdio.h", "sys/stat.h", "unistd.h"], save: """
                static const float gain = 0.5f;
                const char *mode = getenv("SLOW_SAVE");
                if (mode) {
                    LV2_State_Make_Path *make = NULL;
                    for (int i = 0; features && features[i]; ++i)
                        if (!strcmp(features[i]->URI, LV2_STATE__makePath)) make = features[i]->data;
                    if (make) {
                        char *sub = make->path(make->handle, "sub");
                        mkdir(sub, 0777);
                        free(sub);
                        char *path = make->path(make->handle, "sub/made.txt");
                        FILE *file = fopen(path, "w");
                        if (file) { fputs("made in save\\n", file); fclose(file); }
                        free(path);
                    }
                    if (!strcmp(mode, "hang")) for (;;) pause();
                    if (!strcmp(mode, "crash")) *(volatile int *)0 = 1;
                }
                return store(state, self->property, &gain, sizeof gain, self->type, LV2_STATE_IS_POD | LV2_STATE_IS_PORTABLE);
            """)
    }
}
