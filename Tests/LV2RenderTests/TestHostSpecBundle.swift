import Foundation
import LV2Host
import TestSupport

/// Small plugins, compiled from C by the tests, that each exercise one thing the LV2
/// specification asks of hosts: ranges in fractions of the sample rate (`lv2:sampleRate`),
/// a CV input, a side-chain in a port group, a denormal minimum for exact state, and a
/// preset that names ports the plugin does not have.
enum TestHostSpecBundle {
    /// A one-pole low-pass whose `cutoff` is declared as 0.0001 … 0.5 × the sample rate, default 0.25.
    static let lowPassURI = "urn:swiftlv2:test:low-pass"
    /// Outputs its control `value` (minimum `valueMinimum`, a denormal) on its audio output.
    /// `hzDefaultProbeURI`: the same, its `value` declared as 0 … 0.5 × the sample rate with
    /// the default 440, in hertz, as blop's oscillators have it.
    static let valueProbeURI = "urn:swiftlv2:test:value-probe"
    static let hzDefaultProbeURI = "urn:swiftlv2:test:hz-default-probe"
    /// Sets `value` to 0.25 and names `gone` (no such port) and `level` (an output).
    static let stalePresetURI = "urn:swiftlv2:test:value-probe#stale"
    /// Outputs its CV input `cv` on its audio output.
    static let cvProbeURI = "urn:swiftlv2:test:cv-probe"
    /// Inputs: `key` (index 0, in a group that is the side-chain of the main group), then `left`
    /// and `right`; outputs `out_left`, `out_right` and `out_key`, each a copy of its input.
    static let sideChainURI = "urn:swiftlv2:test:side-chain"
    /// 2^-140, a denormal float, written in the Turtle as its shortest decimal (a double).
    static let valueMinimum: Float = 0x1p-140

    /// The folder to put on `LV2_PATH`; built once per test run.
    static func lv2Directory() throws -> String {
        try built.get()
    }

    private static let built = Result {
        // `cc` comes with the gcc package, which `make test` installs (TEST_DEBS).
        try CompiledTestBundle.build("test-host-spec", files: ["spec.c": cSource, "manifest.ttl": manifest],
                                     compiler: "cc", arguments: ["-shared", "-fPIC", "-O2", "-lm", "-o", "spec.so", "spec.c"]).path
    }

    private static let cSource = """
        #include <lv2/core/lv2.h>
        #include <math.h>
        #include <stdlib.h>

        typedef struct {
            void *port[8];
            double rate;
            float state;
        } Plugin;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *path, const LV2_Feature *const *f) {
            Plugin *self = calloc(1, sizeof(Plugin));
            if (self) self->rate = rate;
            return self;
        }

        static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
            if (port < 8) ((Plugin *)handle)->port[port] = data;
        }

        static void activate(LV2_Handle handle) { ((Plugin *)handle)->state = 0; }

        /* Ports: 0 cutoff (Hz), 1 in, 2 out. */
        static void run_low_pass(LV2_Handle handle, uint32_t frames) {
            Plugin *self = handle;
            /* Clamped, so that `check`'s hostile values (NaN, far outside the range) stay harmless. */
            float cutoff = *(const float *)self->port[0];
            if (!(cutoff > 0)) cutoff = 0;
            if (cutoff > self->rate / 2) cutoff = (float)(self->rate / 2);
            const float *in = self->port[1];
            float *out = self->port[2];
            const float a = 1.0f - expf(-2.0f * 3.14159265f * cutoff / (float)self->rate);
            for (uint32_t i = 0; i < frames; i++) out[i] = self->state += a * (in[i] - self->state);
        }

        /* Ports: 0 value, 1 level (output), 2 out. */
        static void run_value_probe(LV2_Handle handle, uint32_t frames) {
            Plugin *self = handle;
            const float value = *(const float *)self->port[0];
            float *out = self->port[2];
            for (uint32_t i = 0; i < frames; i++) out[i] = value;
            *(float *)self->port[1] = value;
        }

        /* Ports: 0 cv, 1 out. */
        static void run_cv_probe(LV2_Handle handle, uint32_t frames) {
            Plugin *self = handle;
            const float *cv = self->port[0];
            float *out = self->port[1];
            for (uint32_t i = 0; i < frames; i++) out[i] = cv[i];
        }

        /* Ports: 0 key, 1 left, 2 right, 3 out_left, 4 out_right, 5 out_key. */
        static void run_side_chain(LV2_Handle handle, uint32_t frames) {
            Plugin *self = handle;
            for (int channel = 0; channel < 3; channel++) {
                const float *in = self->port[(channel + 1) % 3];
                float *out = self->port[3 + channel];
                for (uint32_t i = 0; i < frames; i++) out[i] = in[i];
            }
        }

        static void cleanup(LV2_Handle handle) { free(handle); }

        static const LV2_Descriptor descriptors[] = {
            {"\(lowPassURI)", instantiate, connect_port, activate, run_low_pass, NULL, cleanup, NULL},
            {"\(valueProbeURI)", instantiate, connect_port, activate, run_value_probe, NULL, cleanup, NULL},
            {"\(hzDefaultProbeURI)", instantiate, connect_port, activate, run_value_probe, NULL, cleanup, NULL},
            {"\(cvProbeURI)", instantiate, connect_port, activate, run_cv_probe, NULL, cleanup, NULL},
            {"\(sideChainURI)", instantiate, connect_port, activate, run_side_chain, NULL, cleanup, NULL},
        };

        LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {
            return index < sizeof descriptors / sizeof descriptors[0] ? &descriptors[index] : NULL;
        }
        """

