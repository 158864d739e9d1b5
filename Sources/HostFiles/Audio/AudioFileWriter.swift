import CRemovalOnSignal
import CSndFile
import Foundation

/// An audio file (see `OutputFormat`) written block by block with libsndfile, to an `OutputTarget`.
///
/// A regular file is written under its temporary name and renamed over the target by
/// `finish`; until then SIGINT, SIGTERM and SIGHUP delete the temporary file, and so
/// does releasing the writer. Standard output and other special files are written
/// straight through; one that cannot seek (a pipe, a terminal) gets the file from a
/// spool file at the end, since a WAV header is completed only once the length is known.
public final class AudioFileWriter: AudioSink {
    public let target: OutputTarget
    private let channelCount: Int
    private let format: OutputFormat
    private let file: OpaquePointer
    /// Where the finished file is copied for an output that cannot seek.
    private let spoolCopy: (spool: Int32, destination: Int32)?
    /// Frames gathered for the next write, interleaved.
    private var interleaved: [Float] = []
    private var pendingFrames = 0
    private var bytesWritten = 0
    private var finished = false

    /// WAV and AIFF sizes are 32-bit fields.
    static let largestDataSize = Int(UInt32.max) - 1024

    public init(target: OutputTarget, sampleRate: Double, channelCount: Int, format: OutputFormat) throws {
        let name = target.name
        guard channelCount > 0 else {
            throw HostError("There is no audio to write to \(name): the render has no channels.")
        }
        guard sampleRate >= 1, sampleRate <= Double(Int32.max) else {
            throw HostError("The sample rate \(sampleRate) cannot be written to an audio file.")
        }
        try format.check(sampleRate: sampleRate, channelCount: channelCount, name: name)
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate.rounded())
        info.channels = Int32(channelCount)
        info.format = format.sndfileFormat(channelCount: channelCount)

        let descriptor = try target.openForWriting()
        var spoolCopy: (Int32, Int32)? = nil
        var writtenDescriptor = descriptor
        if target.kind != .regular, lseek(descriptor, 0, SEEK_CUR) < 0 {
            let spool = try Self.spoolFile()
            spoolCopy = (spool, descriptor)
            writtenDescriptor = spool
        }
        guard let file = sf_open_fd(writtenDescriptor, Int32(SFM_WRITE), &info, spoolCopy == nil ? 1 : 0) else {
            let reason = sndfileError()
            Self.discard(target, spoolCopy ?? (descriptor, -1))
            throw HostError("The output file \(name) could not be created (\(reason)).", kind: .file)
        }
        // Out-of-range floats saturate in integer formats instead of wrapping around.
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        self.target = target
        self.channelCount = channelCount
        self.format = format
        self.file = file
        self.spoolCopy = spoolCopy
    }

    deinit {
        if !finished {
            sf_close(file)
            Self.discard(target, spoolCopy ?? (-1, -1))
        }
    }

    public func write(_ channels: [UnsafeMutableBufferPointer<Float>], offset: Int, frames: Int) throws {
        if format.type == .wav || format.type == .aiff, let sample = format.sample {
            bytesWritten += frames * channelCount * sample.bytesPerSample
            guard bytesWritten <= Self.largestDataSize else {
                throw HostError("The output \(target.name) would pass 4 GiB, the most a \(format.type.displayName) file can hold; render less, use --format pcm16, or write a .caf or .flac file.")
            }
        }
        if interleaved.isEmpty { interleaved = [Float](repeating: 0, count: AudioFileReader.chunkFrames * channelCount) }
        var done = 0
        while done < frames {
            let count = min(frames - done, AudioFileReader.chunkFrames - pendingFrames)
            interleaved.withUnsafeMutableBufferPointer { samples in
                interleave(channels, offset: offset + done, frames: count, into: samples.baseAddress! + pendingFrames * channelCount)
            }
            pendingFrames += count
            done += count
            if pendingFrames == AudioFileReader.chunkFrames { try flush() }
        }
    }

    /// Hands the frames gathered so far to libsndfile: one call, one system call, a chunk
    /// at a time (see `AudioFileReader.chunkFrames`).
    private func flush() throws {
        guard pendingFrames > 0 else { return }
        let written = interleaved.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(pendingFrames)) }
        guard written == pendingFrames else {
            throw HostError("The output file \(target.name) could not be written (\(sndfileError(file))).", kind: .file)
        }
        pendingFrames = 0
    }

    /// Completes the file: renamed over the target, or copied out of the spool.
    public func finish() throws {
        try flush()
        finished = true
        let closed = sf_close(file)
        var failure: String? = closed == 0 ? nil : String(cString: sf_error_number(closed))
        if failure == nil, let (spool, destination) = spoolCopy {
            failure = Self.copy(spool, to: destination)
        }
        if failure == nil, target.kind == .regular, !target.moveIntoPlace() {
            failure = String(cString: strerror(errno))
        }
        Self.discard(target, spoolCopy ?? (-1, -1))
        if let failure {
            throw HostError("The output file \(target.name) could not be written completely (\(failure)).", kind: .file)
        }
        // A plugin that crashes in cleanup from now on leaves the file standing (plugin_calls.h).
        removal_on_signal_completed(ByteName.shown(target.name))
    }

    /// A file in the temporary directory, already unlinked so that nothing is left behind.
    private static func spoolFile() throws -> Int32 {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/lv2render-spool-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw HostError("No spool file could be made in \(folder) for an output that cannot seek (\(String(cString: strerror(errno)))).", kind: .file)
        }
        unlink(template)
        return descriptor
    }

    /// Copies the spool to the destination; nil, or what went wrong.
    private static func copy(_ spool: Int32, to destination: Int32) -> String? {
        guard lseek(spool, 0, SEEK_SET) == 0 else { return String(cString: strerror(errno)) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(spool, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return String(cString: strerror(errno)) }
            if count == 0 { return nil }
            if let failure = OutputTarget.writeAll(Array(buffer[..<count]), to: destination) { return failure }
        }
    }

    /// Removes the temporary file (if it is still there) and closes the spool's descriptors.
    private static func discard(_ target: OutputTarget, _ spool: (Int32, Int32)) {
        target.discardTemporary()
        [spool.0, spool.1].filter { $0 >= 0 }.forEach { close($0) }
    }
}
