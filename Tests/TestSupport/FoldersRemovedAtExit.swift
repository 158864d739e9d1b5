import Foundation

/// Folders to delete when the process exits, whether or not their owners are released
/// first (XCTest keeps every test case object alive until the end of the run).
final class FoldersRemovedAtExit: @unchecked Sendable {
    static let shared = FoldersRemovedAtExit()
    private let lock = NSLock()
    private var folders: [URL] = []

    private init() {
        atexit { FoldersRemovedAtExit.shared.removeAll() }
    }

    func add(_ folder: URL) {
        lock.withLock { folders.append(folder) }
    }

    private func removeAll() {
        lock.withLock { folders.forEach { try? FileManager.default.removeItem(at: $0) } }
    }
}
