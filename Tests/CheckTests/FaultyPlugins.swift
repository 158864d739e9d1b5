import Foundation
import LV2Host
import TestSupport

/// Small C plugins written for the checker's tests: each a gain (`out = in × gain`)
/// with one planted fault, which `lv2render check` must find and name. `clean` has
/// none, so that the checker's silence on a good plugin is tested too. Port 3 is the
/// latency output of `wrongLatency`, the MIDI input of `readsSequenceUnit` and the first
/// of the 300 extra controls of `manyControls`.
enum FaultyPlugins: String, CaseIterable {
    case clean
    case allocatesInRun = "allocates-in-run"
    case locksInRun = "locks-in-run"
    case crashesOnRunZero = "crashes-on-run-zero"
    case nanAtMaximum = "nan-at-maximum"
    case hangsAtMinimum = "hangs-at-minimum"
    case wrongLatency = "wrong-latency"
    case outputsDenormals = "outputs-denormals"
    case leaksPerInstance = "leaks-per-instance"
    case writesIntoInput = "writes-into-input"
    case glitchesAtBlockStart = "glitches-at-block-start"
    case readsSequenceUnit = "reads-sequence-unit"
    // Faults only a careless host triggers: found at --strict, warnings ("strict:") below it.
    case trustsItsGain = "trusts-its-gain"
    case readsInputInRunZero = "reads-input-in-run-zero"
    case crashesOutsideStrictBounds = "crashes-outside-strict-bounds"
    case keepsNaN = "keeps-nan"
    // No fault: 300 more controls and a slow run(), so the check is long but never hung.
    case manyControls = "many-controls"
    // A gain with a trim parameter (patch:Set on port 3) and the state interface: one
    // clean, and one fault for each state check, which the others do not find.
    case statefulClean = "stateful-clean"
    case forgetsParameter = "forgets-parameter"
    case trustsItsState = "trusts-its-state"
    case waitsForSave = "waits-for-save"
    /// Instantiates in 50 ms and runs slowly: what the cost check reports.
    case slow
    // Faults the details must name well: an assertion in cleanup, a binary not installed.
    case assertsInCleanup = "asserts-in-cleanup"
    case missingBinary = "missing-binary"

    var uri: String { "urn:swiftlv2:test:fault#" + rawValue }

    /// The folder to put on `LV2_PATH`; built once per test run.
    static func lv2Directory() throws -> String {
        try built.get()
    }

    private static let built = Result {
        // `cc` comes with the gcc package, which `make test` installs (TEST_DEBS).
        try CompiledTestBundle.build("faulty", files: ["faulty.c": cSource, "manifest.ttl": manifest], compiler: "cc",
                                     arguments: ["-shared", "-fPIC", "-O1", "-o", "faulty.so", "faulty.c", "-lpthread", "-lm"]).path
    }

    /// The C function each plugin runs, by case, in `cSource`'s descriptor table.
    private var runFunction: String { "run_" + rawValue.replacingOccurrences(of: "-", with: "_") }
    private var cleanupFunction: String { self == .assertsInCleanup ? "cleanup_asserts" : "cleanup" }
    var isStateful: Bool { [.statefulClean, .forgetsParameter, .trustsItsState, .waitsForSave].contains(self) }
    private var extensionFunction: String {
        switch self {
        case .statefulClean, .waitsForSave: "extension_checked"
        case .forgetsParameter: "extension_forgets"
        case .trustsItsState: "extension_trusting"
        default: "NULL"
        }
    }

