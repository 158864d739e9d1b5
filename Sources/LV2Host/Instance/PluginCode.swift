import CHostSupport

/// Runs `body`, which calls into plugin code (a library loaded, a dynamic manifest read,
/// instantiate, run, the worker, state, cleanup), and puts the thread's floating-point mode
/// back as it was: whatever mode a plugin sets, the host parses, rounds and writes numbers
/// as it always does (two register reads, and a write only when the plugin changed them).
/// The run path (`run`, the worker's calls) saves and restores without this function: a debug
/// build calls a generic function with a closure through the runtime, which allocated and
/// locked in the first `run` of eg-sampler (check's real-time).
@inline(__always)
package func callingPluginCode<Result>(_ body: () throws -> Result) rethrows -> Result {
    let mode = host_floating_point_mode_save()
    defer { host_floating_point_mode_restore(mode) }
    return try body()
}
