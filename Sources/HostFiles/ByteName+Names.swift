import Foundation

/// Names as bytes: split, listed, decoded from a URI and shown.
extension ByteName {
    /// The folder part (nil for a bare name) and the last name of a path, as `dirname` and
    /// `basename` split them (trailing slashes dropped).
    static func split(_ bytes: [UInt8]) -> (folder: [UInt8]?, name: [UInt8]) {
        let slash = UInt8(ascii: "/")
        var path = bytes[...]
        while path.count > 1, path.last == slash { path.removeLast() }
        guard let last = path.lastIndex(of: slash) else { return (nil, Array(path)) }
        var folder = path[..<last]
        while folder.count > 1, folder.last == slash { folder.removeLast() }
        return (folder.isEmpty ? [slash] : Array(folder), Array(path[(last + 1)...]))
    }

    /// A C string's bytes, as they are.
    public static func bytes(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
    }

    /// The names in the folder at `path`, as bytes (`.` and `..` left out); none when it cannot be read.
    public static func entries(ofFolder path: String) -> [[UInt8]] {
        guard let folder = withFileSystemPath(path, { opendir($0) }) else { return [] }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8), name != Array("..".utf8) { names.append(name) }
        }
        return names
    }

    /// A URI reference's `%HH` escapes as the bytes they stand for (`samp%FB.wav`).
    public static func percentDecoded(_ reference: Substring) -> [UInt8] {
        var bytes: [UInt8] = [], utf8 = Array(reference.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// The last name of `path` without its extension, as bytes (`a/b.c.wav` gives `b.c`).
    public static func stem(of path: String) -> [UInt8] {
        let name = split(fileSystemPath(path)).name
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return name }
        return Array(name[..<dot])
    }

    /// The bytes as text, each byte that is not part of a UTF-8 character as \xHH.
    public static func escaped(_ bytes: [UInt8]) -> String {
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
