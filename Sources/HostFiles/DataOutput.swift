import Foundation

/// Standard output kept for a command's data: a WAV written to `-o -`, the summary and
/// `--json`. Plugins print to file descriptor 1 as they please (printf in instantiate or
/// run); after `reserve()`, descriptor 1 is a copy of standard error, so what they print
/// lands there, and the data goes to `descriptor`, the real standard output.
package enum DataOutput {
    /// Where the data goes: standard output itself until `reserve()`, then its copy.
    package nonisolated(unsafe) private(set) static var descriptor: Int32 = STDOUT_FILENO

    /// Moves standard output to a new descriptor and points descriptor 1 at standard
    /// error, for the rest of the process. Call before any plugin is loaded.
    package static func reserve() {
        guard descriptor == STDOUT_FILENO else { return }
        fflush(nil)
        let copy = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else { return }
        descriptor = copy
    }

    /// Writes `text` as data, every byte checked: a full disk is an error, not a crash or an
    /// empty file reported as success.
    package static func write(_ text: String) throws {
        if let failure = OutputTarget.writeAll(Array(text.utf8), to: descriptor) {
            throw HostError("Standard output could not be written (\(failure)).", kind: .file)
        }
    }
}
