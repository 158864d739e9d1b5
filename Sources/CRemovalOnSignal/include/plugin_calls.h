#ifndef PLUGIN_CALLS_H
#define PLUGIN_CALLS_H

// The plugin call the host is in, so that a plugin that crashes or hangs ends a render
// with one sentence naming the plugin, the call and (for run) the frames, with no backtrace
// and no half-written file. The host brackets every call into a plugin with begin and end
// (a few stores to the calling thread's own record: nothing allocates or locks); the
// handlers read that record. Nothing is recorded or reported until `plugin_guard_install` is
// called, which only lv2render's render does (so Python's library, loaded with dlopen, never
// has a thread's TLS allocated inside a `run`).

/// `plugin` (the URI) and `call` (the LV2 function's name) must outlive the call. For run,
/// `first_frame` and `frames` give the block (the plugin's own frames since it was made);
/// -1 otherwise. Calls nest (work inside run, restore's work inside restore), up to 8 deep.
void plugin_call_begin(const char *plugin, const char *call, long long first_frame, long long frames);
void plugin_call_end(void);

/// The exit status of a render a plugin crashed or hung in (docs/lv2render.md).
#define PLUGIN_FAILURE_STATUS 3

/// From now on SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT raised inside a plugin call of any
/// thread remove the render's temporary file (removal_on_signal.h), write the sentence to
/// stderr and end the process with PLUGIN_FAILURE_STATUS; a crash or a hang in cleanup once
/// the output is complete is a warning, and the process ends with status 0. Outside a plugin call the
/// signal goes to the handler there was before. The handler runs on an alternate stack, so a
/// plugin that overflows its stack is named too. With `timeout_seconds` > 0, a watchdog thread
/// ends the process the same way when the calling thread stays that long in one plugin call.
/// Returns 0, or -1 when the alternate stack or the watchdog cannot be made.
int plugin_guard_install(double timeout_seconds);

#endif
