import Foundation

/// Whole audio files in memory: reading any format libsndfile knows (WAV, FLAC, AIFF,
/// …) and writing them. Renders stream through `AudioFileReader` and `AudioFileWriter`
/// instead; these are for fixtures and short files.
public enum AudioFile {
    public static func read(path: String) throws -> AudioData {
        try AudioFileReader(path: path).readAll()
    }

    /// Writes an audio file as a render does (see `AudioFileWriter`), of the type its
    /// extension names (see `OutputFormat`): a regular file only appears once complete,
    /// so a failure never leaves a partial file behind.
    public static func write(_ audio: AudioData, to path: String, format sample: SampleFormat? = nil) throws {
        let target = try OutputTarget(path)
        let format = try OutputFormat(target: target, requested: sample)
        let source = try MemorySource(audio)
        let writer = try AudioFileWriter(target: target, sampleRate: audio.sampleRate, channelCount: audio.channels.count, format: format)
        let block = 65536
        let buffers = audio.channels.map { _ in UnsafeMutableBufferPointer<Float>.allocate(capacity: block) }
        defer { buffers.forEach { $0.deallocate() } }
        while case let count = try source.read(into: buffers, frames: block), count > 0 {
            try writer.write(buffers, offset: 0, frames: count)
        }
        try writer.finish()
    }

    /// Throws unless a WAV file can be written at `path` (see `OutputTarget`).
    public static func checkWritable(_ path: String) throws {
        _ = try OutputTarget(path)
    }

    /// Throws unless `path` names an existing, readable regular file. The type is checked
    /// before anything opens the file: opening a FIFO with no writer would wait forever.
    /// `allowsDirectory`: a folder is what may be meant (a plugin's path parameter).
    public static func checkReadable(_ path: String, what: String, allowsDirectory: Bool = false) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR {
                throw HostError("The \(what) \(path) does not exist.", kind: .file)
            }
            throw HostError("The \(what) \(path) cannot be read (\(String(cString: strerror(errno)))).", kind: .file)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR:
            guard allowsDirectory else { throw HostError("The \(what) \(path) is a directory.", kind: .file) }
        case S_IFIFO: throw HostError("The \(what) \(path) is a FIFO (named pipe); lv2render reads only regular files.", kind: .file)
        default: throw HostError("The \(what) \(path) is a device or socket, not a regular file.", kind: .file)
        }
        guard access(path, R_OK) == 0 else {
            throw HostError("The \(what) \(path) cannot be read (\(String(cString: strerror(errno)))).", kind: .file)
        }
    }
}
