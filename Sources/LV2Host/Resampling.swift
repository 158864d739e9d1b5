import CSampleRate

extension AudioData {
    /// The same sound at another sample rate, converted with libsamplerate's best
    /// sinc converter. The result lasts exactly as long (rounded to a frame), so
    /// pitch and timing are kept.
    public func resampled(to rate: Double) throws -> AudioData {
        guard rate != sampleRate else { return self }
        let ratio = rate / sampleRate
        guard ratio.isFinite, src_is_valid_ratio(ratio) != 0 else {
            throw HostError("Converting from \(sampleRate.compactDescription) Hz to \(rate.compactDescription) Hz is beyond libsamplerate's ratio limit of 256.")
        }
        let channelCount = channels.count
        let exactFrames = (Double(frameCount) * ratio).rounded()
        guard exactFrames <= Double(RenderRequest.largestFrameCount) else {
            throw HostError("The input would be \(exactFrames.compactDescription) frames long at \(rate.compactDescription) Hz, more than the \(RenderRequest.largestFrameCount) lv2render holds in memory.")
        }
        let targetFrames = Int(exactFrames)
        guard frameCount > 0, channelCount > 0 else {
            return AudioData(sampleRate: rate, channels: channels.map { _ in [] })
        }
        let input = try interleaved()
        // Room for the converter's rounding; the result is trimmed to targetFrames.
        let capacity = targetFrames + 64
        var output = [Float](repeating: 0, count: capacity * channelCount)
        var status: Int32 = 0
        var generated = 0
        input.withUnsafeBufferPointer { inputSamples in
            output.withUnsafeMutableBufferPointer { outputSamples in
                var data = SRC_DATA()
                data.data_in = inputSamples.baseAddress
                data.data_out = outputSamples.baseAddress
                data.input_frames = frameCount
                data.output_frames = capacity
                data.src_ratio = ratio
                data.end_of_input = 1
                status = src_simple(&data, Int32(SRC_SINC_BEST_QUALITY), Int32(channelCount))
                generated = Int(data.output_frames_gen)
            }
        }
        guard status == 0 else {
            throw HostError("Sample rate conversion failed (\(String(cString: src_strerror(status)))).")
        }
        var converted = AudioData(sampleRate: rate, interleaved: output[..<(generated * channelCount)], channelCount: channelCount)
        converted.channels = converted.channels.map { channel in
            Array((channel + [Float](repeating: 0, count: max(targetFrames - channel.count, 0)))[..<targetFrames])
        }
        return converted
    }
}
