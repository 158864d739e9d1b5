import CLV2
import Foundation

/// `state:mapPath`, `state:makePath` and `state:freePath` as `instantiate` gets them (lilv
/// gives its own, tied to the state's directory, for each save and restore). Offline there
/// is no session folder: paths map to themselves, and `makePath` makes files in a scratch
/// folder of this instance's own, created when first asked for and removed with it.
final class StatePaths {
    let mapPath = UnsafeMutablePointer<LV2_State_Map_Path>.allocate(capacity: 1)
    let makePath = UnsafeMutablePointer<LV2_State_Make_Path>.allocate(capacity: 1)
    let freePath = UnsafeMutablePointer<LV2_State_Free_Path>.allocate(capacity: 1)
    private let lock = NSLock()
    private var scratch: URL?

    init() {
        let handle = Unmanaged.passUnretained(self).toOpaque()
        mapPath.initialize(to: LV2_State_Map_Path(handle: handle, abstract_path: { _, path in
            path.flatMap { strdup($0) }
        }, absolute_path: { _, path in
            path.flatMap { strdup($0) }
        }))
        makePath.initialize(to: LV2_State_Make_Path(handle: handle) { handle, path in
            guard let handle, let path else { return nil }
            return Unmanaged<StatePaths>.fromOpaque(handle).takeUnretainedValue().make(String(cString: path))
        })
        freePath.initialize(to: LV2_State_Free_Path(handle: handle) { _, path in free(path) })
    }

    deinit {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
        mapPath.deallocate()
        makePath.deallocate()
        freePath.deallocate()
    }

    /// The absolute path for `path` in the scratch folder, its folders created; nil on failure.
    private func make(_ path: String) -> UnsafeMutablePointer<CChar>? {
        lock.lock()
        defer { lock.unlock() }
        let folder = scratch ?? FileManager.default.temporaryDirectory.appendingPathComponent("lv2render-scratch-\(UUID().uuidString)")
        let file = folder.appendingPathComponent(path)
        guard (try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)) != nil
        else { return nil }
        scratch = folder
        return strdup(file.path)
    }
}
