import Foundation

/// Small C plugins that misbehave as real ones were seen to (docs/lv2render.md, "When a plugin
/// fails"): each a mono effect whose output is its input plus `level` (0 unless restored).
/// `crashes-in-run` writes through a null pointer in the block holding frame `crashFrame`,
/// `hangs-in-run` never returns from that block, `crashes-in-cleanup` crashes when freed (as
/// padthv1 does) and `hangs-in-cleanup` never returns from it, `not-safe-to-reload` aborts in `instantiate` once its library has been
/// unloaded and loaded again in the process (as drumgizmo does; or always, with
/// `MISBEHAVING_LOADED=always` in the environment), and `restore-schedules-work`
/// loads its level through the worker when its state is restored (as a-fluidsynth loads its
/// SoundFont): until the response arrives, it adds nothing. `differs-per-instance` adds a level
/// drawn from a process-wide count of its instances (as Kars draws from a process-wide random
/// generator) and has a MIDI input it ignores.
public enum MisbehavingPlugins: String, CaseIterable {
    case crashesInRun = "crashes-in-run"
    case hangsInRun = "hangs-in-run"
    case crashesInCleanup = "crashes-in-cleanup"
    case hangsInCleanup = "hangs-in-cleanup"
    case notSafeToReload = "not-safe-to-reload"
    case restoreSchedulesWork = "restore-schedules-work"
    case differsPerInstance = "differs-per-instance"

    public var uri: String { "urn:swiftlv2:test:misbehaving#" + rawValue }

    /// The frame whose block `crashes-in-run` crashes in and `hangs-in-run` hangs in.
    public static let crashFrame = 1000
    /// The level `restore-schedules-work` saves, and adds once restored.
    public static let restoredLevel: Float = 0.5

    /// The folder to put on `LV2_PATH`; built once per test run.
    public static func lv2Directory() throws -> String {
        try built.get()
    }

    private static let built = Result {
        // `cc` comes with the gcc package, which `make test` installs (TEST_DEBS).
        try CompiledTestBundle.build("misbehaving", files: ["misbehaving.c": cSource, "manifest.ttl": manifest], compiler: "cc",
                                     arguments: ["-shared", "-fPIC", "-O1", "-o", "misbehaving.so", "misbehaving.c"]).path
    }

