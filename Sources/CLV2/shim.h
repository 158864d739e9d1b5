// The LV2 C API, as the plugins and the host see it from Swift.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lv2/core/lv2.h>
#include <lv2/atom/atom.h>
#include <lv2/buf-size/buf-size.h>
#include <lv2/log/log.h>
#include <lv2/midi/midi.h>
#include <lv2/options/options.h>
#include <lv2/parameters/parameters.h>
#include <lv2/state/state.h>
#include <lv2/urid/urid.h>
#include <lv2/worker/worker.h>

/// log:log's printf with a fixed format, since Swift cannot call a variadic C function:
/// "prefix: message detail" and a newline, to standard error when there is no log.
static inline void swiftlv2_log(const LV2_Log_Log *log, LV2_URID type, const char *prefix, const char *message,
                                const char *detail) {
    if (log && log->printf) {
        log->printf(log->handle, type, "%s: %s%s\n", prefix, message, detail);
    } else {
        fprintf(stderr, "%s: %s%s\n", prefix, message, detail);
    }
}
