import CSndFile
import Foundation

/// How samples are stored in a written WAV file.
public enum SampleFormat: String, CaseIterable {
    case pcm16, pcm24, float32

    var sndfileSubtype: Int32 {
        switch self {
        case .pcm16: Int32(SF_FORMAT_PCM_16)
        case .pcm24: Int32(SF_FORMAT_PCM_24)
        case .float32: Int32(SF_FORMAT_FLOAT)
        }
    }
}

/// Reading any format libsndfile knows (WAV, FLAC, AIFF, …) and writing WAV.
public struct AudioFile {
    /// Inputs longer than this many samples (all channels) are refused rather
    /// than exhausting memory: an hour of stereo at 48 kHz.
    static let largestSampleCount = 2 * RenderRequest.largestFrameCount

    public static func read(path: String) throws -> AudioData {
        try checkReadable(path, what: "audio file")
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw HostError("The file \(path) is not audio that libsndfile can read (\(sndfileError())).")
        }
        defer { sf_close(file) }
        let channelCount = Int(info.channels)
        guard channelCount > 0, info.samplerate > 0, info.frames >= 0 else {
            throw HostError("The audio file \(path) declares no channels or no sample rate.")
        }
        guard info.frames <= largestSampleCount / channelCount else {
            throw HostError("The audio file \(path) is too long (\(info.frames) frames).")
        }
        var samples = [Float](repeating: 0, count: Int(info.frames) * channelCount)
        let framesRead = samples.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, info.frames) }
        return AudioData(sampleRate: Double(info.samplerate),
                         interleaved: samples[..<(Int(max(framesRead, 0)) * channelCount)], channelCount: channelCount)
    }

    /// Writes a WAV file through a temporary file beside `path`, renamed over it
    /// only once complete, so a failure never leaves a partial file behind.
    public static func write(_ audio: AudioData, to path: String, format: SampleFormat) throws {
        try checkWritable(path)
        guard !audio.channels.isEmpty else {
            throw HostError("There is no audio to write to \(path): the render has no channels.")
        }
        try audio.checkChannelLengths()
        guard audio.sampleRate >= 1, audio.sampleRate <= Double(Int32.max) else {
            throw HostError("The sample rate \(audio.sampleRate) cannot be written to a WAV file.")
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())").path
        var info = SF_INFO()
        info.samplerate = Int32(audio.sampleRate.rounded())
        info.channels = Int32(audio.channels.count)
        info.format = Int32(SF_FORMAT_WAV) | format.sndfileSubtype
        guard let file = sf_open(temporary, Int32(SFM_WRITE), &info) else {
            throw HostError("The output file \(path) could not be created (\(sndfileError())).")
        }
        // Out-of-range floats saturate in integer formats instead of wrapping around.
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        let samples = try audio.interleaved()
        let written = samples.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(audio.frameCount)) }
        let closed = sf_close(file)
        guard written == audio.frameCount, closed == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw HostError("The output file \(path) could not be written completely (\(String(cString: strerror(errno)))).")
        }
    }

    /// Throws unless `path` names an existing, readable regular file.
    public static func checkReadable(_ path: String, what: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw HostError("The \(what) \(path) does not exist.")
        }
        guard !isDirectory.boolValue else {
            throw HostError("The \(what) \(path) is a directory.")
        }
        guard access(path, R_OK) == 0 else {
            throw HostError("The \(what) \(path) cannot be read (\(String(cString: strerror(errno)))).")
        }
    }

    /// Throws unless a file can be created at `path`: its directory must exist and
    /// be writable, and `path` itself must not be a directory.
    public static func checkWritable(_ path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HostError("The output directory \(directory) does not exist.")
        }
        guard access(directory, W_OK) == 0 else {
            throw HostError("The output directory \(directory) is not writable.")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw HostError("The output path \(path) is a directory.")
        }
    }
}

/// libsndfile's last error, without its trailing full stop (the message adds its own).
private func sndfileError() -> String {
    var message = String(cString: sf_strerror(nil))
    while message.hasSuffix(".") { message.removeLast() }
    return message
}
