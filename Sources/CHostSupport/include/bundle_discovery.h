#ifndef BUNDLE_DISCOVERY_H
#define BUNDLE_DISCOVERY_H

// Reading bundles never read before in a forked child that runs only this C and lilv: a
// bundle that aborts (a dynamic manifest's assertion) or hangs ends the child, not the host.
// The child reports bundle by bundle and plugin by plugin over a pipe, one line each, tab-separated:
//   B <bundle> <offset>   it starts the bundle; its output so far is <offset> bytes of `errors`
//   P <uri> <name> <class URI or -> <binary or -> <audio ins> <audio outs> <MIDI in 0/1>
//     <MIDI out 0/1> <ports need a check 0/1> <required features, space-separated>
//   E                     it finished the bundle

#include <stddef.h>

/// Reads `bundles` (folder paths ending in "/") in a forked child, with dynamic manifests when
/// `dyn_manifest` is not 0, its standard output and error going to `errors` (a file the
/// caller reads afterwards), and calls `line` with each line it reports (without the newline).
/// Returns -1 when the child read every bundle, else the index of the bundle it was reading
/// when it died or stopped reporting for `timeout_ms`, with what happened in `what`
/// ("was ended by signal 6 (Aborted)", "did not finish within 10 s"); the bundles after it are
/// not read: call again with them. Returns -2 when a stop signal (SIGINT, SIGTERM, SIGHUP) ended
/// the child, which is no fault of the bundle.
int bundle_discovery_read(const char *const *bundles, int count, int dyn_manifest, int timeout_ms, int errors,
                          void (*line)(void *context, const char *text), void *context, char *what, size_t what_size);

#endif
