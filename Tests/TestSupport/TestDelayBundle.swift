import Foundation
import LV2Host

/// A tiny third-party-style plugin, compiled from C by the tests: a pure delay
/// that reports its delay as latency. None of the lv2-examples plugins report
/// latency or has a preset, and the latency compensation, the presets and the
/// `lv2:inPlaceBroken` refusal need one that does.
public enum TestDelayBundle {
    public static let uri = "urn:swiftlv2:test:delay"
    /// The same plugin, declaring `lv2:inPlaceBroken`.
    public static let inPlaceBrokenURI = "urn:swiftlv2:test:delay-in-place-broken"
    /// The same plugin, requiring `instance-access`, which an offline host cannot give.
    public static let needsInstanceAccessURI = "urn:swiftlv2:test:delay-needs-instance-access"
    /// The same plugin, its delay's minimum and maximum swapped, as a careless description might have them.
    public static let swappedRangeURI = "urn:swiftlv2:test:delay-swapped-range"
    /// Not a delay: writes 1 where its input and output share memory and 0 where they
    /// do not, so a render shows whether the host really connected it in place.
    public static let inPlaceProbeURI = "urn:swiftlv2:test:in-place-probe"
    /// Not a delay: its port 0 is designated `lv2:freeWheeling`, and it outputs that port's value.
    public static let freeWheelingProbeURI = "urn:swiftlv2:test:free-wheeling-probe"
    /// A preset that sets the delay to 7 frames.
    public static let shortPresetURI = "urn:swiftlv2:test:delay#short"
    /// Described, but its binary does not exist.
    public static let missingBinaryURI = "urn:swiftlv2:test:missing-binary"
    /// Described with the delay's binary, which has no descriptor for it.
    public static let notInBinaryURI = "urn:swiftlv2:test:not-in-binary"
    public static let defaultDelay = 100

    /// The folder to put on `LV2_PATH`; built once per test run.
    public static func lv2Directory() throws -> String {
        try built.get()
    }

    private static let built = Result {
        // `cc` comes with the gcc package, which `make test` installs (TEST_DEBS).
        try CompiledTestBundle.build("test-delay", files: ["delay.c": cSource, "manifest.ttl": manifest],
                                     compiler: "cc", arguments: ["-shared", "-fPIC", "-O2", "-o", "delay.so", "delay.c"]).path
    }

    private static let cSource = """
        #include <lv2/core/lv2.h>
        #include <stdlib.h>
        #include <string.h>

        #define RING 65536

        typedef struct {
            const float *delay;
            float *latency;
            const float *in;
            float *out;
            float ring[RING];
            unsigned position;
        } Delay;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *path, const LV2_Feature *const *f) {
            return calloc(1, sizeof(Delay));
        }

        static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
            Delay *self = handle;
            switch (port) {
            case 0: self->delay = data; break;
            case 1: self->latency = data; break;
            case 2: self->in = data; break;
            case 3: self->out = data; break;
            }
        }

        static void activate(LV2_Handle handle) {
            Delay *self = handle;
            memset(self->ring, 0, sizeof self->ring);
            self->position = 0;
        }

        /* Reads each input sample before writing the output, so it works in place. */
        static void run(LV2_Handle handle, uint32_t frames) {
            Delay *self = handle;
            unsigned delay = (unsigned)*self->delay % RING;
            for (uint32_t i = 0; i < frames; i++) {
                self->ring[self->position] = self->in[i];
                self->out[i] = self->ring[(self->position + RING - delay) % RING];
                self->position = (self->position + 1) % RING;
            }
            *self->latency = (float)delay;
        }

        static void run_in_place_probe(LV2_Handle handle, uint32_t frames) {
            Delay *self = handle;
            float shared = self->in == self->out ? 1.0f : 0.0f;
            for (uint32_t i = 0; i < frames; i++) self->out[i] = shared;
            *self->latency = 0;
        }

        static void run_free_wheeling_probe(LV2_Handle handle, uint32_t frames) {
            Delay *self = handle;
            for (uint32_t i = 0; i < frames; i++) self->out[i] = *self->delay;
            *self->latency = 0;
        }

        static void cleanup(LV2_Handle handle) { free(handle); }

        static const LV2_Descriptor descriptors[] = {
            {"\(uri)", instantiate, connect_port, activate, run, NULL, cleanup, NULL},
            {"\(inPlaceBrokenURI)", instantiate, connect_port, activate, run, NULL, cleanup, NULL},
            {"\(swappedRangeURI)", instantiate, connect_port, activate, run, NULL, cleanup, NULL},
            {"\(inPlaceProbeURI)", instantiate, connect_port, activate, run_in_place_probe, NULL, cleanup, NULL},
            {"\(freeWheelingProbeURI)", instantiate, connect_port, activate, run_free_wheeling_probe, NULL, cleanup, NULL},
        };

        LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {
            return index < sizeof descriptors / sizeof descriptors[0] ? &descriptors[index] : NULL;
        }
        """

