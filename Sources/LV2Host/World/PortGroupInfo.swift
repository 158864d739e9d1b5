/// A port group (`pg:Group`): ports that belong together, such as a stereo pair.
public struct PortGroupInfo {
    /// The group's URI.
    public let uri: String
    /// Its `lv2:symbol` and `lv2:name`, if given.
    public let symbol: String?, name: String?
    /// The group this one is the side-chain of (`pg:sideChainOf`).
    public let sideChainOf: String?
}
