#ifndef CHILD_PROCESSES_H
#define CHILD_PROCESSES_H

// Child processes that a signal stops, for a batch render. Foundation's Process, started
// from a Dispatch thread, hands the child that thread's signal mask, in which almost every
// signal is blocked (swift-corelibs-foundation #4772): such a child outlives a Ctrl-C.
// posix_spawn with an empty mask and default dispositions does not, and leaves the child in
// our process group, where a terminal's Ctrl-C reaches it directly.

#include <sys/types.h>

/// Starts `path` with `argv` (NULL-terminated) and our environment, standard input from
/// /dev/null, standard output and error on `output` and `errors`, an empty signal mask and
/// default dispositions for the stop signals and SIGPIPE (except a stop signal this process
/// ignores, as nohup leaves SIGHUP: the child ignores it too), and the `shared_count` (at most 8)
/// descriptors `shared` as its descriptors 3, 4…, close-on-exec here or not (render
/// --isolate's socket and shared memory). Returns its process ID, or -1 with errno.
pid_t child_spawn(const char *path, char *const argv[], int output, int errors, const int *shared, int shared_count);

/// A file in memory for a child's output or errors (memfd, close-on-exec), or -1.
int child_output_file(void);

/// A descriptor that a poll finds readable once the child `pid` has ended (pidfd_open,
/// close-on-exec), or -1 with errno: what tells a child's end when something the child
/// started still holds the other end of its socket.
int child_end_descriptor(pid_t pid);

/// Catches SIGINT, SIGTERM, SIGHUP and SIGQUIT (those not ignored) and SIGCHLD: each writes a byte
/// to a pipe, whose reading end is returned (or -1), so that a poll on it wakes for both a
/// stop and a finished child without a race. Call once.
int stop_signals_watch(void);

/// Unblocks the stop signals in the calling thread (and the threads it starts later), in
/// case whatever started us left them blocked.
void stop_signals_unblock(void);

/// Where lv2render tells a child it starts (a batch's render, a check's worker) its own
/// process ID, for the child to call `stop_with_parent` with as it starts.
#define LV2RENDER_PARENT_VARIABLE "LV2RENDER_PARENT"

/// For a child of lv2render: SIGTERM when `parent` ends, however it ends (SIGKILL included), so
/// that no child outlives what started it; SIGTERM at once if `parent` is gone already.
void stop_with_parent(pid_t parent);

/// The first stop signal received since `stop_signals_watch`, or 0.
int stop_signal_received(void);

/// Ends the process as `signal_number` would have without our handler (so that a shell
/// sees status 128 + the signal).
void stop_signal_raise(int signal_number);

#endif
