import ArgumentParser
import AudioMIDIFiles
import Foundation
import LV2Host

/// `--input A B C --output-dir DIR`: each input rendered to `DIR/NAME.wav` by a child
/// `lv2render render` with the same options and that one input, `jobs` at a time. A child
/// takes exactly the path a single render takes, so each output is identical to it, and a
/// plugin that crashes on one file costs only that file.
struct BatchRender {
    let inputs: [String]
    let outputDirectory: String
    let jobs: Int
    /// The command line as given, less the inputs, the output directory and the jobs.
    let sharedArguments: [String]

    /// The options a batch takes for itself: each child gets its own `--input` and `-o`.
    static func sharedArguments(_ arguments: [String]) -> [String] {
        var kept: [String] = [], remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" { kept += [argument] + remaining; break }
            if argument == "--input" {
                while let next = remaining.first, !next.hasPrefix("-") { remaining.removeFirst() }
            } else if argument == "--output-dir" || argument == "--jobs" {
                remaining = remaining.dropFirst()
            } else if !["--input=", "--output-dir=", "--jobs="].contains(where: { argument.hasPrefix($0) }) {
                kept.append(argument)
            }
        }
        return kept
    }

    /// `DIR/NAME.wav` for each input; two inputs with one name would overwrite each other.
    func outputPaths() throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: outputDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw HostError("The output directory \(outputDirectory) does not exist.")
        }
        let paths = inputs.map { input in
            URL(fileURLWithPath: outputDirectory)
                .appendingPathComponent(URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".wav").path
        }
        if let twice = Dictionary(grouping: paths, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw HostError("Several inputs would render to \(twice); give files with different names.")
        }
        return paths
    }

    /// Renders every input, one line per file as it finishes; throws, after all have
    /// been tried, when any failed.
    func run() throws {
        let outputs = try outputPaths()
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = jobs
        let tally = Tally(total: inputs.count)
        for (input, output) in zip(inputs, outputs) {
            let arguments = sharedArguments + ["--input", input, "-o", output]
            queue.addOperation {
                let (status, message) = Self.renderOne(executable, arguments)
                tally.report(status == 0 ? "\(output): \(message)" : "\(input) failed: \(message)", failed: status != 0)
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        if tally.failed > 0 {
            throw HostError("\(tally.failed) of \(inputs.count) inputs failed; the others were rendered.")
        }
    }

    /// Runs one child render; its status and its last line (the summary, or the error).
    private static func renderOne(_ executable: URL, _ arguments: [String]) -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return (1, "lv2render could not be started.")
        }
        // Read before waiting: a child that fills a pipe would otherwise wait for ever.
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = (process.terminationStatus == 0 ? text : errorText).split(separator: "\n")
        let status = process.terminationReason == .exit ? process.terminationStatus : 1
        let message = lines.last.map(String.init) ?? (status == 0 ? "done" : "lv2render stopped (signal \(process.terminationStatus)).")
        return (status, message)
    }
}

/// The progress lines of a batch, written one at a time from the workers.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private(set) var failed = 0

    init(total: Int) {
        self.total = total
    }

    func report(_ line: String, failed isFailure: Bool) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if isFailure { failed += 1 }
        let stream = isFailure ? FileHandle.standardError : FileHandle.standardOutput
        stream.write(Data("[\(done)/\(total)] \(line)\n".utf8))
    }
}