    private static let cSource = """
        #include <lv2/atom/util.h>
        #include <lv2/core/lv2.h>
        #include <lv2/patch/patch.h>
        #include <lv2/state/state.h>
        #include <lv2/urid/urid.h>
        #include <assert.h>
        #include <math.h>
        #include <pthread.h>
        #include <stdlib.h>
        #include <string.h>
        #include <unistd.h>

        #define DELAY 64
        typedef struct {
            const float *gain;
            void *port3;  /* the latency output or the MIDI input */
            float *in;  /* not const: one of them writes into it */
            float *out;
            float ring[DELAY];
            unsigned position;
            float smoothed;
            void *leaked;
            float trim;
            volatile int saving;
            pthread_mutex_t lock;
            LV2_URID trim_key, atom_float, atom_urid, atom_object, patch_set, patch_property, patch_value;
        } Gain;

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *path, const LV2_Feature *const *f) {
            Gain *self = calloc(1, sizeof(Gain));
            self->trim = 1.0f;
            pthread_mutex_init(&self->lock, NULL);
            if (strstr(d->URI, "#slow")) usleep(50000);
            for (int i = 0; f && f[i]; i++) {
                if (strcmp(f[i]->URI, LV2_URID__map) == 0) {
                    LV2_URID_Map *map = f[i]->data;
                    self->trim_key = map->map(map->handle, "urn:swiftlv2:test:fault#trim");
                    self->atom_float = map->map(map->handle, LV2_ATOM__Float);
                    self->atom_urid = map->map(map->handle, LV2_ATOM__URID);
                    self->atom_object = map->map(map->handle, LV2_ATOM__Object);
                    self->patch_set = map->map(map->handle, LV2_PATCH__Set);
                    self->patch_property = map->map(map->handle, LV2_PATCH__property);
                    self->patch_value = map->map(map->handle, LV2_PATCH__value);
                }
            }
            if (strstr(d->URI, "leaks-per-instance")) {
                self->leaked = malloc(4096);  /* forgotten: cleanup frees only the struct */
                memset(self->leaked, 1, 4096);
            }
            return self;
        }

        static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
            Gain *self = handle;
            switch (port) {
            case 0: self->gain = data; break;
            case 1: self->in = data; break;
            case 2: self->out = data; break;
            case 3: self->port3 = data; break;
            }
        }

        /* The gain clamped to its range, NaN to 0, as a careful plugin reads a control. */
        static float factor(const Gain *self) {
            return *self->gain >= 0.0f ? fminf(*self->gain, 2.0f) : 0.0f;
        }

        static void gain(Gain *self, uint32_t frames) {
            for (uint32_t i = 0; i < frames; i++) self->out[i] = self->in[i] * factor(self);
        }

        static void run_clean(LV2_Handle handle, uint32_t frames) { gain(handle, frames); }

        static void run_allocates_in_run(LV2_Handle handle, uint32_t frames) {
            void *volatile scratch = malloc(frames * sizeof(float) + 1);
            free(scratch);
            gain(handle, frames);
        }

        static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
        static void run_locks_in_run(LV2_Handle handle, uint32_t frames) {
            pthread_mutex_lock(&mutex);
            gain(handle, frames);
            pthread_mutex_unlock(&mutex);
        }

        static void run_crashes_on_run_zero(LV2_Handle handle, uint32_t frames) {
            if (frames == 0) *(volatile int *)NULL = 0;
            gain(handle, frames);
        }

        static void run_nan_at_maximum(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            gain(self, frames);
            if (*self->gain >= 2.0f && frames > 0) self->out[frames / 2] = NAN;
        }

        static void run_hangs_at_minimum(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            volatile unsigned spin = 0;
            while (*self->gain <= 0.0f) spin++;
            gain(self, frames);
        }

        /* Delays by DELAY frames and reports more. */
        static void run_wrong_latency(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            for (uint32_t i = 0; i < frames; i++) {
                float delayed = self->ring[self->position];
                self->ring[self->position] = self->in[i] * factor(self);
                self->position = (self->position + 1) % DELAY;
                self->out[i] = delayed;
            }
            *(float *)self->port3 = DELAY + 36;
        }

        static void run_outputs_denormals(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            gain(self, frames);
            for (uint32_t i = 0; i < frames; i += 64) self->out[i] = 1e-40f;
        }

        static void run_leaks_per_instance(LV2_Handle handle, uint32_t frames) { gain(handle, frames); }

        static void run_writes_into_input(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            gain(self, frames);
            if (self->in != self->out) memset(self->in, 0, frames * sizeof(float));
        }

        static void run_glitches_at_block_start(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            gain(self, frames);
            if (frames > 0) self->out[0] += 0.25f;
        }

        /* Each MIDI event adds a click at its frame, unless the sequence's unit is not 0:
           then it takes the time stamps for beats and drops every event, as a plugin that
           reads the unit Carla 2.6 never writes does. */
        static void run_reads_sequence_unit(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            const LV2_Atom_Sequence *events = self->port3;
            gain(self, frames);
            if (events->body.unit != 0) return;
            LV2_ATOM_SEQUENCE_FOREACH(events, event) {
                if (event->time.frames >= 0 && event->time.frames < frames) self->out[event->time.frames] += 0.5f;
            }
        }

        /* Multiplies by the gain as it comes: an infinite or NaN gain gives non-finite output. */
        static void run_trusts_its_gain(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            for (uint32_t i = 0; i < frames; i++) self->out[i] = self->in[i] * *self->gain;
        }

        /* Reads its input even in run(0): fine with the buffers lv2.h requires, a crash with NULL. */
        static void run_reads_input_in_run_zero(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            volatile float first = self->in[0];
            (void)first;
            gain(self, frames);
        }

        /* Declares lv2:hasStrictBounds on its gain and crashes outside the range. */
        static void run_crashes_outside_strict_bounds(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            if (!(*self->gain >= 0.0f && *self->gain <= 2.0f)) *(volatile int *)NULL = 0;
            gain(self, frames);
        }

        /* A one-pole smoother: a NaN in the input stays in its state for ever. */
        static void run_keeps_nan(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            for (uint32_t i = 0; i < frames; i++) {
                self->smoothed = 0.5f * self->smoothed + 0.5f * self->in[i] * factor(self);
                self->out[i] = self->smoothed;
            }
        }

        static void run_many_controls(LV2_Handle handle, uint32_t frames) {
            usleep(300);
            gain(handle, frames);
        }

        static void run_slow(LV2_Handle handle, uint32_t frames) {
            usleep(1000);
            gain(handle, frames);
        }

        /* The trim parameter: patch:Set messages on port 3, then gain times trim. */
        static void stateful_gain(Gain *self, uint32_t frames) {
            const LV2_Atom_Sequence *events = self->port3;
            LV2_ATOM_SEQUENCE_FOREACH(events, event) {
                const LV2_Atom_Object *object = (const LV2_Atom_Object *)&event->body;
                if (event->body.type != self->atom_object || object->body.otype != self->patch_set) continue;
                const LV2_Atom *property = NULL, *value = NULL;
                lv2_atom_object_get(object, self->patch_property, &property, self->patch_value, &value, 0);
                if (property && property->type == self->atom_urid && ((const LV2_Atom_URID *)property)->body == self->trim_key
                    && value && value->type == self->atom_float) {
                    self->trim = fminf(fmaxf(((const LV2_Atom_Float *)value)->body, 0.0f), 1.0f);
                }
            }
            for (uint32_t i = 0; i < frames; i++) self->out[i] = self->in[i] * factor(self) * self->trim;
        }

        static void run_stateful_clean(LV2_Handle handle, uint32_t frames) { stateful_gain(handle, frames); }
        static void run_forgets_parameter(LV2_Handle handle, uint32_t frames) { stateful_gain(handle, frames); }
        static void run_trusts_its_state(LV2_Handle handle, uint32_t frames) { stateful_gain(handle, frames); }

        /* Waits for a save under way (the lock the save holds): run blocks on another thread. */
        static void run_waits_for_save(LV2_Handle handle, uint32_t frames) {
            Gain *self = handle;
            if (self->saving) {
                pthread_mutex_lock(&self->lock);
                pthread_mutex_unlock(&self->lock);
            }
            stateful_gain(self, frames);
        }

        static LV2_State_Status save(LV2_Handle handle, LV2_State_Store_Function store, LV2_State_Handle state,
                                     uint32_t flags, const LV2_Feature *const *features) {
            Gain *self = handle;
            pthread_mutex_lock(&self->lock);
            self->saving = 1;
            float trim = self->trim;
            store(state, self->trim_key, &trim, sizeof trim, self->atom_float, LV2_STATE_IS_POD | LV2_STATE_IS_PORTABLE);
            usleep(200);
            self->saving = 0;
            pthread_mutex_unlock(&self->lock);
            return LV2_STATE_SUCCESS;
        }

        static LV2_State_Status restore_checked(LV2_Handle handle, LV2_State_Retrieve_Function retrieve, LV2_State_Handle state,
                                                uint32_t flags, const LV2_Feature *const *features) {
            Gain *self = handle;
            size_t size;
            uint32_t type, value_flags;
            const void *value = retrieve(state, self->trim_key, &size, &type, &value_flags);
            if (value && type == self->atom_float && size == sizeof(float) && isfinite(*(const float *)value)) {
                self->trim = fminf(fmaxf(*(const float *)value, 0.0f), 1.0f);
            }
            return LV2_STATE_SUCCESS;
        }

        /* The fault: the trim it saved is never read back. */
        static LV2_State_Status restore_forgets(LV2_Handle handle, LV2_State_Retrieve_Function retrieve, LV2_State_Handle state,
                                                uint32_t flags, const LV2_Feature *const *features) {
            return LV2_STATE_SUCCESS;
        }

        /* The fault: the trim is read with no check that it is there, nor of its type. */
        static LV2_State_Status restore_trusting(LV2_Handle handle, LV2_State_Retrieve_Function retrieve, LV2_State_Handle state,
                                                 uint32_t flags, const LV2_Feature *const *features) {
            Gain *self = handle;
            size_t size;
            uint32_t type, value_flags;
            const float *value = retrieve(state, self->trim_key, &size, &type, &value_flags);
            self->trim = *value;
            return LV2_STATE_SUCCESS;
        }

        static const LV2_State_Interface state_checked = {save, restore_checked};
        static const LV2_State_Interface state_forgets = {save, restore_forgets};
        static const LV2_State_Interface state_trusting = {save, restore_trusting};
        static const void *extension_checked(const char *uri) { return strcmp(uri, LV2_STATE__interface) ? NULL : &state_checked; }
        static const void *extension_forgets(const char *uri) { return strcmp(uri, LV2_STATE__interface) ? NULL : &state_forgets; }
        static const void *extension_trusting(const char *uri) { return strcmp(uri, LV2_STATE__interface) ? NULL : &state_trusting; }

        static void run_asserts_in_cleanup(LV2_Handle handle, uint32_t frames) { gain(handle, frames); }

        static void cleanup(LV2_Handle handle) {
            pthread_mutex_destroy(&((Gain *)handle)->lock);
            free(handle);
        }

        static void cleanup_asserts(LV2_Handle handle) {
            Gain *self = handle;
            assert(self->leaked != NULL && "cleanup expects its scratch buffer");
            cleanup(handle);
        }

        static const LV2_Descriptor descriptors[] = {
        \(allCases.filter { $0 != .missingBinary }.map { #"    {"\#($0.uri)", instantiate, connect_port, NULL, \#($0.runFunction), NULL, \#($0.cleanupFunction), \#($0.extensionFunction)},"# }.joined(separator: "\n"))
        };

        LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {
            return index < sizeof descriptors / sizeof descriptors[0] ? &descriptors[index] : NULL;
        }
        """

