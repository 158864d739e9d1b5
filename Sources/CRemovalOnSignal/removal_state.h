#ifndef REMOVAL_STATE_H
#define REMOVAL_STATE_H

// What plugin_calls.c's handlers need of removal_on_signal.c; both async-signal-safe.

/// Deletes the armed temporary file, if any.
void removal_remove_now(void);
/// The complete output's name, or NULL.
const char *removal_completed_name(void);

#endif
