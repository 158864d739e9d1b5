import Foundation
import TestSupport

/// Bundles that do to discovery what real ones did on a user's machine, compiled from C by the
/// tests, each in a folder of its own to put on `LV2_PATH`: a dynamic manifest that aborts with
/// an assertion, one that never returns, and a library that sets flush-to-zero and
/// denormals-are-zero when it is loaded (as LADSPA libraries behind a bridge do).
enum TestDiscoveryBundles {
    /// What the aborting dynamic manifest prints before it aborts (glibc's assert adds the place).
    static let assertion = "planted_abort: dynamic manifest gives up"
    /// The plugin the flush-to-zero library declares through its dynamic manifest.
    static let dynamicURI = "urn:swiftlv2:test:ftz-dynamic"
    /// A pass-through plugin in the same library, declared in the manifest as usual.
    static let flushToZeroURI = "urn:swiftlv2:test:ftz"

    static func abortingDirectory() throws -> String { try aborting.get() }
    static func hangingDirectory() throws -> String { try hanging.get() }
    static func flushToZeroDirectory() throws -> String { try flushToZero.get() }

    private static func dynamicManifestBundle(_ name: String, body: String) throws -> String {
        let manifest = """
            @prefix dman: <http://lv2plug.in/ns/ext/dynmanifest#> .
            @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
            <urn:swiftlv2:test:\(name)-manifest> a dman:DynManifest ; lv2:binary <\(name).so> .

            """
        let source = """
            #include <assert.h>
            #include <stdio.h>
            #include <unistd.h>
            #include <lv2/core/lv2.h>
            #include <lv2/dynmanifest/dynmanifest.h>

            LV2_SYMBOL_EXPORT int lv2_dyn_manifest_open(LV2_Dyn_Manifest_Handle *handle, const LV2_Feature *const *features) {
            \(body)
                *handle = NULL;
                return 0;
            }
            LV2_SYMBOL_EXPORT int lv2_dyn_manifest_get_subjects(LV2_Dyn_Manifest_Handle handle, FILE *fp) { return 0; }
            LV2_SYMBOL_EXPORT int lv2_dyn_manifest_get_data(LV2_Dyn_Manifest_Handle handle, FILE *fp, const char *uri) { return 0; }
            LV2_SYMBOL_EXPORT void lv2_dyn_manifest_close(LV2_Dyn_Manifest_Handle handle) {}

            """
        return try CompiledTestBundle.build("test-\(name)", files: ["\(name).c": source, "manifest.ttl": manifest], compiler: "cc",
                                            arguments: ["-shared", "-fPIC", "-O0", "-o", "\(name).so", "\(name).c"]).path
    }

    private static let aborting = Result {
        try dynamicManifestBundle("aborting", body: "    assert(!\"\(assertion)\");")
    }

    private static let hanging = Result {
        try dynamicManifestBundle("hanging", body: "    for (;;) pause();")
    }

    private static let flushToZero = Result {
        try CompiledTestBundle.build("test-ftz", files: ["ftz.c": flushToZeroSource, "manifest.ttl": flushToZeroManifest],
                                     compiler: "cc", arguments: ["-shared", "-fPIC", "-O2", "-o", "ftz.so", "ftz.c"]).path
    }

    private static let flushToZeroManifest = """
        @prefix dman: <http://lv2plug.in/ns/ext/dynmanifest#> .
        @prefix doap: <http://usefulinc.com/ns/doap#> .
        @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
        <urn:swiftlv2:test:ftz-manifest> a dman:DynManifest ; lv2:binary <ftz.so> .
        <\(flushToZeroURI)> a lv2:Plugin ; lv2:binary <ftz.so> ; doap:name "Test Flush To Zero" ;
            lv2:port [ a lv2:AudioPort , lv2:InputPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] ,
                     [ a lv2:AudioPort , lv2:OutputPort ; lv2:index 1 ; lv2:symbol "out" ; lv2:name "Out" ] .

        """

    private static let flushToZeroSource = """
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <lv2/core/lv2.h>
        #include <lv2/dynmanifest/dynmanifest.h>

        /* Flush-to-zero and denormals-are-zero for the thread that loads this library. */
        __attribute__((constructor)) static void set_flush_to_zero(void) {
        #if defined(__x86_64__) || defined(__i386__)
            unsigned mxcsr;
            __asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
            mxcsr |= 0x8040;
            __asm__ volatile("ldmxcsr %0" : : "m"(mxcsr));
        #elif defined(__aarch64__)
            unsigned long fpcr;
            __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
            fpcr |= 1UL << 24;
            __asm__ volatile("msr fpcr, %0" : : "r"(fpcr));
        #endif
        }

        typedef struct { const float *in; float *out; } Pass;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *path, const LV2_Feature *const *f) {
            set_flush_to_zero();
            return calloc(1, sizeof(Pass));
        }
        static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
            Pass *self = handle;
            if (port == 0) self->in = data; else self->out = data;
        }
        static void run(LV2_Handle handle, uint32_t frames) {
            Pass *self = handle;
            set_flush_to_zero();
            memmove(self->out, self->in, frames * sizeof(float));
        }
        static void cleanup(LV2_Handle handle) { free(handle); }

        static const LV2_Descriptor descriptors[] = {
            {"\(flushToZeroURI)", instantiate, connect_port, NULL, run, NULL, cleanup, NULL},
            {"\(dynamicURI)", instantiate, connect_port, NULL, run, NULL, cleanup, NULL},
        };
        LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {
            return index < 2 ? &descriptors[index] : NULL;
        }

        static const char *prefixes =
            "@prefix doap: <http://usefulinc.com/ns/doap#> .\\n@prefix lv2: <http://lv2plug.in/ns/lv2core#> .\\n";

        LV2_SYMBOL_EXPORT int lv2_dyn_manifest_open(LV2_Dyn_Manifest_Handle *handle, const LV2_Feature *const *features) {
            set_flush_to_zero();
            *handle = NULL;
            return 0;
        }
        LV2_SYMBOL_EXPORT int lv2_dyn_manifest_get_subjects(LV2_Dyn_Manifest_Handle handle, FILE *fp) {
            fprintf(fp, "%s<\(dynamicURI)> a lv2:Plugin .\\n", prefixes);
            return 0;
        }
        LV2_SYMBOL_EXPORT int lv2_dyn_manifest_get_data(LV2_Dyn_Manifest_Handle handle, FILE *fp, const char *uri) {
            set_flush_to_zero();
            fprintf(fp, "%s<\(dynamicURI)> a lv2:Plugin ; lv2:binary <ftz.so> ; doap:name \\"Test Dynamic\\" ;\\n"
                        "  lv2:port [ a lv2:AudioPort , lv2:InputPort ; lv2:index 0 ; lv2:symbol \\"in\\" ; lv2:name \\"In\\" ] ,\\n"
                        "           [ a lv2:AudioPort , lv2:OutputPort ; lv2:index 1 ; lv2:symbol \\"out\\" ; lv2:name \\"Out\\" ] .\\n",
                    prefixes);
            return 0;
        }
        LV2_SYMBOL_EXPORT void lv2_dyn_manifest_close(LV2_Dyn_Manifest_Handle handle) {}

        """
}