    /// Every plugin declares lv2:hardRTCapable, so that allocating or locking fails.
    private static let manifest = """
        @prefix atom: <http://lv2plug.in/ns/ext/atom#> .
        @prefix doap: <http://usefulinc.com/ns/doap#> .
        @prefix lv2:  <http://lv2plug.in/ns/lv2core#> .
        @prefix midi: <http://lv2plug.in/ns/ext/midi#> .
        @prefix patch: <http://lv2plug.in/ns/ext/patch#> .
        @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .

        <urn:swiftlv2:test:fault#trim> a lv2:Parameter ; rdfs:label "Trim" ; rdfs:range atom:Float ;
            lv2:default 1.0 ; lv2:minimum 0.0 ; lv2:maximum 1.0 .

        \(allCases.map { plugin in
            """
            <\(plugin.uri)> a lv2:Plugin ; lv2:binary <\(plugin == .missingBinary ? "missing.so" : "faulty.so")> ; doap:name "Faulty: \(plugin.rawValue)" ;
                lv2:optionalFeature lv2:hardRTCapable ;\(plugin.isStateful ? stateful : "")
                lv2:port [
                    a lv2:InputPort, lv2:ControlPort ; lv2:index 0 ; lv2:symbol "gain" ; lv2:name "Gain" ;
                    lv2:default 1 ; lv2:minimum 0 ; lv2:maximum 2\(plugin == .crashesOutsideStrictBounds ? strictBounds : "")
                ] , [
                    a lv2:InputPort, lv2:AudioPort ; lv2:index 1 ; lv2:symbol "in" ; lv2:name "In"
                ] , [
                    a lv2:OutputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "out" ; lv2:name "Out"
                ]\(plugin == .wrongLatency ? latencyPort : plugin == .readsSequenceUnit ? midiPort : plugin == .manyControls ? extraControls : plugin.isStateful ? parameterPort : "") .
            """
        }.joined(separator: "\n\n"))
        """

