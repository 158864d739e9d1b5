/* swiftlv2.h: the C interface of libswiftlv2, SwiftLV2's offline LV2 host as a library.
 *
 * The library is built from the host lv2render uses (Sources/LV2Host), with the Swift
 * runtime linked in: it needs only lilv, libsndfile, libsamplerate and libc.
 * Python's `swiftlv2` package calls it through ctypes.
 *
 * Conventions:
 * - Functions that return int32_t return 0 on success and -1 on failure; functions that
 *   return a pointer return NULL on failure. After a failure, swiftlv2_last_error() gives
 *   one plain sentence (lv2render's message) for the calling thread.
 * - Strings are UTF-8, NUL-terminated. A `char *` returned is the caller's, to be freed
 *   with swiftlv2_string_free.
 * - Audio is non-interleaved 32-bit float: one pointer per channel.
 * - Calls on different chains may run on different threads at once; calls on one chain
 *   must not overlap. swiftlv2_chain_process does no more than run the plugins, so it
 *   scales across threads; the calls that read descriptions take a lock of their own.
 */
#ifndef SWIFTLV2_H
#define SWIFTLV2_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct swiftlv2_world swiftlv2_world;
typedef struct swiftlv2_chain swiftlv2_chain;
typedef struct swiftlv2_audio swiftlv2_audio;

/* The message of the calling thread's last failure; valid until its next failure. */
const char *swiftlv2_last_error(void);

/* The kind of the calling thread's last failure, so that each kind can be answered alike
 * (Python raises one exception type for each); 0 before any failure. */
enum {
    SWIFTLV2_ERROR_INVALID = 1,        /* a value, label, name or combination the host cannot take */
    SWIFTLV2_ERROR_NOT_FOUND = 2,      /* no plugin, preset, port, parameter or stage by that name */
    SWIFTLV2_ERROR_FILE = 3,           /* a file or folder missing, unreadable or not writable */
    SWIFTLV2_ERROR_PLUGIN_CRASHED = 4  /* a plugin crashed while the host ran it */
};
int32_t swiftlv2_last_error_kind(void);

void swiftlv2_string_free(char *string);

/* lv2render's default sample rate and block length, and its rounding of seconds to frames
 * (half away from zero), for callers whose defaults and lengths must match it. */
double swiftlv2_default_sample_rate(void);
int32_t swiftlv2_default_block_length(void);
int64_t swiftlv2_frames(double seconds, double sample_rate);

/* --- The world: every plugin description on the LV2 path ------------------------------ */

/* lv2_path: a colon-separated list of folders that hold bundles; NULL for $LV2_PATH, else
 * default_bundle (a bundle folder loaded first, or NULL) and the standard folders
 * (~/.lv2, /usr/local/lib/lv2, /usr/lib/lv2), as lv2render searches. */
swiftlv2_world *swiftlv2_world_new(const char *lv2_path, const char *default_bundle);
void swiftlv2_world_free(swiftlv2_world *world);

/* A JSON array with one object per plugin: uri, name, instrument, audio_inputs, audio_outputs. */
char *swiftlv2_world_plugins_json(swiftlv2_world *world);

/* One plugin's description as a JSON object, as lv2render info --json prints it (snake_case keys,
 * schema_version): ports (ranges, defaults, units, scale points), groups, parameters, presets,
 * features. The ranges of lv2:sampleRate ports are in hertz at `sample_rate` (0: as declared). */
char *swiftlv2_world_plugin_json(swiftlv2_world *world, const char *uri, double sample_rate);

/* --- Chains: plugins kept alive between calls ------------------------------------------ */

/* A chain of `count` plugins, each one's audio outputs feeding the next one's inputs, run in
 * blocks of `block_length` frames (lv2render's default is 512) carried over from call to call.
 * It takes as many input channels as the first plugin has audio inputs until a reset says
 * otherwise. */
swiftlv2_chain *swiftlv2_chain_new(swiftlv2_world *world, const char *const *uris, int32_t count,
                                   double sample_rate, int32_t block_length);

/* A chain of the plugins of `count` chains, in order, each set up as it is in its chain
 * (controls, preset, state, parameters), at the first chain's rate and block length. */
swiftlv2_chain *swiftlv2_chain_join(swiftlv2_world *world, swiftlv2_chain *const *chains, int32_t count);

void swiftlv2_chain_free(swiftlv2_chain *chain);

/* Starts afresh: new instances set up as the chain's plugins have been set up, time at 0, no
 * MIDI queued. input_channels: the channels each call brings (-1: as before); bpm: the tempo
 * for plugins that follow the transport (0: 120, or a MIDI file's tempo map). */
int32_t swiftlv2_chain_reset(swiftlv2_chain *chain, int32_t input_channels, double bpm);

/* The same, with the last side_chain_channels of the input_channels feeding the first plugin's
 * side-chain inputs (lv2:isSideChain, or a group that is pg:sideChainOf another); a mono part
 * feeds all its inputs. swiftlv2_chain_reset feeds none (-1 there keeps them as before). */
int32_t swiftlv2_chain_reset_side_chain(swiftlv2_chain *chain, int32_t input_channels, int32_t side_chain_channels, double bpm);
int32_t swiftlv2_chain_side_chain_channels(swiftlv2_chain *chain);