    private static let cSource = """
        #include <lv2/core/lv2.h>
        #include <lv2/state/state.h>
        #include <lv2/urid/urid.h>
        #include <lv2/worker/worker.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <signal.h>
        #include <string.h>
        #include <unistd.h>

        typedef struct {
            const float *in;
            float *out;
            float level;
            long long frame;
            LV2_Worker_Schedule *schedule;
            LV2_URID level_key, atom_float;
        } Misbehaving;

        /* Set when this library was loaded in a process that had loaded it before: the
           environment, unlike the library's own memory, outlives an unload. */
        static int reloaded;
        __attribute__((constructor)) static void loaded(void) {
            char process[32];
            snprintf(process, sizeof process, "%d", (int)getpid());
            const char *before = getenv("MISBEHAVING_LOADED");
            if (before && strcmp(before, "always") == 0) { reloaded = 1; return; }
            if (before && strcmp(before, process) == 0) reloaded = 1;
            setenv("MISBEHAVING_LOADED", process, 1);
        }

        static LV2_Handle instantiate(const LV2_Descriptor *d, double rate, const char *path, const LV2_Feature *const *f) {
            static int made;
            if (strstr(d->URI, "not-safe-to-reload") && reloaded) abort();
            /* With MISBEHAVING_FORKS, a process of the plugin's own, forked without exec (so it
               holds every descriptor of the host), lives on until the host's parent (lv2render,
               for the plugins' process of --isolate) has ended, 600 s at most. (Until it is a
               zombie: a parent that waits for its descriptors to close would never reap it.) */
            const pid_t host_parent = getppid();
            if (getenv("MISBEHAVING_FORKS") && fork() == 0) {
                char stat[64], state = 'R';
                snprintf(stat, sizeof stat, "/proc/%d/stat", (int)host_parent);
                for (int tenths = 0; tenths < 6000 && state != 'Z'; tenths++) {
                    usleep(100000);
                    FILE *file = fopen(stat, "r");
                    if (!file || fscanf(file, "%*d (%*[^)]) %c", &state) != 1) state = 'Z';
                    if (file) fclose(file);
                }
                _exit(0);
            }
            Misbehaving *self = calloc(1, sizeof(Misbehaving));
            if (strstr(d->URI, "differs-per-instance")) self->level = 0.1f * (float)(++made % 8);
            for (int i = 0; f && f[i]; i++) {
                if (strcmp(f[i]->URI, LV2_WORKER__schedule) == 0) self->schedule = f[i]->data;
                if (strcmp(f[i]->URI, LV2_URID__map) == 0) {
                    LV2_URID_Map *map = f[i]->data;
                    self->level_key = map->map(map->handle, "urn:swiftlv2:test:misbehaving#level");
                    self->atom_float = map->map(map->handle, "http://lv2plug.in/ns/ext/atom#Float");
                }
            }
            return self;
        }

        static void connect_port(LV2_Handle handle, uint32_t port, void *data) {
            Misbehaving *self = handle;
            if (port == 0) self->in = data; else if (port == 1) self->out = data;
        }

        static void add_level(Misbehaving *self, uint32_t frames) {
            for (uint32_t i = 0; i < frames; i++) self->out[i] = self->in[i] + self->level;
            self->frame += frames;
        }

        static int holds_crash_frame(const Misbehaving *self, uint32_t frames) {
            return self->frame <= \(crashFrame) && \(crashFrame) < self->frame + frames;
        }

        static void run(LV2_Handle handle, uint32_t frames) { add_level(handle, frames); }

        static void run_crashes(LV2_Handle handle, uint32_t frames) {
            if (holds_crash_frame(handle, frames)) *(volatile int *)0 = 1;
            add_level(handle, frames);
        }

        static void run_hangs(LV2_Handle handle, uint32_t frames) {
            if (holds_crash_frame(handle, frames)) for (;;) sleep(1);
            add_level(handle, frames);
        }

        static void cleanup(LV2_Handle handle) { free(handle); }

        static void cleanup_hangs(LV2_Handle handle) {
            for (;;) sleep(1);
        }

        static void cleanup_crashes(LV2_Handle handle) {
            free(handle);
            *(volatile int *)0 = 1;
        }

        /* The state: the level, stored as a float; restore hands it to the worker to "load". */
        static LV2_State_Status save(LV2_Handle handle, LV2_State_Store_Function store, LV2_State_Handle state,
                                     uint32_t flags, const LV2_Feature *const *features) {
            Misbehaving *self = handle;
            const float level = \(restoredLevel);
            return store(state, self->level_key, &level, sizeof level, self->atom_float,
                         LV2_STATE_IS_POD | LV2_STATE_IS_PORTABLE);
        }

        static LV2_State_Status restore(LV2_Handle handle, LV2_State_Retrieve_Function retrieve, LV2_State_Handle state,
                                        uint32_t flags, const LV2_Feature *const *features) {
            Misbehaving *self = handle;
            size_t size; uint32_t type, value_flags;
            const float *level = retrieve(state, self->level_key, &size, &type, &value_flags);
            if (!level || size != sizeof(float) || !self->schedule) return LV2_STATE_ERR_NO_PROPERTY;
            self->schedule->schedule_work(self->schedule->handle, sizeof(float), level);
            return LV2_STATE_SUCCESS;
        }

        static LV2_Worker_Status work(LV2_Handle handle, LV2_Worker_Respond_Function respond, LV2_Worker_Respond_Handle target,
                                      uint32_t size, const void *data) {
            return respond(target, size, data);
        }

        static LV2_Worker_Status work_response(LV2_Handle handle, uint32_t size, const void *data) {
            Misbehaving *self = handle;
            if (size == sizeof(float)) memcpy(&self->level, data, sizeof(float));
            return LV2_WORKER_SUCCESS;
        }

        static const void *extension_data(const char *uri) {
            static const LV2_State_Interface state = {save, restore};
            static const LV2_Worker_Interface worker = {work, work_response, NULL};
            if (strcmp(uri, LV2_STATE__interface) == 0) return &state;
            if (strcmp(uri, LV2_WORKER__interface) == 0) return &worker;
            return NULL;
        }

        #define PLUGIN(name, run_function, cleanup_function, extension) \\
            {"urn:swiftlv2:test:misbehaving#" name, instantiate, connect_port, NULL, run_function, NULL, cleanup_function, extension}
        static const LV2_Descriptor descriptors[] = {
            PLUGIN("crashes-in-run", run_crashes, cleanup, NULL),
            PLUGIN("hangs-in-run", run_hangs, cleanup, NULL),
            PLUGIN("crashes-in-cleanup", run, cleanup_crashes, NULL),
            PLUGIN("hangs-in-cleanup", run, cleanup_hangs, NULL),
            PLUGIN("not-safe-to-reload", run, cleanup, NULL),
            PLUGIN("restore-schedules-work", run, cleanup, extension_data),
            PLUGIN("differs-per-instance", run, cleanup, NULL),
        };

        LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {
            return index < sizeof descriptors / sizeof descriptors[0] ? &descriptors[index] : NULL;
        }
        """

    private static let manifest = """
        @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
        @prefix state: <http://lv2plug.in/ns/ext/state#> .
        @prefix work: <http://lv2plug.in/ns/ext/worker#> .
        @prefix urid: <http://lv2plug.in/ns/ext/urid#> .
        @prefix atom: <http://lv2plug.in/ns/ext/atom#> .
        @prefix midi: <http://lv2plug.in/ns/ext/midi#> .

        """ + allCases.map { plugin in
            let worker = plugin == .restoreSchedulesWork
                ? "lv2:requiredFeature urid:map, work:schedule ; lv2:extensionData state:interface, work:interface ;" : ""
            let midi = plugin == .differsPerInstance
                ? " , [ a lv2:InputPort, atom:AtomPort ; atom:bufferType atom:Sequence ; atom:supports midi:MidiEvent ; lv2:index 2 ; lv2:symbol \"midi\" ; lv2:name \"MIDI\" ]"
                : ""
            return """
                <\(plugin.uri)> a lv2:Plugin, lv2:EffectPlugin ;
                    lv2:binary <misbehaving.so> ;
                    <http://usefulinc.com/ns/doap#name> "\(plugin.rawValue)" ;
                    \(worker)
                    lv2:port [ a lv2:InputPort, lv2:AudioPort ; lv2:index 0 ; lv2:symbol "in" ; lv2:name "In" ] ,
                             [ a lv2:OutputPort, lv2:AudioPort ; lv2:index 1 ; lv2:symbol "out" ; lv2:name "Out" ]\(midi) .

                """
        }.joined()
}
