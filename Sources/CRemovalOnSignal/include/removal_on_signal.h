#ifndef REMOVAL_ON_SIGNAL_H
#define REMOVAL_ON_SIGNAL_H

// A file to delete if the process is ended by a signal (any whose default action ends
// it: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ, a crash's SIGSEGV…): the
// temporary file a render writes before renaming it over the target. The handler
// only calls unlink, signal and raise, which are async-signal-safe, on a path copied
// here beforehand; it then lets the signal end the process as it would have.

/// Deletes `path` (copied) on those signals from now on; NULL stops it. Returns 0, or
/// -1 when the path is too long to copy.
int removal_on_signal_set(const char *path);

/// Deletes the folder `path` (copied) and what it holds on those signals, and on a plugin's
/// crash (plugin_calls.h), from now on: the state folder being written before it is moved into
/// place. NULL stops it. Returns 0, or -1 when the path is too long to copy.
int removal_on_signal_set_folder(const char *path);

/// The output `name` (as the user wrote it) is complete: a plugin that crashes in cleanup
/// after this leaves it standing, with a warning (plugin_calls.h). Copied; NULL forgets it.
void removal_on_signal_completed(const char *name);

/// While `pending` is non-zero, more outputs follow the audio file (the MIDI of --midi-out,
/// written after the plugins are freed), so no output counts as complete.
void removal_on_signal_outputs_pending(int pending);

/// For a library in another program (Python): leaves alone, from now on, every signal the
/// program has a handler of its own for. Call before the first `removal_on_signal_set`.
void removal_on_signal_leave_handled(void);

#endif
