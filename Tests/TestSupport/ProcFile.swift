import Foundation

/// Reads a file under /proc whole ("" if it cannot be opened). Such files show a size
/// of 0, and `String(contentsOfFile:)` then stops after their first page. "" too for a
/// process that ended while it was read.
public func readProcFile(_ path: String) -> String {
    guard let file = FileHandle(forReadingAtPath: path) else { return "" }
    defer { try? file.close() }
    // readToEnd throws where readDataToEndOfFile would stop the tests: reading the files
    // of a process that ends meanwhile fails with ESRCH.
    return String(decoding: (try? file.readToEnd()) ?? Data(), as: UTF8.self)
}
