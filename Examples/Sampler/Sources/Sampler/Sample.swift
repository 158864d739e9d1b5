import AudioFileReading
import LV2Kit

/// A sound file in memory, one channel: what the worker loads and the plugin plays. It is
/// copied between the threads as it is (a pointer and a length); only the worker frees it.
public struct Sample: BitwiseCopyable {
    public let frames: UnsafeMutablePointer<Float>
    public let count: Int
    public let sampleRate: Double
}

/// The sampler's worker: reads a WAV or AIFF file on the host's worker thread (with
/// SwiftLV2's `SoundFileReader`, so that the plugin links libc and libm alone), and frees the
/// sample it replaced. It holds nothing the audio thread uses.
public struct SampleLoader: LV2Worker {
    public typealias Parameter = Sampler.Parameter
    private let log: Logger

    public init(sampleRate: Double, host: borrowing HostFeatures) {
        log = host.log
    }

    public mutating func load(_ path: UnsafePointer<CChar>, for parameter: Parameter) -> Sample? {
        let reader: SoundFileReader
        do {
            reader = try SoundFileReader(path: path)
        } catch {
            log.error(error.reason, path)
            return nil
        }
        let channels = reader.format.channels, length = reader.frameCount
        // Up to an hour at 192 kHz, of up to 64 channels: more is a mistake, not a sample.
        guard length <= 192_000 * 3600, channels <= 64 else {
            log.error("refused a sound file longer than an hour at 192 kHz, or of more than 64 channels: ", path)
            return nil
        }
        let interleaved = UnsafeMutablePointer<Float>.allocate(capacity: length * channels)
        defer { interleaved.deallocate() }
        let read = reader.read(into: interleaved, frames: length)
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
        return Sample(frames: frames, count: read, sampleRate: reader.format.sampleRate)
    }

    public mutating func unload(_ sample: Sample) {
        sample.frames.deallocate()
    }
}