    private static let stateful = """

                lv2:requiredFeature <http://lv2plug.in/ns/ext/urid#map> ;
                lv2:extensionData <http://lv2plug.in/ns/ext/state#interface> ;
                patch:writable <urn:swiftlv2:test:fault#trim> ;
        """

    private static let parameterPort = """
         , [
                a lv2:InputPort, atom:AtomPort ; lv2:index 3 ; lv2:symbol "control" ; lv2:name "Control" ;
                atom:bufferType atom:Sequence ; atom:supports patch:Message ; lv2:designation lv2:control
            ]
        """

    private static let strictBounds = " ;\n            lv2:portProperty <http://lv2plug.in/ns/ext/port-props#hasStrictBounds>"

    private static let extraControls = (3..<303).map { index in
        """
         , [
                a lv2:InputPort, lv2:ControlPort ; lv2:index \(index) ; lv2:symbol "c\(index)" ; lv2:name "C\(index)" ;
                lv2:default 0.5 ; lv2:minimum 0 ; lv2:maximum 1
            ]
        """
    }.joined()

    private static let latencyPort = """
         , [
                a lv2:OutputPort, lv2:ControlPort ; lv2:index 3 ; lv2:symbol "latency" ; lv2:name "Latency" ;
                lv2:designation lv2:latency ; lv2:portProperty lv2:reportsLatency, lv2:integer
            ]
        """

    private static let midiPort = """
         , [
                a lv2:InputPort, atom:AtomPort ; lv2:index 3 ; lv2:symbol "midi_in" ; lv2:name "MIDI In" ;
                atom:bufferType atom:Sequence ; atom:supports midi:MidiEvent
            ]
        """
}
