#include "bundle_discovery.h"

#include <errno.h>
#include <fcntl.h>
#include <lilv-0/lilv/lilv.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define LV2_PREFIX "http://lv2plug.in/ns/lv2core#"
#define RDF_TYPE "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"

/// The child's report, written whole with write(2): no stdio lock another thread of the
/// parent may have held at the fork.
typedef struct {
    char *text;
    size_t length, capacity;
} Report;

static void report_add(Report *report, const char *text, int sanitize) {
    size_t length = strlen(text);
    if (report->length + length + 1 > report->capacity) {
        report->capacity = (report->length + length + 1) * 2;
        report->text = realloc(report->text, report->capacity);
    }
    for (size_t i = 0; i < length; i++) {
        char c = text[i];
        report->text[report->length++] = sanitize && (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
    }
    report->text[report->length] = 0;
}

static void report_number(Report *report, long value) {
    char text[32];
    snprintf(text, sizeof text, "\t%ld", value);
    report_add(report, text, 0);
}

static void report_send(Report *report, int output) {
    for (size_t sent = 0; sent < report->length;) {
        ssize_t written = write(output, report->text + sent, report->length - sent);
        if (written <= 0) _exit(3);
        sent += (size_t)written;
    }
    report->length = 0;
}

static int ask(LilvWorld *world, const LilvNode *subject, const char *predicate, const char *object) {
    LilvNode *p = lilv_new_uri(world, predicate), *o = lilv_new_uri(world, object);
    int result = lilv_world_ask(world, subject, p, o);
    lilv_node_free(p);
    lilv_node_free(o);
    return result;
}

/// Counts the ports from the RDF rather than through lilv's port array, which lilv 0.24
/// writes through a null pointer for an index such as -1 (LV2World.portIndexProblem says
/// which); `needs_check` is set when the indices are not 0, 1, … without gaps.
static void report_ports(Report *report, LilvWorld *world, const LilvNode *plugin) {
    LilvNode *port_predicate = lilv_new_uri(world, LV2_PREFIX "port");
    LilvNode *index_predicate = lilv_new_uri(world, LV2_PREFIX "index");
    LilvNodes *ports = lilv_world_find_nodes(world, plugin, port_predicate, NULL);
    long audio_in = 0, audio_out = 0, midi_in = 0, midi_out = 0, needs_check = 0;
    unsigned count = lilv_nodes_size(ports);
    char *seen = calloc(count + 1, 1);
    LILV_FOREACH (nodes, i, ports) {
        const LilvNode *port = lilv_nodes_get(ports, i);
        LilvNode *index = lilv_world_get(world, port, index_predicate, NULL);
        if (!index || !lilv_node_is_int(index) || lilv_node_as_int(index) < 0 || (unsigned)lilv_node_as_int(index) >= count) {
            needs_check = 1;
        } else {
            seen[lilv_node_as_int(index)] = 1;
        }
        lilv_node_free(index);
        int input = ask(world, port, RDF_TYPE, LV2_PREFIX "InputPort");
        int output = ask(world, port, RDF_TYPE, LV2_PREFIX "OutputPort");
        if (ask(world, port, RDF_TYPE, LV2_PREFIX "AudioPort")) {
            audio_in += input;
            audio_out += output;
        }
        int midi = ask(world, port, "http://lv2plug.in/ns/ext/atom#supports", "http://lv2plug.in/ns/ext/midi#MidiEvent") ||
                   ask(world, port, "http://lv2plug.in/ns/ext/event#supportsEvent", "http://lv2plug.in/ns/ext/midi#MidiEvent");
        midi_in |= midi && input;
        midi_out |= midi && output;
    }
    // A port described twice leaves a gap at the end: only a missing index below the largest matters.
    unsigned distinct = 0;
    for (unsigned i = 0; i < count; i++) distinct += seen[i];
    for (unsigned i = 0; i < distinct; i++) needs_check |= !seen[i];
    free(seen);
    lilv_nodes_free(ports);
    lilv_node_free(port_predicate);
    lilv_node_free(index_predicate);
    report_number(report, audio_in);
    report_number(report, audio_out);
    report_number(report, midi_in);
    report_number(report, midi_out);
    report_number(report, needs_check);
}

/// The plugin's most specific class in the LV2 namespace, as lilv picks it.
static void report_class(Report *report, LilvWorld *world, const LilvNode *plugin) {
    LilvNode *type = lilv_new_uri(world, RDF_TYPE);
    LilvNodes *types = lilv_world_find_nodes(world, plugin, type, NULL);
    const char *found = "-";
    LILV_FOREACH (nodes, i, types) {
        const char *uri = lilv_node_as_uri(lilv_nodes_get(types, i));
        if (uri && !strncmp(uri, LV2_PREFIX, strlen(LV2_PREFIX)) && strcmp(uri, LV2_PREFIX "Plugin")) found = uri;
    }
    report_add(report, "\t", 0);
    report_add(report, found, 1);
    lilv_nodes_free(types);
    lilv_node_free(type);
}

static void read_bundle(const char *bundle, int dyn_manifest, int output, int errors) {
    Report report = {0};
    struct stat status;
    char begin[64];
    snprintf(begin, sizeof begin, "\t%lld\n", fstat(errors, &status) == 0 ? (long long)status.st_size : 0LL);
    report_add(&report, "B\t", 0);
    report_add(&report, bundle, 1);
    report_add(&report, begin, 0);
    report_send(&report, output);

    LilvWorld *world = lilv_world_new();
    LilvNode *flag = lilv_new_bool(world, dyn_manifest != 0);
    lilv_world_set_option(world, LILV_OPTION_DYN_MANIFEST, flag);
    lilv_node_free(flag);
    LilvNode *bundle_uri = lilv_new_file_uri(world, NULL, bundle);
    lilv_world_load_bundle(world, bundle_uri);
    lilv_node_free(bundle_uri);
    const LilvPlugins *plugins = lilv_world_get_all_plugins(world);
    LILV_FOREACH (plugins, i, plugins) {
        const LilvPlugin *plugin = lilv_plugins_get(plugins, i);
        const LilvNode *uri = lilv_plugin_get_uri(plugin);
        report_add(&report, "P\t", 0);
        report_add(&report, lilv_node_as_uri(uri), 1);
        report_add(&report, "\t", 0);
        LilvNode *name = lilv_plugin_get_name(plugin);
        report_add(&report, name ? lilv_node_as_string(name) : lilv_node_as_uri(uri), 1);
        lilv_node_free(name);
        report_class(&report, world, uri);
        const LilvNode *library = lilv_plugin_get_library_uri(plugin);
        char *library_path = library ? lilv_file_uri_parse(lilv_node_as_uri(library), NULL) : NULL;
        report_add(&report, "\t", 0);
        report_add(&report, library_path ? library_path : "-", 1);
        lilv_free(library_path);
        report_ports(&report, world, uri);
        report_add(&report, "\t", 0);
        LilvNodes *features = lilv_plugin_get_required_features(plugin);
        int first = 1;
        LILV_FOREACH (nodes, j, features) {
            if (!first) report_add(&report, " ", 0);
            report_add(&report, lilv_node_as_uri(lilv_nodes_get(features, j)), 1);
            first = 0;
        }
        lilv_nodes_free(features);
        report_add(&report, "\n", 0);
        report_send(&report, output);  // each plugin read restarts the parent's clock
    }
    lilv_world_free(world);
    report_add(&report, "E\n", 0);
    report_send(&report, output);
    free(report.text);
}

static void describe_end(int status, char *what, size_t what_size) {
    if (WIFSIGNALED(status)) {
        snprintf(what, what_size, "was ended by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    } else {
        snprintf(what, what_size, "exited with status %d", WEXITSTATUS(status));
    }
}

int bundle_discovery_read(const char *const *bundles, int count, int dyn_manifest, int timeout_ms, int errors,
                          void (*line)(void *context, const char *text), void *context, char *what, size_t what_size) {
    int pipe_ends[2];
    if (pipe(pipe_ends) != 0) {
        snprintf(what, what_size, "could not be read (no pipe for the child)");
        return 0;
    }
    fflush(NULL);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        close(pipe_ends[0]);
        close(pipe_ends[1]);
        snprintf(what, what_size, "could not be read (no child process)");
        return 0;
    }
    if (child == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(4);
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);  // a bundle's crash is a warning, not a core file
        // Not the parent's handlers (removing its half-written output, waking its batch loop).
        int defaults[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD};
        for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++) signal(defaults[i], SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        close(pipe_ends[0]);
        int kept = errors >= 0 ? errors : open("/dev/null", O_WRONLY);
        dup2(kept, STDOUT_FILENO);  // what plugins print is not lv2render's output
        dup2(kept, STDERR_FILENO);
        for (int i = 0; i < count; i++) read_bundle(bundles[i], dyn_manifest, pipe_ends[1], errors);
        _exit(0);
    }
    close(pipe_ends[1]);

    int reading = -1, finished = 0, timed_out = 0;
    char *buffer = malloc(65536);
    size_t used = 0, capacity = 65536;
    struct pollfd poll_output = {pipe_ends[0], POLLIN, 0};
    for (;;) {
        int ready = poll(&poll_output, 1, timeout_ms);
        if (ready < 0) continue;  // a signal: stop signals are handled by whoever watches them
        if (ready == 0) {
            timed_out = 1;
            kill(child, SIGKILL);
            break;
        }
        if (used + 4096 > capacity) buffer = realloc(buffer, capacity *= 2);
        ssize_t got = read(pipe_ends[0], buffer + used, capacity - used - 1);
        if (got <= 0) break;
        used += (size_t)got;
        char *start = buffer, *end;
        while ((end = memchr(start, '\n', used - (size_t)(start - buffer)))) {
            *end = 0;
            if (start[0] == 'B') reading = finished;
            if (start[0] == 'E') reading = -1, finished++;
            line(context, start);
            start = end + 1;
        }
        used -= (size_t)(start - buffer);
        memmove(buffer, start, used);
    }
    free(buffer);
    close(pipe_ends[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (timed_out) {
        snprintf(what, what_size, "did not finish within %d s", timeout_ms / 1000);
    } else {
        describe_end(status, what, what_size);
    }
    if (finished == count && !timed_out && WIFEXITED(status) && WEXITSTATUS(status) == 0) return -1;
    // Ctrl-C or a stop signal reached the child with us (one process group): no fault of the bundle.
    if (!timed_out && WIFSIGNALED(status) && (WTERMSIG(status) == SIGINT || WTERMSIG(status) == SIGTERM || WTERMSIG(status) == SIGHUP)) {
        return -2;
    }
    // A child that died between two bundles is blamed on the next one.
    return reading >= 0 ? reading : finished;
}
