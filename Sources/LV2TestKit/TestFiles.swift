import HostFiles
import Foundation

/// Files a test makes for the plugin to read (a sample, an impulse response), generated
/// rather than committed, in a folder of its own.
public final class TestFiles {
    /// A new, empty folder, removed with this object.
    public let folder: URL

    /// Makes the folder; throws when the temporary directory cannot hold it.
    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lv2testkit-files-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The absolute path of `name` in the folder.
    public func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    /// Writes `channels` as a 32-bit float sound file named `name` (its type from the
    /// extension: .wav or .aiff) and returns its absolute path.
    @discardableResult
    public func writeAudio(_ channels: [[Float]], sampleRate: Double, to name: String) throws -> String {
        let file = path(name)
        try AudioFile.write(AudioData(sampleRate: sampleRate, channels: channels), to: file, format: .float32)
        return file
    }
}
