import CHostSupport

/// Runs `body`, which calls into plugin code (a library loaded, a dynamic manifest read,
/// instantiate, run, the worker, state, cleanup), and puts the thread's floating-point mode
/// back as it was: whatever mode a plugin sets, the host parses, rounds and writes numbers
/// as it always does. Cheap enough for every `run` (two register reads, a write when changed).
@inline(__always)
package func callingPluginCode<Result>(_ body: () throws -> Result) rethrows -> Result {
    let mode = host_floating_point_mode_save()
    defer { host_floating_point_mode_restore(mode) }
    return try body()
}
