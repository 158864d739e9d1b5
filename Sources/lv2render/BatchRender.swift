import ArgumentParser
import HostFiles
import CHostSupport
import Foundation
import LV2Host

/// `--input A B C --output-dir DIR`: each input rendered to `DIR/NAME.wav` by a child
/// `lv2render render` with the same options and that one input, `jobs` at a time. A child
/// takes exactly the path a single render takes, so each output is identical to it, and a
/// plugin that crashes on one file costs only that file.
///
/// SIGINT, SIGTERM, SIGHUP or SIGQUIT stops the whole batch: no child starts after it, each running
/// child gets the same signal (and SIGKILL 5 s later if it is still there), the partial files
/// of the killed ones are removed, and the batch ends by that signal (status 128 + N). A
/// batch killed outright (SIGKILL) takes its children with it: each gets SIGTERM.
struct BatchRender {
    let inputs: [String]
    let outputDirectory: String
    let jobs: Int
    /// The command line as given, less the inputs, the output directory and the jobs.
    let sharedArguments: [String]

    /// How long a child may take to stop after the signal before it is killed.
    static let stopGrace: Double = 5

    /// The options a batch takes for itself: each child gets its own `--input` and `-o`.
    /// `--isolate` is implied: each child is already a process of its own, which a plugin's
    /// crash ends without the batch.
    static func sharedArguments(_ arguments: [String]) -> [String] {
        var kept: [String] = [], remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" { kept += [argument] + remaining; break }
            if argument == "--input" {
                while let next = remaining.first, !next.hasPrefix("-") { remaining.removeFirst() }
            } else if argument == "--output-dir" || argument == "--jobs" {
                remaining = remaining.dropFirst()
            } else if argument != "--isolate", !["--input=", "--output-dir=", "--jobs="].contains(where: { argument.hasPrefix($0) }) {
                kept.append(argument)
            }
        }
        return kept
    }

    /// Creates the output directory when it is missing and checks that it can be written.
    func prepareOutputDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputDirectory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw HostError("The output directory \(outputDirectory) is a file.") }
        } else {
            do {
                if ByteName.isAlias(outputDirectory) {
                    // A name that is not UTF-8: made by its bytes, its parent already there.
                    guard ByteName.withFileSystemPath(outputDirectory, { mkdir($0, 0o777) }) == 0 else { throw CocoaError(.fileWriteUnknown) }
                } else {
                    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
                }
            } catch {
                throw HostError("The output directory \(outputDirectory) could not be created.")
            }
        }
        guard ByteName.withFileSystemPath(outputDirectory, { access($0, W_OK) }) == 0 else {
            throw HostError("The output directory \(outputDirectory) is not writable.")
        }
    }

    /// `DIR/NAME.wav` for each input; two inputs with one name would overwrite each other.
    func outputPaths() throws -> [String] {
        let folder = ByteName.isAlias(outputDirectory) ? outputDirectory : URL(fileURLWithPath: outputDirectory).path
        let paths = inputs.map { input in
            // An input whose name is not UTF-8 gives its bytes to the output's name (ByteName).
            ByteName.alias(for: ByteName.fileSystemPath(folder) + [UInt8(ascii: "/")]
                + ByteName.stem(of: input) + Array(".wav".utf8))
        }
        if let twice = Dictionary(grouping: paths, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw HostError("Several inputs would render to \(twice); give files with different names.")
        }
        return paths
    }

    /// Renders every input, one line per file as it finishes; throws, after all have
    /// been tried, when any failed. `outputs` are `outputPaths()`, checked by the caller.
    func run(outputs: [String]) throws {
        let targets = try outputs.map { try OutputTarget($0) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        setenv(LV2RENDER_PARENT_VARIABLE, String(getpid()), 1)  // each child ends with the batch, even a killed one
        let wake = stop_signals_watch()
        guard wake >= 0 else { throw HostError("The batch could not watch for signals (\(String(cString: strerror(errno)))).") }
        var tally = Tally(total: inputs.count)
        var running: [pid_t: RunningChild] = [:]
        var next = 0
        var stopDeadline: Date?
        while true {
            let stop = stop_signal_received()
            while stop == 0, running.count < jobs, next < inputs.count {
                let arguments = sharedArguments + ["--input", inputs[next], "-o", outputs[next]]
                do {
                    let child = try RunningChild(executable: executable, arguments: arguments, index: next)
                    running[child.processID] = child
                } catch {
                    tally.report("\(inputs[next]) failed: \(error)", failed: true)
                }
                next += 1
            }
            if running.isEmpty && (stop != 0 || next == inputs.count) { break }
            if stop != 0 {
                if stopDeadline == nil {
                    stopDeadline = Date().addingTimeInterval(Self.stopGrace)
                    running.keys.forEach { kill($0, stop) }
                } else if let deadline = stopDeadline, Date() >= deadline {
                    running.keys.forEach { kill($0, SIGKILL) }
                }
            }
            var descriptor = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, stop != 0 ? 100 : -1)
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wake, &drain, drain.count) > 0 {}
            var status: Int32 = 0
            while case let processID = waitpid(-1, &status, WNOHANG), processID > 0 {
                guard let child = running.removeValue(forKey: processID) else { continue }
                let index = child.index
                let exited = status & 0x7F == 0
                if exited, status >> 8 & 0xFF == 0 {
                    // Without a summary, the warning that stands for it (a plugin that crashed in cleanup).
                    let line = child.lastLine(ofErrors: false) ?? child.lastLine(ofErrors: true) ?? "done"
                    tally.report("\(outputs[index]): \(line)", failed: false)
                } else {
                    // A child stopped by a signal may not have removed its temporary file.
                    if !exited { unlink(targets[index].temporaryPath(ofProcess: processID)) }
                    if stop_signal_received() == 0 {
                        let reason = child.lastLine(ofErrors: true) ?? "lv2render stopped (signal \(status & 0x7F))."
                        tally.report("\(inputs[index]) failed: \(reason)", failed: true)
                    }
                }
            }
        }
        close(wake)
        let stop = stop_signal_received()
        if stop != 0 { stop_signal_raise(stop) }
        if tally.failed > 0 {
            let others = inputs.count - tally.failed
            let rest = others == 0 ? "" : others == 1 ? "; the other was rendered" : "; the others were rendered"
            throw HostError("\(tally.failed) of \(counted(inputs.count, "input")) failed\(rest).")
        }
    }
}

