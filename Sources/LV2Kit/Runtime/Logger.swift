import CLV2

/// `log:log`, typed: messages go to the host's log, prefixed with the plugin's name, or
/// to standard error when the host gave no log (as the LV2 book's `lv2_log_logger` does).
///
/// The host's log is not real-time safe unless the host says so: log from `instantiate`,
/// `activate` and the worker, not from `run`.
public struct Logger {
    private let log: UnsafeMutablePointer<LV2_Log_Log>?
    private let error, warning, note: LV2_URID
    private let prefix: StaticString

    init(_ log: UnsafeMutablePointer<LV2_Log_Log>?, map: UnsafeMutablePointer<LV2_URID_Map>?, prefix: StaticString) {
        self.log = log
        self.prefix = prefix
        error = mapURI(URI.logError, with: map)
        warning = mapURI(URI.logWarning, with: map)
        note = mapURI(URI.logNote, with: map)
    }

    /// Logs "Name: message detail": `detail` is a C string from elsewhere (a URI, a path).
    public func error(_ message: StaticString, _ detail: UnsafePointer<CChar>? = nil) { write(error, message, detail) }
    /// Logs "Name: message detail" as a warning: something the user may want to fix.
    public func warning(_ message: StaticString, _ detail: UnsafePointer<CChar>? = nil) { write(warning, message, detail) }
    /// Logs "Name: message detail" as a note: for information.
    public func note(_ message: StaticString, _ detail: UnsafePointer<CChar>? = nil) { write(note, message, detail) }

    private func write(_ type: LV2_URID, _ message: StaticString, _ detail: UnsafePointer<CChar>?) {
        // Without a URID map the type is 0; the host's log still shows the message, as the
        // LV2 book's lv2_log_logger sends it.
        let empty: StaticString = ""
        swiftlv2_log(log, type, prefix.cString, message.cString, detail ?? empty.cString)
    }
}
