import HostFiles
import Foundation

// Each thread has its own last error, so that threads working on different chains never
// read each other's messages.
private let lastErrorKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { free($0) }
    return key
}()

// The kind is kept as a pointer-sized integer, so that it needs no freeing.
private let lastErrorKindKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

@_cdecl("swiftlv2_last_error")
public func swiftlv2_last_error() -> UnsafePointer<CChar>? {
    UnsafePointer(pthread_getspecific(lastErrorKey)?.assumingMemoryBound(to: CChar.self))
}

/// The kind of the calling thread's last failure (HostError.Kind's raw value), 0 before any.
@_cdecl("swiftlv2_last_error_kind")
public func swiftlv2_last_error_kind() -> Int32 {
    Int32(truncatingIfNeeded: Int(bitPattern: pthread_getspecific(lastErrorKindKey)))
}

@_cdecl("swiftlv2_string_free")
public func swiftlv2_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

func recordError(_ error: Error) {
    let hostError = error as? HostError
    let message = ByteName.showingNames(in: hostError?.description ?? "\(error)")
    free(pthread_getspecific(lastErrorKey))
    pthread_setspecific(lastErrorKey, strdup(message))
    let kind = Int(hostError?.kind.rawValue ?? HostError.Kind.invalid.rawValue)
    pthread_setspecific(lastErrorKindKey, UnsafeRawPointer(bitPattern: kind))
}

/// Runs `body`; 0 when it succeeds, else -1 with the message kept for `swiftlv2_last_error`.
/// The names it was given that are not UTF-8 are forgotten after it (`ByteName.scoped`).
func status(_ body: () throws -> Void) -> Int32 {
    ByteName.scoped {
        do {
            try body()
            return 0
        } catch {
            recordError(error)
            return -1
        }
    }
}

/// `body`'s result, or nil with the message kept.
func result<T>(_ body: () throws -> T) -> T? {
    ByteName.scoped {
        do {
            return try body()
        } catch {
            recordError(error)
            return nil
        }
    }
}

/// lilv and the descriptions it holds are not thread-safe: whatever reads them (finding plugins,
/// making instances, presets, state) goes one thread at a time. Processing audio does not.
let descriptionLock = NSLock()

func withDescriptions<T>(_ body: () throws -> T) rethrows -> T {
    descriptionLock.lock()
    defer { descriptionLock.unlock() }
    return try body()
}

/// A string the caller frees with `swiftlv2_string_free`.
func ownedString(_ text: String) -> UnsafeMutablePointer<CChar>? {
    strdup(text)
}

/// A C string that must be UTF-8 (a URI, a symbol).
func string(_ pointer: UnsafePointer<CChar>?, _ what: String) throws -> String {
    guard let pointer else { throw HostError("The \(what) is missing (a null pointer).") }
    guard let string = String(validatingCString: pointer) else {
        throw HostError("The \(what) \(ByteName.escaped(ByteName.bytes(pointer))) is not UTF-8.")
    }
    return string
}

/// A C string that may name a file, taken as the bytes it is: an alias when it is not UTF-8
/// (`ByteName`), forgotten when the call returns, or kept when a plugin gets it (`kept`).
func fileName(_ pointer: UnsafePointer<CChar>?, _ what: String, kept: Bool = false) throws -> String {
    guard let pointer else { throw HostError("The \(what) is missing (a null pointer).") }
    let path = ByteName.alias(pointer)
    if kept { ByteName.keep(path) }
    return path
}

func json(_ object: Any) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}
