import CSampleRate

/// Another source converted to a new sample rate as it is read, with libsamplerate's
/// best sinc converter. The result lasts exactly as long as the source (the source's
/// frames × the ratio, rounded), so pitch and timing are kept.
public final class ResamplingSource: AudioSource {
    public let sampleRate: Double
    public var channelCount: Int { source.channelCount }
    public var expectedFrames: Int? { source.expectedFrames.map { Int((Double($0) * ratio).rounded()) } }
    private let source: AudioSource
    private let ratio: Double
    private let converter: OpaquePointer
    private let sourceBlock = 4096
    private let sourceBuffers: [UnsafeMutableBufferPointer<Float>]
    /// Interleaved source frames not yet taken by the converter, from `pendingStart`.
    private var pending: [Float] = []
    private var pendingStart = 0
    private var output: [Float] = []
    private var sourceFrames = 0
    /// Known once the source has ended: the frames this source gives in all.
    private var targetFrames: Int?
    private var produced = 0
    private var drained = false

    public init(_ source: AudioSource, to rate: Double) throws {
        let ratio = rate / source.sampleRate
        guard ratio.isFinite, src_is_valid_ratio(ratio) != 0 else {
            throw HostError("Converting from \(source.sampleRate.compactDescription) Hz to \(rate.compactDescription) Hz is beyond libsamplerate's ratio limit of 256.")
        }
        var error: Int32 = 0
        guard let converter = src_new(Int32(SRC_SINC_BEST_QUALITY), Int32(source.channelCount), &error) else {
            throw HostError("The sample rate converter could not be created (\(String(cString: src_strerror(error)))).")
        }
        self.source = source
        self.ratio = ratio
        self.converter = converter
        sampleRate = rate
        sourceBuffers = (0..<source.channelCount).map { _ in .allocate(capacity: 4096) }
    }

    deinit {
        src_delete(converter)
        sourceBuffers.forEach { $0.deallocate() }
    }

    public func read(into channels: [UnsafeMutableBufferPointer<Float>], frames: Int) throws -> Int {
        let channelCount = channelCount
        var filled = 0
        while filled < frames {
            var wanted = frames - filled
            if let targetFrames {
                wanted = min(wanted, targetFrames - produced)
                guard wanted > 0 else { break }
                if drained {
                    // The converter gave a frame or two less than the exact length: silence.
                    for channel in channels { channel[filled..<(filled + wanted)].update(repeating: 0) }
                    filled += wanted
                    produced += wanted
                    continue
                }
            }
            if pendingStart * channelCount >= pending.count, targetFrames == nil {
                try readSource()
            }
            if output.count < wanted * channelCount {
                output = [Float](repeating: 0, count: wanted * channelCount)
            }
            var data = SRC_DATA()
            let pendingFrames = pending.count / channelCount - pendingStart
            let status = pending.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { out in
                    data.data_in = input.baseAddress.map { $0 + pendingStart * channelCount }
                    data.input_frames = pendingFrames
                    data.data_out = out.baseAddress
                    data.output_frames = wanted
                    data.src_ratio = ratio
                    data.end_of_input = targetFrames == nil ? 0 : 1
                    return src_process(converter, &data)
                }
            }
            guard status == 0 else {
                throw HostError("Sample rate conversion failed (\(String(cString: src_strerror(status)))).")
            }
            pendingStart += data.input_frames_used
            let generated = data.output_frames_gen
            output.withUnsafeBufferPointer { deinterleave($0.baseAddress!, frames: generated, into: channels, offset: filled) }
            filled += generated
            produced += generated
            if generated == 0, data.input_frames_used == 0, targetFrames != nil { drained = true }
        }
        return filled
    }

    /// Moves the next block of the source into `pending`; at its end, fixes the length.
    private func readSource() throws {
        let channelCount = channelCount
        pending.removeFirst(pendingStart * channelCount)
        pendingStart = 0
        let count = try source.read(into: sourceBuffers, frames: sourceBlock)
        let end = pending.count
        pending.append(contentsOf: repeatElement(0, count: count * channelCount))
        pending.withUnsafeMutableBufferPointer { interleave(sourceBuffers, offset: 0, frames: count, into: $0.baseAddress! + end) }
        sourceFrames += count
        if count < sourceBlock {
            targetFrames = Int((Double(sourceFrames) * ratio).rounded())
        }
    }
}

extension AudioData {
    /// The same sound at another sample rate (see `ResamplingSource`).
    public func resampled(to rate: Double) throws -> AudioData {
        guard rate != sampleRate else { return self }
        return try ResamplingSource(MemorySource(self), to: rate).readAll()
    }
}
