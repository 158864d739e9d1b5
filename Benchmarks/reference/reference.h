// The C references the benchmark measures our plugins against, built into one shared
// object per compiler. They are LV2 plugins with our plugins' ports, so the benchmark
// drives them with the very same host code.
#ifndef REFERENCE_H
#define REFERENCE_H

#include <lv2/core/lv2.h>
#include <lv2/urid/urid.h>

#define REFERENCE_SYNTH_URI "urn:swiftlv2:bench:reference-synth"
#define REFERENCE_LIBM_SYNTH_URI "urn:swiftlv2:bench:reference-synth-libm"
#define REFERENCE_ROUND_TRIP_URI "urn:swiftlv2:bench:reference-round-trip"

extern const LV2_Descriptor reference_synth_descriptor;
extern const LV2_Descriptor reference_libm_synth_descriptor;
extern const LV2_Descriptor reference_round_trip_descriptor;

/// The data of the host feature with this URI, or NULL.
const void *reference_feature(const LV2_Feature *const *features, const char *uri);

/// The `bufsz:sequenceSize` option (an atom:Int), or 0 when the host gave none.
long reference_sequence_size(const LV2_Feature *const *features, const LV2_URID_Map *map);

#endif
