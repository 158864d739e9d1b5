import AudioMIDIFiles
import CLV2
import Foundation

/// A plugin's shared object, opened with `dlopen` and closed when released.
///
/// `RTLD_LOCAL` keeps each library's symbols to itself, so two plugins that
/// bundle different versions of the same code cannot clash.
public final class PluginLibrary {
    public let path: String
    private let handle: UnsafeMutableRawPointer
    private let lv2Descriptor: @convention(c) (UInt32) -> UnsafePointer<LV2_Descriptor>?

    public init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw HostError("The plugin library \(path) does not exist.", kind: .file)
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw HostError("The plugin library \(path) could not be loaded (\(reason)).", kind: .file)
        }
        guard let symbol = dlsym(handle, "lv2_descriptor") else {
            dlclose(handle)
            throw HostError("The plugin library \(path) has no lv2_descriptor function.")
        }
        self.path = path
        self.handle = handle
        lv2Descriptor = unsafeBitCast(symbol, to: (@convention(c) (UInt32) -> UnsafePointer<LV2_Descriptor>?).self)
    }

    deinit {
        dlclose(handle)
    }

    /// Whether the library at `path` is loaded in this process now (by anyone).
    public static func isLoaded(path: String) -> Bool {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_NOLOAD) else { return false }
        dlclose(handle)
        return true
    }

    /// Walks the library's descriptors (index 0, 1, … until NULL) to the one for `uri`.
    /// The descriptor stays valid while this library object lives.
    public func descriptor(uri: String) throws -> UnsafePointer<LV2_Descriptor> {
        var index: UInt32 = 0
        // The bound only protects against a library that never returns NULL.
        while index < 10_000, let descriptor = lv2Descriptor(index) {
            if let descriptorURI = descriptor.pointee.URI, String(cString: descriptorURI) == uri {
                return descriptor
            }
            index += 1
        }
        throw HostError("The plugin library \(path) does not contain the plugin \(uri).")
    }
}
