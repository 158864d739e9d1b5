#include "host_support.h"

#include <stdarg.h>
#include <stdio.h>

static int host_support_vprintf(LV2_Log_Handle handle, LV2_URID type, const char *format, va_list args) {
    const HostSupportLog *log = handle;
    const char *level = "note";
    if (type == log->trace) {
        return 0;
    } else if (type == log->error) {
        level = "error";
    } else if (type == log->warning) {
        level = "warning";
    }
    int written = fprintf(stderr, "%s: %s: ", log->name, level);
    written += vfprintf(stderr, format, args);
    return written;
}

static int host_support_printf(LV2_Log_Handle handle, LV2_URID type, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int written = host_support_vprintf(handle, type, format, args);
    va_end(args);
    return written;
}

void host_support_log_init(HostSupportLog *log, LV2_URID error, LV2_URID warning, LV2_URID trace, const char *name) {
    log->name = name;
    log->log.handle = log;
    log->log.printf = host_support_printf;
    log->log.vprintf = host_support_vprintf;
    log->error = error;
    log->warning = warning;
    log->trace = trace;
}
