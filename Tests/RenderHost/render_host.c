// A small LV2 host in C that the AArch64Tests compile twice, for this machine and for
// aarch64 (run under qemu-user), so that both builds of a plugin are run by the same
// code with the same input, block by block:
//
//   render_host BINARY URI RATE FRAMES BLOCKS OUTPUT PORT...
//
// BLOCKS is the block partition, block lengths separated by commas and used in turn
// ("256", "1,17,300"). Each PORT connects one port by its index:
//   c:INDEX=VALUE   a control port (an output's value is printed at the end)
//   i:INDEX=FILE    an audio input, FRAMES raw 32-bit floats read from FILE
//   o:INDEX         an audio output; OUTPUT receives the outputs' FRAMES floats each, in order
//   m:INDEX=EVENTS  a MIDI input: EVENTS is FRAME:STATUS:DATA1:DATA2 events joined by commas,
//                   in time order, each delivered in the block that holds its frame
//   e:INDEX         an atom output (MIDI out); the number of events it wrote is printed
// The host offers urid:map and options (the largest block, the atom buffers' size).
// Any failure: one line on standard error and exit status 1.
#include <lv2/atom/atom.h>
#include <lv2/atom/util.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/core/lv2.h>
#include <lv2/midi/midi.h>
#include <lv2/options/options.h>
#include <lv2/urid/urid.h>

#include "uri_map.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PORTS = 64, MAX_EVENTS = 256, MAX_BLOCKS = 64, SEQUENCE_BYTES = 8192 };

static void fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fputs("render_host: ", stderr);
    vfprintf(stderr, format, arguments);
    fputs("\n", stderr);
    va_end(arguments);
    exit(1);
}

typedef struct {
    int64_t frame;
    uint8_t bytes[3];
} MidiEvent;

typedef struct {
    char kind;
    uint32_t index;
    float control;
    float *audio;
    LV2_Atom_Sequence *sequence;
    MidiEvent events[MAX_EVENTS];
    int event_count, next_event;
    long written_events;
} Port;

static Port ports[MAX_PORTS];
static int port_count;

static void read_events(Port *port, const char *text) {
    while (*text) {
        unsigned frame, status, data1, data2;
        int length = 0;
        if (sscanf(text, "%u:%u:%u:%u%n", &frame, &status, &data1, &data2, &length) != 4 || port->event_count == MAX_EVENTS)
            fail("cannot read the MIDI events %s", text);
        port->events[port->event_count++] = (MidiEvent){frame, {(uint8_t)status, (uint8_t)data1, (uint8_t)data2}};
        text += length;
        if (*text == ',') text++;
    }
}

static float *read_audio(const char *path, long frames) {
    float *samples = calloc((size_t)frames, sizeof(float));
    FILE *file = fopen(path, "rb");
    if (!file || fread(samples, sizeof(float), (size_t)frames, file) != (size_t)frames)
        fail("cannot read %ld samples from %s", frames, path);
    fclose(file);
    return samples;
}

static void read_port(const char *text, long frames) {
    if (port_count == MAX_PORTS) fail("has room for %d ports", MAX_PORTS);
    Port *port = &ports[port_count++];
    char *rest;
    port->kind = text[0];
    if (text[0] == 0 || text[1] != ':') fail("cannot read the port %s", text);
    port->index = (uint32_t)strtoul(text + 2, &rest, 10);
    switch (port->kind) {
    case 'c':
        if (*rest != '=') fail("cannot read the control port %s", text);
        port->control = strtof(rest + 1, NULL);
        break;
    case 'i':
        if (*rest != '=') fail("cannot read the audio input %s", text);
        port->audio = read_audio(rest + 1, frames);
        break;
    case 'o':
        port->audio = calloc((size_t)frames, sizeof(float));
        break;
    case 'm':
        if (*rest != '=') fail("cannot read the MIDI input %s", text);
        read_events(port, rest + 1);
        /* fall through */
    case 'e':
        port->sequence = aligned_alloc(8, SEQUENCE_BYTES);
        break;
    default:
        fail("knows no port kind %c", port->kind);
    }
}

/// The block's MIDI: the events in [start, start + length), at frames relative to start.
static void fill_sequence(Port *port, long start, uint32_t length, LV2_URID sequence_type, LV2_URID midi_type) {
    LV2_Atom_Sequence *sequence = port->sequence;
    sequence->atom.type = sequence_type;
    sequence->atom.size = sizeof(LV2_Atom_Sequence_Body);
    sequence->body.unit = 0;
    sequence->body.pad = 0;
    while (port->next_event < port->event_count && port->events[port->next_event].frame < start + length) {
        const MidiEvent *midi = &port->events[port->next_event++];
        struct {
            LV2_Atom_Event header;
            uint8_t bytes[8];
        } event = {{{.frames = midi->frame - start}, {3, midi_type}}, {midi->bytes[0], midi->bytes[1], midi->bytes[2]}};
        if (!lv2_atom_sequence_append_event(sequence, SEQUENCE_BYTES - sizeof(LV2_Atom), &event.header))
            fail("has no room for another MIDI event");
    }
}

