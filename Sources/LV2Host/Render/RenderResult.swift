import HostFiles

/// The rendered audio, in memory, and what was measured on the way (`result.latency`, …).
@dynamicMemberLookup
public struct RenderResult {
    public var audio: AudioData
    public var measurements: RenderMeasurements

    public subscript<Value>(dynamicMember field: KeyPath<RenderMeasurements, Value>) -> Value {
        measurements[keyPath: field]
    }
}
