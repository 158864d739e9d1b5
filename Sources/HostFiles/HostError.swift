/// Everything that can go wrong in the host, told as one plain sentence.
///
/// The command line prints `description` as it is, so each message names the
/// file, plugin, port or value at fault and ends with a full stop.
public struct HostError: Error, CustomStringConvertible {
    /// What sort of mistake it is, so that a caller can answer each sort alike: the C interface
    /// gives it as `swiftlv2_last_error_kind()`, and Python raises a type for each.
    public enum Kind: Int32, Sendable {
        /// A value, a label, a name or a combination the host cannot take.
        case invalid = 1
        /// No plugin, preset, port, parameter or stage by that name.
        case notFound = 2
        /// A file or folder that is missing, unreadable or cannot be written.
        case file = 3
        /// A plugin that crashed while the host ran it.
        case pluginCrashed = 4
    }

    public let description: String
    public let kind: Kind

    public init(_ description: String, kind: Kind = .invalid) {
        self.description = description
        self.kind = kind
    }
}
