import Foundation
import TestSupport

/// A plugin that misbehaves as real ones do, compiled from C by the tests: it passes its
/// input through, but prints to stdout with printf in instantiate and in every run (as
/// debugging builds of real plugins do), can sleep in run (a slow render of a short
/// input) and can ignore SIGTERM (a host that trusts SIGTERM alone never stops it).
enum TestChattyBundle {
    static let uri = "urn:swiftlv2:test:chatty"
    /// The same plugin, pausing 20 ms in each run by default: slow for any host.
    static let slowURI = "urn:swiftlv2:test:chatty-slow"
    /// A preset kept in a file of its own, `presets.ttl`, as most bundles keep theirs.
    static let presetURI = "urn:swiftlv2:test:chatty#slow"
    static let presetFile = "presets.ttl"
    /// What instantiate prints; run prints "chatty: run N frames".
    static let instantiateLine = "chatty: instantiate"

    /// The folder to put on `LV2_PATH`; built once per test run.
    static func lv2Directory() throws -> String {
        try built.get()
    }

    private static let built = Result {
        // `cc` comes with the gcc package, which `make test` installs (TEST_DEBS).
        try CompiledTestBundle.build("test-chatty", files: ["chatty.c": cSource, "manifest.ttl": manifest, presetFile: presets],
                                     compiler: "cc", arguments: ["-shared", "-fPIC", "-O2", "-o", "chatty.so", "chatty.c"]).path
    }

    private static let cSource = """
        #include <lv2/core/lv2.h>
        #include <signal.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>

        typedef struct {
            const float *pause;
            const float *ignore_term;
            const float *in;
            float *out;
        } Chatty;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *path, const LV2_Feature *const *f) {
            printf("\(instantiateLine)\\n");
            return calloc(1, sizeof(Chatty));
        }

        static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
            Chatty *self = handle;
            switch (port) {
            case 0: self->pause = data; break;
            case 1: self->ignore_term = data; break;
            case 2: self->in = data; break;
            case 3: self->out = data; break;
            }
        }

        static void run(LV2_Handle handle, uint32_t frames) {
            Chatty *self = handle;
            printf("chatty: run %u frames\\n", frames);
            if (*self->ignore_term > 0.5f) signal(SIGTERM, SIG_IGN);
            if (*self->pause > 0) usleep((useconds_t)(*self->pause * 1000));
            memmove(self->out, self->in, frames * sizeof(float));
        }

        static void cleanup(LV2_Handle handle) { free(handle); }

        static const LV2_Descriptor descriptors[] = {
            {"\(uri)", instantiate, connect_port, NULL, run, NULL, cleanup, NULL},
            {"\(slowURI)", instantiate, connect_port, NULL, run, NULL, cleanup, NULL},
        };

        LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {
            return index < 2 ? &descriptors[index] : NULL;
        }
        """

    private static let presets = """
        @prefix lv2:  <http://lv2plug.in/ns/lv2core#> .
        @prefix pset: <http://lv2plug.in/ns/ext/presets#> .
        @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

        <\(presetURI)> a pset:Preset ; lv2:appliesTo <\(uri)> ; rdfs:label "Slow" ;
            lv2:port [ lv2:symbol "pause" ; pset:value 1.0 ] .
        """

    private static let manifest = """
        @prefix doap: <http://usefulinc.com/ns/doap#> .
        @prefix lv2:  <http://lv2plug.in/ns/lv2core#> .
        @prefix pset: <http://lv2plug.in/ns/ext/presets#> .
        @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

        <\(presetURI)> a pset:Preset ; lv2:appliesTo <\(uri)> ; rdfs:seeAlso <\(presetFile)> .

        <\(uri)> a lv2:Plugin ; lv2:binary <chatty.so> ; doap:name "Test Chatty" ;
            \(ports(pause: 0)) .

        <\(slowURI)> a lv2:Plugin ; lv2:binary <chatty.so> ; doap:name "Test Chatty (slow)" ;
            \(ports(pause: 20)) .
        """

    private static func ports(pause: Int) -> String {
        """
        lv2:port [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 0 ; lv2:symbol "pause" ; lv2:name "Pause per run (ms)" ;
                lv2:default \(pause) ; lv2:minimum 0 ; lv2:maximum 100
            ] , [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 1 ; lv2:symbol "ignore_term" ; lv2:name "Ignore SIGTERM" ;
                lv2:default 0 ; lv2:minimum 0 ; lv2:maximum 1 ; lv2:portProperty lv2:toggled
            ] , [
                a lv2:InputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "in" ; lv2:name "In"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 3 ; lv2:symbol "out" ; lv2:name "Out"
            ]
        """
    }
}
