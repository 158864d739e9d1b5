#ifndef HOST_SUPPORT_H
#define HOST_SUPPORT_H

// What the Swift host cannot write itself: LV2's log feature has C-variadic
// printf functions, which Swift can call but not define.

#include <lv2/log/log.h>
#include <lv2/urid/urid.h>

/// An `LV2_Log_Log` that writes each message to stderr, prefixed with the plugin's name
/// and the level. `log` comes first, so a pointer to this struct is a valid `LV2_Log_Log *`.
typedef struct {
    LV2_Log_Log log;
    LV2_URID error;
    LV2_URID warning;
    LV2_URID trace;
    /// The plugin's name, owned by the caller, which keeps it as long as the log.
    const char *name;
} HostSupportLog;

/// Fills in the function pointers, the level URIDs and the name; trace messages are
/// dropped, and every level other than error and warning is shown as a note.
void host_support_log_init(HostSupportLog *log, LV2_URID error, LV2_URID warning, LV2_URID trace, const char *name);

#endif