int32_t swiftlv2_chain_input_channels(swiftlv2_chain *chain);
int32_t swiftlv2_chain_output_channels(swiftlv2_chain *chain);
/* 1 when the last plugin has an atom output, whose MIDI swiftlv2_chain_take_midi_output_json gives. */
int32_t swiftlv2_chain_sends_midi(swiftlv2_chain *chain);
/* Frames processed since the last reset. */
int64_t swiftlv2_chain_position(swiftlv2_chain *chain);
/* The plugins' reported latency in frames, summed; -1 on failure. */
int64_t swiftlv2_chain_latency(swiftlv2_chain *chain);

/* Plugin `stage`'s description as swiftlv2_world_plugin_json gives it, with the ranges of
 * lv2:sampleRate ports in hertz at the chain's rate, as its instance sees them. */
char *swiftlv2_chain_plugin_json(swiftlv2_chain *chain, int32_t stage);

/* Settings of plugin `stage` (0 for the first), applied now and kept for the next reset.
 * NAME=VALUE as lv2render --set takes it: a control or CV input by symbol (a number, in hertz
 * for an lv2:sampleRate port, or a scale point's label in any case), else a patch parameter by
 * URI, label or the URI's last part (a path, a number, true…). */
int32_t swiftlv2_chain_set(swiftlv2_chain *chain, int32_t stage, const char *name, const char *value);
/* The same for a control or CV input and a number. */
int32_t swiftlv2_chain_set_control(swiftlv2_chain *chain, int32_t stage, const char *symbol, float value);
/* The current value of a control port, input or output. */
int32_t swiftlv2_chain_get_control(swiftlv2_chain *chain, int32_t stage, const char *symbol, float *value);
/* A preset by URI or label. */
int32_t swiftlv2_chain_load_preset(swiftlv2_chain *chain, int32_t stage, const char *preset);
/* A state directory as swiftlv2_chain_save_state, jalv and lv2render --save-state write it. */
int32_t swiftlv2_chain_load_state(swiftlv2_chain *chain, int32_t stage, const char *path);
int32_t swiftlv2_chain_save_state(swiftlv2_chain *chain, int32_t stage, const char *directory);

/* Queues `count` MIDI messages for the first plugin: message i is sizes[i] bytes of `bytes`
 * (one after another), due at seconds[i] since the last reset. */
int32_t swiftlv2_chain_add_midi(swiftlv2_chain *chain, const double *seconds, const uint8_t *bytes,
                                const int32_t *sizes, int32_t count);
/* Queues a Standard MIDI File from `offset` seconds since the reset (its tempo map drives the
 * transport when it starts at 0 before anything is processed); *end_seconds gets the time of
 * its last event since the reset. */
int32_t swiftlv2_chain_add_midi_file(swiftlv2_chain *chain, const char *path, double offset, double *end_seconds);

/* Runs the next `frames` frames: inputs[c] holds `frames` samples of input channel c,
 * outputs[c] has room for as many of output channel c. The counts must match the chain's. */
int32_t swiftlv2_chain_process(swiftlv2_chain *chain, const float *const *inputs, int32_t input_count,
                               float *const *outputs, int32_t output_count, int64_t frames);

/* The same, for channels one after another in one buffer each: input holds input_count × frames
 * samples (channel c from c × frames on), output has room for output_count × frames. */
int32_t swiftlv2_chain_process_planar(swiftlv2_chain *chain, const float *input, int32_t input_count,
                                      float *output, int32_t output_count, int64_t frames);

/* The MIDI the last plugin sent since this was last called, as a JSON array of
 * [frame since the reset, [byte, …]]. */
char *swiftlv2_chain_take_midi_output_json(swiftlv2_chain *chain);

/* 1 while the last plugin's MIDI output holds a note it started since the reset (a render runs
 * on while it does, at most swiftlv2_tail_cap_seconds() after the input), else 0. */
int32_t swiftlv2_chain_holds_notes(swiftlv2_chain *chain);
/* Ends each note still held with a note-off at the last frame processed, in the MIDI output;
 * returns the sentence that says so, or "" when no note was held. */
char *swiftlv2_chain_end_held_notes(swiftlv2_chain *chain);
/* The longest a render's tail runs after its input, in seconds (lv2render's cap). */
double swiftlv2_tail_cap_seconds(void);

/* --- Audio files, through libsndfile --------------------------------------------------- */

/* Reads a whole file of any format libsndfile reads (WAV, FLAC, AIFF, Ogg…). */
swiftlv2_audio *swiftlv2_audio_read(const char *path);
int32_t swiftlv2_audio_channels(swiftlv2_audio *audio);
int64_t swiftlv2_audio_frames(swiftlv2_audio *audio);
double swiftlv2_audio_sample_rate(swiftlv2_audio *audio);
/* Copies the samples: channels[c] has room for swiftlv2_audio_frames() samples. */
void swiftlv2_audio_copy(swiftlv2_audio *audio, float *const *channels);
void swiftlv2_audio_free(swiftlv2_audio *audio);

/* Writes a WAV file as lv2render does (the file appears only once complete); format:
 * "float32", "pcm24" or "pcm16". */
int32_t swiftlv2_audio_write(const char *path, const float *const *channels, int32_t channel_count,
                             int64_t frames, double sample_rate, const char *format);

#ifdef __cplusplus
}
#endif

#endif