    private static let ports = portsWithDelayRange(minimum: 0, maximum: 48000)

    private static func portsWithDelayRange(minimum: Int, maximum: Int) -> String {
        """
        lv2:port [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 0 ; lv2:symbol "delay" ; lv2:name "Delay" ;
                lv2:default \(defaultDelay) ; lv2:minimum \(minimum) ; lv2:maximum \(maximum) ;
                lv2:portProperty lv2:integer ; units:unit units:frame
            ] , [
                a lv2:OutputPort, lv2:ControlPort ; lv2:index 1 ; lv2:symbol "latency" ; lv2:name "Latency" ;
                lv2:designation lv2:latency ; lv2:portProperty lv2:reportsLatency, lv2:integer
            ] , [
                a lv2:InputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "in" ; lv2:name "In"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 3 ; lv2:symbol "out" ; lv2:name "Out"
            ]
        """
    }

    private static let manifest = """
        @prefix doap:  <http://usefulinc.com/ns/doap#> .
        @prefix lv2:   <http://lv2plug.in/ns/lv2core#> .
        @prefix pset:  <http://lv2plug.in/ns/ext/presets#> .
        @prefix rdfs:  <http://www.w3.org/2000/01/rdf-schema#> .
        @prefix units: <http://lv2plug.in/ns/extensions/units#> .

        <\(uri)> a lv2:Plugin ; lv2:binary <delay.so> ; doap:name "Test Delay" ;
            \(ports) .

        <\(needsInstanceAccessURI)> a lv2:Plugin ; lv2:binary <delay.so> ; doap:name "Test Delay (needs instance access)" ;
            lv2:requiredFeature <http://lv2plug.in/ns/ext/instance-access> ;
            \(ports) .

        <\(inPlaceBrokenURI)> a lv2:Plugin ; lv2:binary <delay.so> ; doap:name "Test Delay (in-place broken)" ;
            lv2:requiredFeature lv2:inPlaceBroken ;
            \(ports) .

        <\(swappedRangeURI)> a lv2:Plugin ; lv2:binary <delay.so> ; doap:name "Test Delay (swapped range)" ;
            \(portsWithDelayRange(minimum: 48000, maximum: 0)) .

        <\(inPlaceProbeURI)> a lv2:Plugin ; lv2:binary <delay.so> ; doap:name "Test In-Place Probe" ;
            \(ports) .

        <\(freeWheelingProbeURI)> a lv2:Plugin ; lv2:binary <delay.so> ; doap:name "Test Free-Wheeling Probe" ;
            lv2:port [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 0 ; lv2:symbol "free_wheeling" ; lv2:name "Free-wheeling" ;
                lv2:designation lv2:freeWheeling ; lv2:default 0 ; lv2:minimum 0 ; lv2:maximum 1 ; lv2:portProperty lv2:toggled
            ] , [
                a lv2:OutputPort, lv2:ControlPort ; lv2:index 1 ; lv2:symbol "latency" ; lv2:name "Latency"
            ] , [
                a lv2:InputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "in" ; lv2:name "In"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 3 ; lv2:symbol "out" ; lv2:name "Out"
            ] .

        <\(missingBinaryURI)> a lv2:Plugin ; lv2:binary <missing.so> ; doap:name "Missing Binary" .

        <\(notInBinaryURI)> a lv2:Plugin ; lv2:binary <delay.so> ; doap:name "Not In Binary" .

        <\(shortPresetURI)> a pset:Preset ; lv2:appliesTo <\(uri)> ; rdfs:label "Short" ;
            lv2:port [ lv2:symbol "delay" ; pset:value 7.0 ] .
        """
}
