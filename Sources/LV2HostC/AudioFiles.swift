import HostFiles
import LV2Host

@_cdecl("swiftlv2_audio_read")
public func swiftlv2_audio_read(_ path: UnsafePointer<CChar>?) -> OpaquePointer? {
    result {
        let audio = try AudioFile.read(path: try fileName(path, "audio file name"))
        return OpaquePointer(Unmanaged.passRetained(AudioBox(audio)).toOpaque())
    } ?? nil
}

/// Audio read from a file, held until the caller has copied it out.
final class AudioBox {
    let audio: AudioData

    init(_ audio: AudioData) {
        self.audio = audio
    }
}

private func audio(_ handle: OpaquePointer) -> AudioData {
    Unmanaged<AudioBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue().audio
}

@_cdecl("swiftlv2_audio_channels")
public func swiftlv2_audio_channels(_ handle: OpaquePointer) -> Int32 {
    Int32(audio(handle).channels.count)
}

@_cdecl("swiftlv2_audio_frames")
public func swiftlv2_audio_frames(_ handle: OpaquePointer) -> Int64 {
    Int64(audio(handle).frameCount)
}

@_cdecl("swiftlv2_audio_sample_rate")
public func swiftlv2_audio_sample_rate(_ handle: OpaquePointer) -> Double {
    audio(handle).sampleRate
}

@_cdecl("swiftlv2_audio_copy")
public func swiftlv2_audio_copy(_ handle: OpaquePointer, _ channels: UnsafePointer<UnsafeMutablePointer<Float>?>) {
    for (index, samples) in audio(handle).channels.enumerated() {
        channels[index]?.update(from: samples, count: samples.count)
    }
}

@_cdecl("swiftlv2_audio_free")
public func swiftlv2_audio_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<AudioBox>.fromOpaque(UnsafeRawPointer(handle)).release()
}

@_cdecl("swiftlv2_audio_write")
public func swiftlv2_audio_write(_ path: UnsafePointer<CChar>?, _ channels: UnsafePointer<UnsafePointer<Float>?>?, _ channelCount: Int32,
                                 _ frames: Int64, _ sampleRate: Double, _ format: UnsafePointer<CChar>?) -> Int32 {
    status {
        let path = try fileName(path, "audio file name")
        let formatName = try format.map { String(cString: $0) } ?? "float32"
        guard let sampleFormat = SampleFormat(rawValue: formatName) else {
            throw HostError("The sample format must be pcm16, pcm24 or float32, not \"\(formatName)\".")
        }
        guard channelCount > 0, let channels else { throw HostError("There is no audio to write to \(path): it has no channels.") }
        let data = try (0..<Int(channelCount)).map { channel -> [Float] in
            guard let samples = channels[channel] else { throw HostError("The samples of channel \(channel + 1) are missing (a null pointer).") }
            return Array(UnsafeBufferPointer(start: samples, count: Int(max(0, frames))))
        }
        try checkWrite([path], option: "Writing \(path)")
        try AudioFile.write(AudioData(sampleRate: sampleRate, channels: data), to: path, format: sampleFormat)
    }
}
