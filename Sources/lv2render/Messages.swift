import CHostSupport
import Foundation
import HostFiles

// What lv2render says on stderr and stdout, outside main.swift, whose top-level variables
// would be read before their line has run.

/// Writes the first line of `message` to stderr as a sentence, after whatever plugins
/// printed (buffered by C's stdio, which now writes to stderr too: see `DataOutput`), so
/// that the sentence is the last line.
func printError(_ message: String) {
    fflush(nil)
    var sentence = String(ByteName.showingNames(in: message).split(separator: "\n").first ?? "An unknown error occurred")
        .trimmingCharacters(in: .whitespaces)
    if sentence.hasPrefix("Error: ") { sentence.removeFirst("Error: ".count) }
    if let last = sentence.last, !".!?".contains(last) { sentence += "." }
    FileHandle.standardError.write(Data((sentence + "\n").utf8))
}

/// False in the plugins' process of --isolate: it prepares the render lv2render has prepared,
/// and lv2render has shown every note and warning that gives (discovery, a plugin's name).
nonisolated(unsafe) var showsNotesAndWarnings = true

/// Writes "Note: " and `sentence` to stderr: something the user may not expect, not a problem.
func printNote(_ sentence: String) {
    guard showsNotesAndWarnings else { return }
    fflush(nil)
    FileHandle.standardError.write(Data(("Note: " + ByteName.showingNames(in: sentence) + "\n").utf8))
}

/// Writes "Warning: " and `sentence` to stderr; the command goes on.
func printWarning(_ sentence: String) {
    guard showsNotesAndWarnings else { return }
    fflush(nil)
    FileHandle.standardError.write(Data(("Warning: " + ByteName.showingNames(in: sentence) + "\n").utf8))
}

/// Flushes what `print` wrote (a table, `--json`); throws when any of it could not be written,
/// so that a full disk is an error rather than a status 0 with a cut file.
func flushPrinted() throws {
    let failure = standard_output_flush()
    if failure != 0 { throw HostError("Standard output could not be written (\(String(cString: strerror(failure)))).") }
}
