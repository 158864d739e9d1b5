import CSndFile
import Foundation

/// The kind of audio file a render writes, chosen by the output name's extension.
public enum AudioFileType: String, CaseIterable, Sendable {
    case wav, flac, ogg, opus, aiff, caf, mp3

    /// The extensions that choose each type (a name without one is a WAV file).
    static let extensions: [String: AudioFileType] = [
        "wav": .wav, "wave": .wav, "flac": .flac, "ogg": .ogg, "oga": .ogg, "opus": .opus,
        "aiff": .aiff, "aif": .aiff, "caf": .caf, "mp3": .mp3,
    ]

    /// The sample types `--format` can choose for this type, the default first; empty for
    /// the lossy codecs, which have none to choose.
    public var sampleFormats: [SampleFormat] {
        switch self {
        case .wav, .aiff, .caf: [.float32, .pcm24, .pcm16]
        case .flac: [.pcm24, .pcm16]
        case .ogg, .opus, .mp3: []
        }
    }

    /// What users call it, for messages.
    var displayName: String {
        switch self {
        case .wav: "WAV"
        case .flac: "FLAC"
        case .ogg: "Ogg Vorbis"
        case .opus: "Opus"
        case .aiff: "AIFF"
        case .caf: "CAF"
        case .mp3: "MP3"
        }
    }

    /// libsndfile's container and encoding, for a sample type where there is a choice.
    func sndfileFormat(_ sample: SampleFormat?, channelCount: Int) -> Int32 {
        let subtype = sample?.sndfileSubtype ?? 0
        return switch self {
        // The extensible header, which readers expect for anything but 16-bit mono or stereo
        // (sox warns about a float file without it).
        case .wav: Int32(sample == .pcm16 && channelCount <= 2 ? SF_FORMAT_WAV : SF_FORMAT_WAVEX) | subtype
        case .aiff: Int32(SF_FORMAT_AIFF) | subtype
        case .caf: Int32(SF_FORMAT_CAF) | subtype
        case .flac: Int32(SF_FORMAT_FLAC) | subtype
        case .ogg: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        case .opus: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
        case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
        }
    }

    /// The rates an Opus stream can have; libsndfile converts none.
    static let opusRates: [Double] = [8000, 12000, 16000, 24000, 48000]
}

/// How a render's output file is written: its type and, where the type has a choice,
/// its sample type. Worked out from the output's name and `--format` before anything renders.
public struct OutputFormat: Equatable, Sendable {
    public let type: AudioFileType
    /// nil for the lossy codecs.
    public let sample: SampleFormat?

    /// The format for an output named `name` (`-` and names without an extension are WAV),
    /// with `requested` as the sample type, or the type's default.
    public init(name: String, requested: SampleFormat? = nil) throws {
        let fileName = URL(fileURLWithPath: name).lastPathComponent
        let dot = fileName.lastIndex(of: ".").flatMap { $0 == fileName.startIndex ? nil : $0 }
        let suffix = dot.map { String(fileName[fileName.index(after: $0)...]).lowercased() }
        if let suffix, AudioFileType.extensions[suffix] == nil {
            throw HostError("lv2render cannot write .\(suffix) files (\(name)): the output's extension chooses its format, one of \(Self.writableExtensions).")
        }
        let type = suffix.flatMap { AudioFileType.extensions[$0] } ?? .wav
        guard type.isWritable else {
            throw HostError("This libsndfile (\(String(cString: sf_version_string()))) cannot write \(type.displayName) files such as \(name); use one of \(Self.writableExtensions).")
        }
        self.type = type
        if let requested {
            guard !type.sampleFormats.isEmpty else {
                throw HostError("--format chooses the samples of WAV, AIFF, CAF and FLAC files; \(type.displayName) (\(name)) has none to choose, so leave --format out.")
            }
            guard type.sampleFormats.contains(requested) else {
                throw HostError("\(type.displayName) stores integers, so --format for \(name) is \(type.sampleFormats.map(\.rawValue).joined(separator: " or ")), not \(requested.rawValue).")
            }
        }
        sample = requested ?? type.sampleFormats.first
    }

    /// The format for `target`: WAV for standard output, else by its name.
    public init(target: OutputTarget, requested: SampleFormat? = nil) throws {
        try self.init(name: target.kind == .standardOutput ? "-" : ByteName.shown(target.name), requested: requested)
    }

    /// Whether samples beyond full scale are cut off: integer samples.
    public var clips: Bool { sample == .pcm16 || sample == .pcm24 }

    /// The extensions this libsndfile writes, for messages.
    static var writableExtensions: String {
        AudioFileType.allCases.filter { $0.isWritable }.map { "." + $0.rawValue }.joined(separator: ", ")
    }

    /// Throws unless libsndfile can write this format at `sampleRate` with `channelCount` channels.
    public func check(sampleRate: Double, channelCount: Int, name: String) throws {
        if type == .opus, !AudioFileType.opusRates.contains(sampleRate) {
            throw HostError("Opus files have a rate of 8000, 12000, 16000, 24000 or 48000 Hz, not \(sampleRate.compactDescription); choose one with --rate, or another extension than \(name)'s.")
        }
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate.rounded())
        info.channels = Int32(channelCount)
        info.format = sndfileFormat(channelCount: channelCount)
        guard sf_format_check(&info) != 0 else {
            throw HostError("This libsndfile (\(String(cString: sf_version_string()))) cannot write \(type.displayName) files with \(channelCount) channels at \(sampleRate.compactDescription) Hz, as \(name) asks.")
        }
    }

    func sndfileFormat(channelCount: Int) -> Int32 {
        type.sndfileFormat(sample, channelCount: channelCount)
    }
}

extension AudioFileType {
    /// Whether this libsndfile writes the type at all (MP3 only since 1.1, with LAME).
    var isWritable: Bool {
        var info = SF_INFO()
        info.samplerate = 48000
        info.channels = 2
        info.format = sndfileFormat(sampleFormats.first, channelCount: 2)
        return sf_format_check(&info) != 0
    }
}
