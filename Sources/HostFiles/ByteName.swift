import Foundation

/// A name that comes as bytes (a command-line argument, a C string from Python) as a String.
/// Swift repairs bytes that are not UTF-8 with U+FFFD (`CommandLine.arguments`, which
/// swift-argument-parser reads, and `String(cString:)` both do), which would read or write
/// a file of another name than the one given: such a name is refused, shown escaped.
public enum ByteName {
    /// The C string as a String; throws, naming it with `what`, when it is not UTF-8.
    public static func string(_ pointer: UnsafePointer<CChar>, what: String) throws -> String {
        let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        guard let string = String(bytes: bytes, encoding: .utf8) else {
            throw HostError("The \(what) \(escaped(bytes)) is not UTF-8, which SwiftLV2 needs to name a file as you gave it; rename the file.")
        }
        return string
    }

    /// Throws for the first command-line argument that is not UTF-8.
    public static func checkArguments() throws {
        for index in 1..<Int(CommandLine.argc) {
            if let argument = CommandLine.unsafeArgv[index] { _ = try string(argument, what: "argument") }
        }
    }

    /// The bytes as text, each byte that is not part of a UTF-8 character as \xHH.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = "", index = 0
        while index < bytes.count {
            let character = (1...4).lazy.compactMap { length -> (String, Int)? in
                guard index + length <= bytes.count,
                      let decoded = String(bytes: bytes[index..<index + length], encoding: .utf8), decoded.count == 1
                else { return nil }
                return (decoded, length)
            }.first
            if let (decoded, length) = character {
                text += decoded
                index += length
            } else {
                text += String(format: "\\x%02X", bytes[index])
                index += 1
            }
        }
        return text
    }
}
