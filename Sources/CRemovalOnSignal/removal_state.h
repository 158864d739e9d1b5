#ifndef REMOVAL_STATE_H
#define REMOVAL_STATE_H

// What plugin_calls.c's handlers need of removal_on_signal.c (async-signal-safe), and the other way.

/// Deletes the armed temporary file, if any.
void removal_remove_now(void);
/// The complete output's name, or NULL.
const char *removal_completed_name(void);

/// What removal_on_signal.c needs of plugin_calls.c: whether the plugin guard's handler has
/// `signal_number` (then the guard removes the file itself).
int plugin_guard_handles(int signal_number);

#endif
