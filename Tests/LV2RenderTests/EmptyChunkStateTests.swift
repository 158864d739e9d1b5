import Foundation
import HostFiles
import TestSupport
import XCTest

/// A state property may be empty (an arpeggiator's chord with no key held): lilv reads an
/// empty chunk back as no property at all, and a state saved so is whole all the same.
final class EmptyChunkStateTests: XCTestCase {
    let folder = TemporaryFolder("empty-chunk")

    func testAStateWithAnEmptyPropertySavesAndLoads() throws {
        let lv2 = try Self.lv2Directory()
        let input = folder.path("in.wav"), state = folder.path("state")
        try writeWAV([[Float](repeating: 0.25, count: 4800)], sampleRate: 48000, to: input)
        let saved = try LV2RenderTool.run(["render", Self.uri, "--input", input, "-o", folder.path("saved.wav"), "--save-state", state],
                                          extraLV2Directories: [lv2])
        XCTAssertEqual(saved.status, 0, saved.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: state + "/state.ttl"))
        let loaded = try LV2RenderTool.run(["render", Self.uri, "--input", input, "-o", folder.path("loaded.wav"), "--state", state],
                                           extraLV2Directories: [lv2])
        XCTAssertEqual(loaded.status, 0, loaded.standardError)
        XCTAssertEqual(try AudioFile.read(path: folder.path("loaded.wav")).channels, try AudioFile.read(path: folder.path("saved.wav")).channels)
    }

    static let uri = "urn:swiftlv2:test:empty-chunk"

    static func lv2Directory() throws -> String { try built.get() }

    private static let built = Result {
        try CompiledTestBundle.build("test-empty-chunk", files: ["empty.c": cSource, "manifest.ttl": manifest],
                                     compiler: "cc", arguments: ["-shared", "-fPIC", "-O2", "-o", "empty.so", "empty.c"]).path
    }

    /// A mono pass-through whose state is one property, an empty chunk.
    private static let cSource = """
        #include <lv2/core/lv2.h>
        #include <lv2/atom/atom.h>
        #include <lv2/state/state.h>
        #include <lv2/urid/urid.h>
        #include <stdlib.h>
        #include <string.h>

        typedef struct { const float *in; float *out; LV2_URID chord, chunk; } Plugin;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *bundle,
                                      const LV2_Feature *const *features) {
            LV2_URID_Map *map = NULL;
            for (int i = 0; features[i]; ++i)
                if (!strcmp(features[i]->URI, LV2_URID__map)) map = features[i]->data;
            if (!map) return NULL;
            Plugin *self = calloc(1, sizeof *self);
            self->chord = map->map(map->handle, "\(uri)#chord");
            self->chunk = map->map(map->handle, LV2_ATOM__Chunk);
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
            static const char nothing[1] = {0};
            return store(state, self->chord, nothing, 0, self->chunk, LV2_STATE_IS_POD | LV2_STATE_IS_PORTABLE);
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
            lv2:binary <empty.so> ;
            <http://usefulinc.com/ns/doap#name> "Empty chunk" ;
            lv2:requiredFeature urid:map ;
            lv2:extensionData state:interface ;
            lv2:port [ a lv2:InputPort , lv2:AudioPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] ,
                     [ a lv2:OutputPort , lv2:AudioPort ; lv2:index 1 ; lv2:symbol "out" ; lv2:name "Out" ] .
        """
}
