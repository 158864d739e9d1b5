#ifndef HOST_SUPPORT_H
#define HOST_SUPPORT_H

// What the Swift host cannot write itself: LV2's log feature has C-variadic
// printf functions, which Swift can call but not define.

#include <lv2/log/log.h>
#include <lv2/urid/urid.h>

/// An `LV2_Log_Log` that writes each message to stderr, prefixed with its level.
/// `log` comes first, so a pointer to this struct is a valid `LV2_Log_Log *`.
typedef struct {
    LV2_Log_Log log;
    LV2_URID error;
    LV2_URID warning;
    LV2_URID trace;
} HostSupportLog;

/// Fills in the function pointers and the level URIDs; trace messages are dropped,
/// and every level other than error and warning is shown as a note.
void host_support_log_init(HostSupportLog *log, LV2_URID error, LV2_URID warning, LV2_URID trace);

#endif
