/// A problem the user can fix, told in one plain sentence.
public struct HostError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
