#include "fuzz_host.h"

#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lv2/atom/atom.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/midi/midi.h>
#include <lv2/options/options.h>

#define MAX_URIS 64

static const char *uris[MAX_URIS] = {
    [FUZZ_URID_SEQUENCE] = LV2_ATOM__Sequence,
    [FUZZ_URID_FRAME_TIME] = LV2_ATOM__frameTime,
    [FUZZ_URID_MIDI_EVENT] = LV2_MIDI__MidiEvent,
    [FUZZ_URID_INT] = LV2_ATOM__Int,
};
static LV2_URID uri_count = FUZZ_URID_FIRST_OTHER;

static LV2_URID map_uri(LV2_URID_Map_Handle handle, const char *uri) {
    (void)handle;
    for (LV2_URID urid = 1; urid < uri_count; urid++) {
        if (strcmp(uris[urid], uri) == 0) return urid;
    }
    if (uri_count == MAX_URIS) return 0;
    uris[uri_count] = uri;  // the plugin's own string constants live as long as it does
    return uri_count++;
}

static void *library;
static const LV2_Descriptor *descriptor;
static LV2_Handle instances[16];
static int instance_count;

static void unload_plugin(void) {
    for (int index = 0; index < instance_count; index++) descriptor->cleanup(instances[index]);
    dlclose(library);
}

const LV2_Descriptor *fuzz_load_plugin(const char *uri) {
    const char *path = getenv("SWIFTLV2_PLUGIN");
    if (path == NULL) path = "plugin.lv2/swiftlv2.so";
    library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "Cannot load the plugin binary %s: %s\n", path, dlerror());
        exit(2);
    }
    LV2_Descriptor_Function descriptors = (LV2_Descriptor_Function)dlsym(library, "lv2_descriptor");
    for (uint32_t index = 0; descriptors != NULL && descriptors(index) != NULL; index++) {
        if (strcmp(descriptors(index)->URI, uri) == 0) {
            descriptor = descriptors(index);
            atexit(unload_plugin);
            return descriptor;
        }
    }
    fprintf(stderr, "The plugin binary %s has no plugin %s.\n", path, uri);
    exit(2);
}

LV2_Handle fuzz_instantiate(double sample_rate, const LV2_Feature *const *features,
                            uint32_t first_control, float *controls, int count) {
    LV2_Handle handle = descriptor->instantiate(descriptor, sample_rate, "", features);
    if (handle == NULL || instance_count == 16) abort();
    for (int control = 0; control < count; control++) {
        descriptor->connect_port(handle, first_control + control, &controls[control]);
    }
    return instances[instance_count++] = handle;
}

const LV2_Feature *const *fuzz_features(int32_t sequence_size) {
    static LV2_URID_Map map = {NULL, map_uri};
    static LV2_Feature map_feature = {LV2_URID__map, &map};
    static int32_t max_block = 4096;
    static int32_t sizes[2];
    static LV2_Options_Option options[2][3];
    static LV2_Feature option_features[2];
    static const LV2_Feature *arrays[2][3];
    int variant = sequence_size > 0;
    sizes[variant] = sequence_size;
    LV2_URID int_type = map_uri(NULL, LV2_ATOM__Int);
    options[variant][0] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, map_uri(NULL, LV2_BUF_SIZE__maxBlockLength),
                                               sizeof(int32_t), int_type, &max_block};
    options[variant][1] = variant ? (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, map_uri(NULL, LV2_BUF_SIZE__sequenceSize),
                                                         sizeof(int32_t), int_type, &sizes[variant]}
                                  : (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, 0, 0, 0, NULL};
    options[variant][2] = (LV2_Options_Option){LV2_OPTIONS_INSTANCE, 0, 0, 0, 0, NULL};
    option_features[variant] = (LV2_Feature){LV2_OPTIONS__options, options[variant]};
    arrays[variant][0] = &map_feature;
    arrays[variant][1] = &option_features[variant];
    arrays[variant][2] = NULL;
    return arrays[variant];
}

uint8_t fuzz_byte(FuzzReader *reader) {
    if (reader->size == 0) return 0;
    reader->size--;
    return *reader->data++;
}

uint16_t fuzz_u16(FuzzReader *reader) {
    uint16_t low = fuzz_byte(reader);
    return (uint16_t)(low | fuzz_byte(reader) << 8);
}

uint32_t fuzz_u32(FuzzReader *reader) {
    uint32_t low = fuzz_u16(reader);
    return low | (uint32_t)fuzz_u16(reader) << 16;
}

size_t fuzz_bytes(FuzzReader *reader, void *destination, size_t count) {
    if (count > reader->size) count = reader->size;
    memcpy(destination, reader->data, count);
    reader->data += count;
    reader->size -= count;
    return count;
}

void fuzz_read_controls(FuzzReader *reader, float *controls, int count) {
    for (int control = 0; control < count; control++) controls[control] = fuzz_control_value(fuzz_byte(reader));
}

float fuzz_control_value(uint8_t byte) {
    static const float specials[16] = {
        NAN, -NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1e30f, -1e30f,
        FLT_TRUE_MIN, -0.0f, 0.0f, -1.0f, -1000.0f, 0.5f, 7.9999f, 1.0f,
    };
    return byte < 16 ? specials[byte] : exp2f((byte - 16) / 12.0f - 4.0f);
}

float fuzz_sample(uint8_t byte) {
    static const float specials[16] = {
        NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, FLT_TRUE_MIN, -FLT_TRUE_MIN, FLT_MIN / 2,
        1.0f, -1.0f, 1.0f, -1.0f, 0.0f, -0.0f, 1e6f, -1e6f,
    };
    return byte < 16 ? specials[byte] : (byte - 136) / 120.0f;
}

void fuzz_require_finite(const float *samples, uint32_t count, float limit, const char *what) {
    for (uint32_t index = 0; index < count; index++) {
        if (!isfinite(samples[index]) || fabsf(samples[index]) > limit) {
            fprintf(stderr, "%s: frame %u is %g\n", what, index, samples[index]);
            abort();
        }
    }
}
