import CLibSndFile
import LV2Kit

/// A sound file in memory, one channel: what the worker loads and the plugin plays. It is
/// copied between the threads as it is (a pointer and a length); only the worker frees it.
public struct Sample: BitwiseCopyable {
    public let frames: UnsafeMutablePointer<Float>
    public let count: Int
    public let sampleRate: Double
}

/// The sampler's worker: reads a file with libsndfile on the host's worker thread, and
/// frees the sample it replaced. It holds nothing the audio thread uses.
public struct SampleLoader: LV2Worker {
    public typealias Parameter = Sampler.Parameter
    private let log: Logger

    public init(sampleRate: Double, host: borrowing HostFeatures) {
        log = host.log
    }

    public mutating func load(_ path: UnsafePointer<CChar>, for parameter: Parameter) -> Sample? {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            log.error("cannot read this sound file: ", path)
            return nil
        }
        defer { sf_close(file) }
        let channels = Int(info.channels), length = Int(info.frames)
        // Up to an hour at 192 kHz; a broken header claims more.
        guard channels > 0, length > 0, length <= 192_000 * 3600, info.samplerate > 0 else {
            log.error("this sound file holds no audio: ", path)
            return nil
        }
        let interleaved = UnsafeMutablePointer<Float>.allocate(capacity: length * channels)
        defer { interleaved.deallocate() }
        let read = Int(sf_readf_float(file, interleaved, sf_count_t(length)))
        guard read > 0 else {
            log.error("cannot read this sound file: ", path)
            return nil
        }
        let frames = UnsafeMutablePointer<Float>.allocate(capacity: read)
        for frame in 0..<read {
            var sum: Float = 0
            for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
            let mixed = sum / Float(channels)
            // A float file may hold NaN or infinity; the plugin never outputs them.
            frames[frame] = mixed.isFinite ? mixed : 0
        }
        return Sample(frames: frames, count: read, sampleRate: Double(info.samplerate))
    }

    public mutating func unload(_ sample: Sample) {
        sample.frames.deallocate()
    }
}