    /// A plugin run by `run_value_probe`: its control input `value` declared with `range`.
    private static func valueProbe(_ uri: String, _ name: String, range: String) -> String {
        """
        <\(uri)> a lv2:Plugin ; lv2:binary <spec.so> ; doap:name "\(name)" ;
            lv2:port [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 0 ; lv2:symbol "value" ; lv2:name "Value" ; \(range)
            ] , [
                a lv2:OutputPort, lv2:ControlPort ; lv2:index 1 ; lv2:symbol "level" ; lv2:name "Level"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "out" ; lv2:name "Out"
            ] .
        """
    }

    private static let manifest = """
        @prefix doap:  <http://usefulinc.com/ns/doap#> .
        @prefix lv2:   <http://lv2plug.in/ns/lv2core#> .
        @prefix pg:    <http://lv2plug.in/ns/ext/port-groups#> .
        @prefix pset:  <http://lv2plug.in/ns/ext/presets#> .
        @prefix rdfs:  <http://www.w3.org/2000/01/rdf-schema#> .

        <\(lowPassURI)> a lv2:Plugin ; lv2:binary <spec.so> ; doap:name "Test Low-Pass" ;
            lv2:port [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 0 ; lv2:symbol "cutoff" ; lv2:name "Cutoff" ;
                lv2:default 0.25 ; lv2:minimum 0.0001 ; lv2:maximum 0.5 ; lv2:portProperty lv2:sampleRate
            ] , [
                a lv2:InputPort, lv2:AudioPort ; lv2:index 1 ; lv2:symbol "in" ; lv2:name "In"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "out" ; lv2:name "Out"
            ] .

        \(valueProbe(valueProbeURI, "Test Value Probe", range: "lv2:default 0.5 ; lv2:minimum \(valueMinimum) ; lv2:maximum 1.0"))

        \(valueProbe(hzDefaultProbeURI, "Test Hz Default Probe",
                     range: "lv2:default 440 ; lv2:minimum 0 ; lv2:maximum 0.5 ; lv2:portProperty lv2:sampleRate"))

        <\(stalePresetURI)> a pset:Preset ; lv2:appliesTo <\(valueProbeURI)> ; rdfs:label "Stale" ;
            lv2:port [ lv2:symbol "gone" ; pset:value 3.0 ] , [ lv2:symbol "value" ; pset:value 0.25 ] ,
                [ lv2:symbol "level" ; pset:value 1.0 ] .

        <\(cvProbeURI)> a lv2:Plugin ; lv2:binary <spec.so> ; doap:name "Test CV Probe" ;
            lv2:port [
                a lv2:InputPort, lv2:CVPort ; lv2:index 0 ; lv2:symbol "cv" ; lv2:name "CV"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 1 ; lv2:symbol "out" ; lv2:name "Out"
            ] .

        <\(sideChainURI)#main> a pg:StereoGroup, pg:InputGroup ; lv2:symbol "main" ; rdfs:label "Main" .
        <\(sideChainURI)#key> a pg:MonoGroup, pg:InputGroup ; lv2:symbol "key" ; rdfs:label "Key" ;
            pg:sideChainOf <\(sideChainURI)#main> .

        <\(sideChainURI)> a lv2:Plugin ; lv2:binary <spec.so> ; doap:name "Test Side-Chain" ;
            pg:mainInput <\(sideChainURI)#main> ;
            lv2:port [
                a lv2:InputPort, lv2:AudioPort ; lv2:index 0 ; lv2:symbol "key" ; lv2:name "Key" ;
                pg:group <\(sideChainURI)#key>
            ] , [
                a lv2:InputPort, lv2:AudioPort ; lv2:index 1 ; lv2:symbol "left" ; lv2:name "Left" ;
                pg:group <\(sideChainURI)#main>
            ] , [
                a lv2:InputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "right" ; lv2:name "Right" ;
                pg:group <\(sideChainURI)#main>
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 3 ; lv2:symbol "out_left" ; lv2:name "Out Left"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 4 ; lv2:symbol "out_right" ; lv2:name "Out Right"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 5 ; lv2:symbol "out_key" ; lv2:name "Out Key"
            ] .
        """
}
