/// A port group (`pg:Group`): ports that belong together, such as a stereo pair.
public struct PortGroupInfo {
    public let uri: String
    public let symbol: String?
    public let name: String?
    /// The group this one is the side-chain of (`pg:sideChainOf`).
    public let sideChainOf: String?
}