/// One child render: its process, and its output and errors gathered in memory files
/// (never pipes: a child that filled one would wait for ever).
private final class RunningChild {
    let processID: pid_t
    let index: Int
    private let output: Int32
    private let errors: Int32

    init(executable: String, arguments: [String], index: Int) throws {
        self.index = index
        output = child_output_file()
        errors = child_output_file()
        guard output >= 0, errors >= 0 else {
            throw HostError("lv2render could not be started (\(String(cString: strerror(errno)))).")
        }
        // The user's bytes where a name is not UTF-8, so that the child opens that very file.
        let argv = ByteName.childArgv(["lv2render"] + arguments)
        defer { argv.forEach { free($0) } }
        let processID = child_spawn(executable, argv, output, errors, nil, 0)
        guard processID > 0 else {
            let reason = String(cString: strerror(errno))
            close(output)
            close(errors)
            throw HostError("lv2render could not be started (\(reason)).")
        }
        self.processID = processID
    }

    deinit {
        close(output)
        close(errors)
    }

    /// The last line the child wrote to its output (its summary) or its errors.
    func lastLine(ofErrors: Bool) -> String? {
        let descriptor = ofErrors ? errors : output
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while case let count = pread(descriptor, &buffer, buffer.count, offset), count > 0 {
            data.append(contentsOf: buffer[..<count])
            offset += off_t(count)
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init)
    }
}

/// The progress lines of a batch, one per file as it finishes.
private struct Tally {
    let total: Int
    private var done = 0
    private(set) var failed = 0

    init(total: Int) {
        self.total = total
    }

    mutating func report(_ line: String, failed isFailure: Bool) {
        done += 1
        if isFailure { failed += 1 }
        let stream = isFailure ? FileHandle.standardError : FileHandle.standardOutput
        stream.write(Data("[\(done)/\(total)] \(ByteName.showingNames(in: line))\n".utf8))
    }
}
