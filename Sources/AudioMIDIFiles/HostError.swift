/// Everything that can go wrong in the host, told as one plain sentence.
///
/// The command line prints `description` as it is, so each message names the
/// file, plugin, port or value at fault and ends with a full stop.
public struct HostError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
