import TestSupport

/// A planted C plugin for state tests: a mono pass-through (`in` to `out`) with the state
/// interface, whose `save` is each test's own. `save` sees `self->property` (`URI#property`) and
/// `self->type` (`type`, mapped); `restore` does nothing.
enum PlantedStatePlugin {
    /// Builds the bundle `name` and returns the folder to add to the LV2 path.
    static func build(_ name: String, uri: String, type: String, includes: [String] = [], save: String) throws -> String {
        try CompiledTestBundle.build(name, files: ["plugin.c": source(uri: uri, type: type, includes: includes, save: save),
                                                   "manifest.ttl": manifest(uri: uri)],
                                     compiler: "cc", arguments: ["-shared", "-fPIC", "-O2", "-o", "plugin.so", "plugin.c"]).path
    }

    private static func source(uri: String, type: String, includes: [String], save: String) -> String {
        """
        #include <lv2/core/lv2.h>
        #include <lv2/atom/atom.h>
        #include <lv2/state/state.h>
        #include <lv2/urid/urid.h>
        #include <stdlib.h>
        #include <string.h>
        \(includes.map { "#include <\($0)>" }.joined(separator: "\n"))

        typedef struct { const float *in; float *out; LV2_URID property, type; } Plugin;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *bundle,
                                      const LV2_Feature *const *features) {
            LV2_URID_Map *map = NULL;
            for (int i = 0; features[i]; ++i)
                if (!strcmp(features[i]->URI, LV2_URID__map)) map = features[i]->data;
            if (!map) return NULL;
            Plugin *self = calloc(1, sizeof *self);
            self->property = map->map(map->handle, "\(uri)#property");
            self->type = map->map(map->handle, "\(type)");
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
        \(save)
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
    }

    private static func manifest(uri: String) -> String {
        """
        @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
        @prefix state: <http://lv2plug.in/ns/ext/state#> .
        @prefix urid: <http://lv2plug.in/ns/ext/urid#> .
        <\(uri)> a lv2:Plugin ;
            lv2:binary <plugin.so> ;
            <http://usefulinc.com/ns/doap#name> "Planted state plugin" ;
            lv2:requiredFeature urid:map ;
            lv2:extensionData state:interface ;
            lv2:port [ a lv2:InputPort , lv2:AudioPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] ,
                     [ a lv2:OutputPort , lv2:AudioPort ; lv2:index 1 ; lv2:symbol "out" ; lv2:name "Out" ] .
        """
    }
}
