import CLV2
import Foundation

/// The URI ↔ URID table behind the host's `urid:map` and `urid:unmap` features.
///
/// Plugins may map URIs from any thread (the spec requires it to be thread-safe),
/// so every lookup takes a lock. Unmapped strings are kept as C strings for the
/// table's lifetime, because `unmap` returns pointers into them.
package final class URIDTable: @unchecked Sendable {
    private let lock = NSLock()
    private var urids: [String: LV2_URID] = [:]
    private var uris: [UnsafeMutablePointer<CChar>] = []

    deinit {
        uris.forEach { free($0) }
    }

    /// The URID of `uri`, assigning the next free one (URIDs start at 1) on first use.
    package func map(_ uri: String) -> LV2_URID {
        lock.lock()
        defer { lock.unlock() }
        if let urid = urids[uri] { return urid }
        uris.append(strdup(uri))
        let urid = LV2_URID(uris.count)
        urids[uri] = urid
        return urid
    }

    /// The URI that `urid` stands for, or nil for 0 and unknown URIDs.
    package func unmap(_ urid: LV2_URID) -> UnsafePointer<CChar>? {
        lock.lock()
        defer { lock.unlock() }
        guard urid >= 1, Int(urid) <= uris.count else { return nil }
        return UnsafePointer(uris[Int(urid) - 1])
    }

    /// The C structs handed to plugins. They point back at this table without
    /// retaining it: whoever holds them must keep the table alive.
    func mapFeatureData() -> LV2_URID_Map {
        LV2_URID_Map(handle: Unmanaged.passUnretained(self).toOpaque()) { handle, uri in
            guard let handle, let uri else { return 0 }
            return Unmanaged<URIDTable>.fromOpaque(handle).takeUnretainedValue().map(String(cString: uri))
        }
    }

    func unmapFeatureData() -> LV2_URID_Unmap {
        LV2_URID_Unmap(handle: Unmanaged.passUnretained(self).toOpaque()) { handle, urid in
            guard let handle else { return nil }
            return Unmanaged<URIDTable>.fromOpaque(handle).takeUnretainedValue().unmap(urid)
        }
    }
}
