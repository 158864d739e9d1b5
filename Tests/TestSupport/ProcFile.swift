import Foundation

/// Reads a file under /proc whole ("" if it cannot be opened). Such files show a size
/// of 0, and `String(contentsOfFile:)` then stops after their first page.
public func readProcFile(_ path: String) -> String {
    guard let file = FileHandle(forReadingAtPath: path) else { return "" }
    defer { try? file.close() }
    return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
}
