import HostFiles
import Foundation

/// A test of a bundle whose binary was not rebuilt after a source edit would test the old
/// plugin and pass or fail for the wrong reason: the binary must exist and be newer than
/// every file under the package's source folder.
enum BuiltBinary {
    /// Throws one sentence when `binary` is missing or older than a file in `sources`.
    static func checkFresh(_ binary: String, sources: URL?, build: String) throws {
        let name = URL(fileURLWithPath: binary).lastPathComponent
        guard let built = modified(binary) else {
            throw HostError("The plugin binary \(binary) is missing: build the bundle first (\(build)).")
        }
        guard let sources else { return }
        let files = FileManager.default.enumerator(atPath: sources.path)
        while let file = files?.nextObject() as? String {
            let path = sources.appendingPathComponent(file).path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            if let date = modified(path), date > built {
                throw HostError("The plugin binary \(name) is older than \(sources.lastPathComponent)/\(file): build the bundle again first (\(build)).")
            }
        }
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
