/// Why the reference could not be written, in one sentence.
public struct APIReferenceError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
