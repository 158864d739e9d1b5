// Just enough of an LV2 host to run our plugins and the references: a URID map, the
// options our plugins read, and MIDI in an atom sequence. Everything a measured
// run() sees from the host is the same for every plugin.
#include "bench.h"

#include <lv2/atom/atom.h>
#include <lv2/atom/util.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/midi/midi.h>
#include <lv2/options/options.h>
#include <lv2/urid/urid.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAPPED_CAPACITY = 64, SEQUENCE_CAPACITY = 8192 };

static const char *mapped[MAPPED_CAPACITY];
static int mapped_count;

static LV2_URID map_uri(LV2_URID_Map_Handle handle, const char *uri) {
    (void)handle;
    for (int index = 0; index < mapped_count; index++)
        if (strcmp(mapped[index], uri) == 0) return (LV2_URID)index + 1;
    if (mapped_count == MAPPED_CAPACITY) return 0;
    mapped[mapped_count] = strdup(uri);
    return (LV2_URID)++mapped_count;
}

static LV2_URID_Map urid_map = {NULL, map_uri};
static const int32_t sequence_size = SEQUENCE_CAPACITY;

/// The host features: urid:map, and options announcing the atom buffers' size.
static const LV2_Feature *const *host_features(void) {
    static LV2_Options_Option options[2];
    static LV2_Feature map_feature = {LV2_URID__map, &urid_map};
    static LV2_Feature options_feature = {LV2_OPTIONS__options, options};
    static const LV2_Feature *features[] = {&map_feature, &options_feature, NULL};
    options[0] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, map_uri(NULL, LV2_BUF_SIZE__sequenceSize),
                                      sizeof sequence_size, map_uri(NULL, LV2_ATOM__Int), &sequence_size};
    options[1] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, 0, 0, 0, NULL};
    return features;
}

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "bench: %s %s.\n", what, detail);
    exit(1);
}

Plugin plugin_open(const char *library, const char *uri, double sample_rate) {
    Plugin plugin = {dlopen(library, RTLD_NOW | RTLD_LOCAL), NULL, NULL};
    if (!plugin.library) fail("cannot load", dlerror());
    LV2_Descriptor_Function entry = (LV2_Descriptor_Function)dlsym(plugin.library, "lv2_descriptor");
    if (!entry) fail("finds no lv2_descriptor in", library);
    for (uint32_t index = 0; (plugin.descriptor = entry(index)) != NULL; index++)
        if (strcmp(plugin.descriptor->URI, uri) == 0) break;
    if (!plugin.descriptor) fail("finds no plugin", uri);
    plugin.handle = plugin.descriptor->instantiate(plugin.descriptor, sample_rate, "", host_features());
    if (!plugin.handle) fail("could not instantiate", uri);
    return plugin;
}

void plugin_close(Plugin *plugin) {
    plugin->descriptor->cleanup(plugin->handle);
    dlclose(plugin->library);
}

void plugin_connect(Plugin *plugin, uint32_t port, void *data) {
    plugin->descriptor->connect_port(plugin->handle, port, data);
}

void plugin_activate(Plugin *plugin) { plugin->descriptor->activate(plugin->handle); }

void plugin_run(Plugin *plugin, uint32_t frames) { plugin->descriptor->run(plugin->handle, frames); }

MidiSequence sequence_make(void) {
    MidiSequence sequence = {aligned_alloc(8, SEQUENCE_CAPACITY), SEQUENCE_CAPACITY,
                             map_uri(NULL, LV2_ATOM__Sequence), map_uri(NULL, LV2_MIDI__MidiEvent)};
    sequence_clear(&sequence);
    return sequence;
}

void sequence_clear(MidiSequence *sequence) {
    LV2_Atom_Sequence *atoms = sequence->buffer;
    atoms->atom.type = sequence->sequence_type;
    atoms->atom.size = sizeof(LV2_Atom_Sequence_Body);
    atoms->body.unit = 0;
    atoms->body.pad = 0;
}

void sequence_append(MidiSequence *sequence, int64_t frame, uint8_t status, uint8_t data1, uint8_t data2) {
    struct {
        LV2_Atom_Event header;
        uint8_t bytes[8];
    } event = {{{.frames = frame}, {3, sequence->midi_type}}, {status, data1, data2}};
    if (!lv2_atom_sequence_append_event(sequence->buffer, sequence->capacity - sizeof(LV2_Atom), &event.header))
        fail("has no room for", "another MIDI event");
}
