/// Why `WAVReader` refused a file. `reason` is a sentence's start that ends with a colon and a
/// space, written to be followed by the file's path in a log line (`Logger.error(reason, path)`).
public enum WAVError: Error, Equatable {
    /// The file cannot be opened or read.
    case cannotOpen
    /// Not `RIFF` or `RF64` with `WAVE` (an AIFF, FLAC or Ogg file, a text, an empty file…).
    case notWAV
    /// No `fmt ` chunk before the `data` chunk, or one too short to hold a format.
    case missingFormat
    /// No `data` chunk.
    case missingData
    /// Zero channels, a zero sample rate, or a frame size that does not match the channels and sample size.
    case inconsistentFormat
    /// Compressed audio (ADPCM, µ-law…) or a sample size other than 8, 16, 24, 32 (integers) or 32, 64 (floats).
    case unsupportedEncoding
    /// A format without a single whole frame of audio.
    case noAudio

    /// What went wrong, for a log line: "refused a WAV file …: ", to be followed by the path.
    public var reason: StaticString {
        switch self {
        case .cannotOpen: "cannot read this file: "
        case .notWAV: "refused a file that is not a WAV file (RIFF or RF64 WAVE): "
        case .missingFormat: "refused a WAV file with no format (fmt) chunk before its audio: "
        case .missingData: "refused a WAV file with no audio (data) chunk: "
        case .inconsistentFormat: "refused a WAV file whose format is impossible (no channels, no sample rate, or a frame size that does not match them): "
        case .unsupportedEncoding: "refused a WAV file in an encoding other than 8-, 16-, 24- or 32-bit integers or 32- or 64-bit floats: "
        case .noAudio: "refused a WAV file that holds no audio: "
        }
    }
}
