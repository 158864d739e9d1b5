import AudioMIDIFiles
import Foundation

/// A value for a parameter, typed by its range.
public enum PatchValue: Equatable {
    case path(String), string(String), int(Int32), long(Int64), float(Float), double(Double), bool(Bool)

    /// Reads `text` as `parameter`'s type; a relative path is taken from the working directory.
    public init(_ text: String, for parameter: ParameterInfo) throws {
        let name = parameter.label ?? parameter.shortName
        guard let type = parameter.type else {
            throw HostError("The parameter \(parameter.uri) has the range \(parameter.rangeURI ?? "(none)"), which lv2render cannot write.")
        }
        func number<T: LosslessStringConvertible>(_: T.Type, _ what: String) throws -> T {
            guard let value = T(text) else { throw HostError("The value \"\(text)\" for \(name) is not \(what).") }
            return value
        }
        switch type {
        case .path:
            let path = URL(fileURLWithPath: text, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else {
                throw HostError("The file \(path) for \(name) does not exist.", kind: .file)
            }
            // The plugin reads it in its worker, where a FIFO would hold the render for ever.
            try AudioFile.checkReadable(path, what: "file for \(name)", allowsDirectory: true)
            self = .path(path)
        case .string: self = .string(text)
        case .int: self = .int(try number(Int32.self, "a 32-bit integer"))
        case .long: self = .long(try number(Int64.self, "a 64-bit integer"))
        case .float:
            let value = try number(Float.self, "a number")
            guard value.isFinite else { throw HostError("The value \"\(text)\" for \(name) is not a finite 32-bit float.") }
            self = .float(value)
        case .double:
            let value = try number(Double.self, "a number")
            guard value.isFinite else { throw HostError("The value \"\(text)\" for \(name) is not a finite number.") }
            self = .double(value)
        case .bool:
            switch text.lowercased() {
            case "true", "1", "on", "yes": self = .bool(true)
            case "false", "0", "off", "no": self = .bool(false)
            default: throw HostError("The value \"\(text)\" for \(name) is not true or false.")
            }
        }
    }

    /// The atom's type URI and body, as LV2 lays them out.
    var atom: (type: String, body: [UInt8]) {
        func bytes<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        switch self {
        case .path(let text): return (LV2URI.atom + "Path", Array(text.utf8) + [0])
        case .string(let text): return (LV2URI.atom + "String", Array(text.utf8) + [0])
        case .int(let value): return (LV2URI.atomInt, bytes(value))
        case .long(let value): return (LV2URI.atom + "Long", bytes(value))
        case .float(let value): return (LV2URI.atomFloat, bytes(value))
        case .double(let value): return (LV2URI.atom + "Double", bytes(value))
        case .bool(let value): return (LV2URI.atom + "Bool", bytes(Int32(value ? 1 : 0)))
        }
    }
}
