// The shared object's entry point and the feature look-ups both references use.
#include "reference.h"

#include <lv2/atom/atom.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/options/options.h>

#include <stddef.h>
#include <string.h>

LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {
    switch (index) {
    case 0: return &reference_synth_descriptor;
    case 1: return &reference_round_trip_descriptor;
    case 2: return &reference_libm_synth_descriptor;
    default: return NULL;
    }
}

const void *reference_feature(const LV2_Feature *const *features, const char *uri) {
    for (; features && *features; features++)
        if (strcmp((*features)->URI, uri) == 0) return (*features)->data;
    return NULL;
}

long reference_sequence_size(const LV2_Feature *const *features, const LV2_URID_Map *map) {
    const LV2_Options_Option *option = reference_feature(features, LV2_OPTIONS__options);
    LV2_URID key = map->map(map->handle, LV2_BUF_SIZE__sequenceSize);
    LV2_URID int_type = map->map(map->handle, LV2_ATOM__Int);
    for (; option && (option->key != 0 || option->value != NULL); option++)
        if (option->key == key && option->type == int_type && option->size >= 4) return *(const int32_t *)option->value;
    return 0;
}
