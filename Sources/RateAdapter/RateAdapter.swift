import LV2Kit

public struct RateAdapter: LV2Plugin, ~Copyable {
    public static let uri: StaticString = "urn:swiftlv2:rate-adapter"
    public init?(sampleRate: Double, features: HostFeatures) {}
    public mutating func connect(port: UInt32, to data: UnsafeMutableRawPointer?) {}
    public mutating func activate() {}
    public mutating func run(frames: Int) {}
}
