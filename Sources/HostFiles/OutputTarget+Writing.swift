import CRemovalOnSignal
import Foundation

extension OutputTarget {
    /// The descriptor to write to: a new temporary file with the target's permissions (deleted
    /// on a stop signal until `discardTemporary`), or the target itself.
    func openForWriting() throws -> Int32 {
        switch kind {
        case .standardOutput:
            let descriptor = dup(DataOutput.descriptor)
            guard descriptor >= 0 else {
                throw HostError("Standard output cannot be written (\(String(cString: strerror(errno)))).", kind: .file)
            }
            return descriptor
        case .special:
            let descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else {
                throw HostError("The output \(name) cannot be opened (\(String(cString: strerror(errno)))).", kind: .file)
            }
            return descriptor
        case .regular:
            guard removal_on_signal_set(temporaryPath) == 0 else {
                throw HostError("The output path \(name) is too long.", kind: .file)
            }
            let descriptor = Glibc.open(temporaryPath, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, existing?.mode ?? 0o666)
            guard descriptor >= 0 else {
                removal_on_signal_set(nil)
                throw HostError("The output file \(name) could not be created (\(String(cString: strerror(errno)))).", kind: .file)
            }
            if let existing {
                // The umask may have taken bits away; root also keeps the owner and group.
                fchmod(descriptor, existing.mode)
                if geteuid() == 0 { _ = fchown(descriptor, existing.owner, existing.group) }
            }
            return descriptor
        }
    }

    /// For the C library inside another program: the signals that program handles itself stay
    /// its own (Python's Ctrl-C stays a KeyboardInterrupt), the others remove a partial file.
    package static func leaveHandledSignals() {
        removal_on_signal_leave_handled()
    }

    /// Removes the temporary file, if it is still there, and stops deleting it on a signal.
    func discardTemporary() {
        guard kind == .regular else { return }
        unlink(temporaryPath)
        removal_on_signal_set(nil)
    }

    /// Writes `bytes` as the whole file, every write and the close checked: a regular file
    /// through its temporary file, renamed over the target only once complete, so that a
    /// failure (a full disk) leaves the previous file or nothing. `what` names the file in
    /// the sentence: "The MIDI file".
    public func writeWhole(_ bytes: [UInt8], what: String) throws {
        let descriptor = try openForWriting()
        var failure = Self.writeAll(bytes, to: descriptor)
        if kind == .regular, failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, kind == .regular, !moveIntoPlace() { failure = String(cString: strerror(errno)) }
        discardTemporary()
        if let failure { throw HostError("\(what) \(name) could not be written (\(failure)).", kind: .file) }
    }

    /// Renames the complete temporary file to the target's name (its bytes, for a name that is
    /// not UTF-8); false with errno set when that fails.
    func moveIntoPlace() -> Bool {
        ByteName.withFileSystemPath(path) { rename(temporaryPath, $0) } == 0
    }

    /// Writes every byte, retrying after an interruption; nil, or what went wrong.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return String(cString: strerror(written == 0 ? EIO : errno)) }
            sent += written
        }
        return nil
    }
}
