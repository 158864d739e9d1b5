/// Why `SoundFileReader` refused a file. `reason` is a sentence's start that ends with a colon
/// and a space, written to be followed by the file's path in a log line (`Logger.error(reason, path)`).
public enum SoundFileError: Error, Equatable {
    /// The file cannot be opened or read.
    case cannotOpen
    /// Neither WAV (`RIFF` or `RF64` with `WAVE`) nor AIFF (`FORM` with `AIFF` or `AIFC`): a FLAC
    /// or Ogg file, a text, an empty file…
    case unknownType
    /// No format chunk (WAV's `fmt `, before the audio; AIFF's `COMM`), or one too short to hold a format.
    case missingFormat
    /// No audio chunk (WAV's `data`, AIFF's `SSND`).
    case missingData
    /// Zero channels, a zero or impossible sample rate, or a frame size that does not match the
    /// channels and sample size.
    case inconsistentFormat
    /// Compressed audio (ADPCM, µ-law…) or a sample size other than 8, 16, 24, 32 (integers)
    /// or 32, 64 (floats).
    case unsupportedEncoding
    /// A format without a single whole frame of audio.
    case noAudio

    /// What went wrong, for a log line: "refused a … file …: ", to be followed by the path.
    public var reason: StaticString {
        switch self {
        case .cannotOpen: "cannot read this file: "
        case .unknownType: "refused a file that is neither WAV (RIFF or RF64) nor AIFF: "
        case .missingFormat: "refused a sound file with no format chunk (WAV's fmt before its audio, AIFF's COMM): "
        case .missingData: "refused a sound file with no audio chunk (WAV's data, AIFF's SSND): "
        case .inconsistentFormat: "refused a sound file whose format is impossible (no channels, no sample rate, or a frame size that does not match them): "
        case .unsupportedEncoding: "refused a sound file in an encoding other than 8-, 16-, 24- or 32-bit integers or 32- or 64-bit floats: "
        case .noAudio: "refused a sound file that holds no audio: "
        }
    }
}
