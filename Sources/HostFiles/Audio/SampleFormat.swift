import CSndFile

/// How samples are stored in a written WAV, AIFF, CAF or FLAC file (`--format`).
public enum SampleFormat: String, CaseIterable, Sendable {
    case pcm16, pcm24, float32

    var sndfileSubtype: Int32 {
        switch self {
        case .pcm16: Int32(SF_FORMAT_PCM_16)
        case .pcm24: Int32(SF_FORMAT_PCM_24)
        case .float32: Int32(SF_FORMAT_FLOAT)
        }
    }

    var bytesPerSample: Int {
        switch self {
        case .pcm16: 2
        case .pcm24: 3
        case .float32: 4
        }
    }
}