int main(int argc, char **argv) {
    if (argc < 7) fail("usage: render_host BINARY URI RATE FRAMES BLOCKS OUTPUT PORT...");
    const char *binary = argv[1], *uri = argv[2], *output_path = argv[6];
    double rate = strtod(argv[3], NULL);
    long frames = strtol(argv[4], NULL, 10);
    uint32_t blocks[MAX_BLOCKS];
    int block_count = 0;
    int32_t largest_block = 1;
    for (char *text = argv[5]; *text && block_count < MAX_BLOCKS; text += *text == ',') {
        blocks[block_count] = (uint32_t)strtoul(text, &text, 10);
        if (blocks[block_count] == 0) fail("cannot read the blocks %s", argv[5]);
        if ((int32_t)blocks[block_count] > largest_block) largest_block = (int32_t)blocks[block_count];
        block_count++;
    }
    for (int argument = 7; argument < argc; argument++) read_port(argv[argument], frames);

    void *library = dlopen(binary, RTLD_NOW | RTLD_LOCAL);
    if (!library) fail("cannot load %s: %s", binary, dlerror());
    LV2_Descriptor_Function entry = (LV2_Descriptor_Function)dlsym(library, "lv2_descriptor");
    if (!entry) fail("finds no lv2_descriptor in %s", binary);
    const LV2_Descriptor *descriptor = NULL;
    for (uint32_t index = 0; (descriptor = entry(index)) != NULL; index++)
        if (strcmp(descriptor->URI, uri) == 0) break;
    if (!descriptor) fail("finds no plugin %s in %s", uri, binary);

    static const int32_t sequence_size = SEQUENCE_BYTES;
    LV2_URID int_type = map_uri(NULL, LV2_ATOM__Int);
    LV2_Options_Option options[] = {
        {LV2_OPTIONS_INSTANCE, 0, map_uri(NULL, LV2_BUF_SIZE__maxBlockLength), sizeof(int32_t), int_type, &largest_block},
        {LV2_OPTIONS_INSTANCE, 0, map_uri(NULL, LV2_BUF_SIZE__sequenceSize), sizeof(int32_t), int_type, &sequence_size},
        {LV2_OPTIONS_INSTANCE, 0, 0, 0, 0, NULL},
    };
    LV2_URID_Map map = {NULL, map_uri};
    LV2_Feature map_feature = {LV2_URID__map, &map}, options_feature = {LV2_OPTIONS__options, options};
    const LV2_Feature *features[] = {&map_feature, &options_feature, NULL};
    LV2_Handle handle = descriptor->instantiate(descriptor, rate, "", features);
    if (!handle) fail("could not instantiate %s", uri);
    LV2_URID sequence_type = map_uri(NULL, LV2_ATOM__Sequence), midi_type = map_uri(NULL, LV2_MIDI__MidiEvent);
    LV2_URID chunk_type = map_uri(NULL, LV2_ATOM__Chunk);

    for (int index = 0; index < port_count; index++) {
        Port *port = &ports[index];
        void *data = port->kind == 'c' ? (void *)&port->control : port->sequence ? (void *)port->sequence : (void *)port->audio;
        descriptor->connect_port(handle, port->index, data);
    }
    if (descriptor->activate) descriptor->activate(handle);
    int block = 0;
    for (long start = 0; start < frames; block = (block + 1) % block_count) {
        uint32_t length = blocks[block] < frames - start ? blocks[block] : (uint32_t)(frames - start);
        for (int index = 0; index < port_count; index++) {
            Port *port = &ports[index];
            if (port->audio) descriptor->connect_port(handle, port->index, port->audio + start);
            if (port->kind == 'm') fill_sequence(port, start, length, sequence_type, midi_type);
            if (port->kind == 'e') {
                // An output sequence: the host says how much room there is.
                port->sequence->atom.type = chunk_type;
                port->sequence->atom.size = SEQUENCE_BYTES - sizeof(LV2_Atom);
            }
        }
        descriptor->run(handle, length);
        for (int index = 0; index < port_count; index++) {
            Port *port = &ports[index];
            if (port->kind != 'e') continue;
            LV2_ATOM_SEQUENCE_FOREACH(port->sequence, event) port->written_events++;
        }
        start += length;
    }
    if (descriptor->deactivate) descriptor->deactivate(handle);

    FILE *output = fopen(output_path, "wb");
    if (!output) fail("cannot write %s", output_path);
    for (int index = 0; index < port_count; index++) {
        Port *port = &ports[index];
        if (port->kind == 'o' && fwrite(port->audio, sizeof(float), (size_t)frames, output) != (size_t)frames)
            fail("cannot write %s", output_path);
        if (port->kind == 'c') printf("control %u: %.9g\n", port->index, port->control);
        if (port->kind == 'e') printf("events %u: %ld\n", port->index, port->written_events);
    }
    if (fclose(output) != 0) fail("cannot write %s", output_path);
    descriptor->cleanup(handle);
    dlclose(library);
    return 0;
}
