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

    private static let built = Result {
        try CompiledTestBundle.build("test-slow-save", files: ["slow.c": cSource, "manifest.ttl": manifest],
                                     compiler: "cc", arguments: ["-shared", "-fPIC", "-O2", "-o", "slow.so", "slow.c"]).path
    }

    /// A mono pass-through whose `save` makes a file in a subfolder of the state through
    /// makePath and then, as $SLOW_SAVE says, waits for a signal ("hang") or crashes ("crash").
    private static let cSource = """
        #include <lv2/core/lv2.h>
        #include <lv2/atom/atom.h>
        #include <lv2/state/state.h>
        #include <lv2/urid/urid.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/stat.h>
        #include <unistd.h>

        typedef struct { const float *in; float *out; LV2_URID gain, floatType; } Plugin;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *bundle,
                                      const LV2_Feature *const *features) {
            LV2_URID_Map *map = NULL;
            for (int i = 0; features[i]; ++i)
                if (!strcmp(features[i]->URI, LV2_URID__map)) map = features[i]->data;
            if (!map) return NULL;
            Plugin *self = calloc(1, sizeof *self);
            self->gain = map->map(map->handle, "\(uri)#gain");
            self->floatType = map->map(map->handle, LV2_ATOM__Float);
            return self;
        }
        static void connect_port(LV2_Handle h, uint32_t port, void *data) {
            Plugin *self = h;
            if (port == 0) self->in = data; else self->out = data;
        }
        static void run(LV2_Handle h, uint32_t frames) {
            Plugin *self = h;
            for (uint32_t i = 0; i < frames; ++i) self->out[i] = self->in[i];
        }
        static void cleanup(LV2_Handle h) { free(h); }
        static LV2_State_Status save(LV2_Handle h, LV2_State_Store_Function store, LV2_State_Handle state,
                                     uint32_t flags, const LV2_Feature *const *features) {
            Plugin *self = h;
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
            return store(state, self->gain, &gain, sizeof gain, self->floatType, LV2_STATE_IS_POD | LV2_STATE_IS_PORTABLE);
        }
        static LV2_State_Status restore(LV2_Handle h, LV2_State_Retrieve_Function retrieve, LV2_State_Handle state,
                                        uint32_t flags, const LV2_Feature *const *features) {
            return LV2_STATE_SUCCESS;
        }
        static const void *extension_data(const char *uri) {
            static const LV2_State_Interface interface = {save, restore};
            return strcmp(uri, LV2_STATE__interface) ? NULL : &interface;
        }
        static const LV2_Descriptor descriptor = {"\(uri)", instantiate, connect_port, NULL, run, NULL, cleanup, extension_data};
        LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) { return index == 0 ? &descriptor : NULL; }
        """

    private static let manifest = """
        @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
        @prefix state: <http://lv2plug.in/ns/ext/state#> .
        @prefix urid: <http://lv2plug.in/ns/ext/urid#> .
        <\(uri)> a lv2:Plugin ;
            lv2:binary <slow.so> ;
            <http://usefulinc.com/ns/doap#name> "Slow save" ;
            lv2:requiredFeature urid:map ;
            lv2:extensionData state:interface ;
            lv2:port [ a lv2:InputPort , lv2:AudioPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] ,
                     [ a lv2:OutputPort , lv2:AudioPort ; lv2:index 1 ; lv2:symbol "out" ; lv2:name "Out" ] .
        """
}
