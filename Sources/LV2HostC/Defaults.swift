import LV2Host

// lv2render's defaults and its rounding of seconds to frames, for callers that must match it
// (Python's defaults and durations): one source, `RenderRequest`.

@_cdecl("swiftlv2_default_sample_rate")
public func swiftlv2_default_sample_rate() -> Double {
    RenderRequest.defaultSampleRate
}

@_cdecl("swiftlv2_default_block_length")
public func swiftlv2_default_block_length() -> Int32 {
    Int32(RenderRequest.defaultBlockLength)
}

@_cdecl("swiftlv2_frames")
public func swiftlv2_frames(_ seconds: Double, _ sampleRate: Double) -> Int64 {
    Int64(RenderRequest.frames(seconds, sampleRate: sampleRate))
}
