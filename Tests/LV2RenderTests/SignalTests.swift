import Foundation
import LV2Host
import TestSupport
import XCTest

/// A signal stops a batch whole: each case is a real batch of two long renders (the test
/// chatty plugin sleeping in every run), signalled once both children are writing. Then
/// the batch ends by that signal, no child is left, no partial file, and no output file
/// appears in the 10 s after.
final class SignalTests: XCTestCase {
    /// A batch started in the background, in a folder of its own.
    private final class LongBatch {
        let folder = TemporaryFolder("signals")
        let process = Process()
        let name: String
        var output: String { folder.path("out") }
        private(set) var children: [pid_t] = []

        init(_ name: String, ignoringSIGTERM: Bool = false) throws {
            self.name = name
            // 4 s at 8 kHz in blocks of 16 frames, 10 ms a block: a render of 20 s, long enough
            // for every batch to start on a loaded machine; the signals cut it short.
            for input in ["a", "b"] {
                try writeWAV([[Float](repeating: 0, count: 32000)], sampleRate: 8000, to: folder.path("\(input).wav"))
            }
            process.executableURL = LV2RenderTool.executable
            process.arguments = ["render", TestChattyBundle.uri, "--set", "pause=10", "--set", "ignore_term=\(ignoringSIGTERM ? 1 : 0)",
                                 "--block", "16", "--tail", "0", "--input", folder.path("a.wav"), folder.path("b.wav"),
                                 "--output-dir", output, "--jobs", "2"]
            let path = [try TestChattyBundle.lv2Directory(), Repository.lv2PathWithSystemBundles].joined(separator: ":")
            process.environment = ProcessInfo.processInfo.environment.merging(["LV2_PATH": path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        var outputFiles: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).sorted()
        }

        /// Waits until both children run and write their partial files.
        func waitUntilWriting() {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                children = processes { $0.parent == process.processIdentifier }.map(\.id)
                if children.count == 2, outputFiles.filter({ $0.contains(".partial-") }).count == 2 { return }
                usleep(20_000)
            }
            XCTFail("\(name): the batch never had two children writing (children \(children), files \(outputFiles))")
        }

        /// Waits for the batch to end, at most `limit` seconds after `start`; the seconds from
        /// `start` to its end.
        func waitForEnd(since start: Date, limit: Double) -> Double {
            while process.isRunning, Date().timeIntervalSince(start) < limit { usleep(10_000) }
            return Date().timeIntervalSince(start)
        }
    }

    /// The live processes on the machine (zombies left out): their ID, parent ID and command line.
    static func processes(where wanted: ((id: pid_t, parent: pid_t, commandLine: String)) -> Bool) -> [(id: pid_t, parent: pid_t, commandLine: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> (id: pid_t, parent: pid_t, commandLine: String)? in
            guard let id = pid_t(name) else { return nil }
            let stat = readProcFile("/proc/\(name)/stat")
            // The fields after the command's name, which may hold spaces: state, parent ID, …
            guard let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", let parent = pid_t(fields[1]) else { return nil }
            let commandLine = readProcFile("/proc/\(name)/cmdline").replacingOccurrences(of: "\0", with: " ")
            return (id, parent, commandLine)
        }.filter(wanted)
    }

    private func processes(where wanted: ((id: pid_t, parent: pid_t, commandLine: String)) -> Bool) -> [(id: pid_t, parent: pid_t, commandLine: String)] {
        Self.processes(where: wanted)
    }

    func testASignalToTheBatchStopsEveryChildAndLeavesNoFile() throws {
        // Ctrl-C in a terminal sends SIGINT to the foreground process group; Foundation's
        // Process starts the batch as the leader of a group of its own, which stands for it.
        let cases: [(name: String, signal: Int32, toGroup: Bool, ignoringSIGTERM: Bool)] = [
            ("SIGINT", SIGINT, false, false), ("SIGTERM", SIGTERM, false, false), ("SIGHUP", SIGHUP, false, false),
            ("SIGQUIT", SIGQUIT, false, false),
            ("Ctrl-C", SIGINT, true, false), ("SIGTERM to children that ignore it", SIGTERM, false, true),
            // The batch cannot catch SIGKILL; its children get SIGTERM as it dies.
            ("SIGKILL", SIGKILL, false, false),
        ]
        // SIGQUIT's default also dumps core: none here.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        let batches = try cases.map { try LongBatch($0.name, ignoringSIGTERM: $0.ignoringSIGTERM) }
        batches.forEach { $0.waitUntilWriting() }
        for (batch, test) in zip(batches, cases) {
            let parent = batch.process.processIdentifier
            guard batch.process.isRunning else { return XCTFail("\(test.name): the batch ended before the signal") }
            if test.toGroup {
                XCTAssertEqual(getpgid(parent), parent, "the batch is not a process group's leader")
                kill(-parent, test.signal)
            } else {
                kill(parent, test.signal)
            }
        }
        let signalled = Date()
        for (batch, test) in zip(batches, cases) {
            // Children that ignore SIGTERM get SIGKILL after 5 s; the others stop at once.
            let seconds = batch.waitForEnd(since: signalled, limit: test.ignoringSIGTERM ? 10 : 3)
            XCTAssertFalse(batch.process.isRunning, "\(test.name): the batch still runs \(seconds) s after the signal")
            if test.ignoringSIGTERM { XCTAssertGreaterThan(seconds, 4.5, test.name) }
            XCTAssertEqual(batch.process.terminationReason, .uncaughtSignal, test.name)
            XCTAssertEqual(batch.process.terminationStatus, test.signal, test.name)
            // Within a second: a child of a killed batch gets its SIGTERM as the batch dies.
            let childrenDeadline = Date().addingTimeInterval(1)
            while Date() < childrenDeadline, !processes(where: { batch.children.contains($0.id) }).isEmpty { usleep(10_000) }
            XCTAssertEqual(processes { batch.children.contains($0.id) }.map(\.commandLine), [], "\(test.name): children left")
            XCTAssertEqual(processes { $0.commandLine.contains(batch.output) }.map(\.commandLine), [], test.name)
            XCTAssertEqual(batch.outputFiles, [], "\(test.name): files left right after the batch ended")
        }
        // Nothing appears later either.
        let watchEnd = signalled.addingTimeInterval(10)
        while Date() < watchEnd {
            for (batch, test) in zip(batches, cases) where !batch.outputFiles.isEmpty {
                XCTFail("\(test.name): \(batch.outputFiles) appeared after the batch was stopped")
                return
            }
            usleep(100_000)
        }
    }

    /// `lv2render check` runs each check in a child of its own process group, where a
    /// terminal's Ctrl-C does not reach; the child ends with the check all the same.
    func testStoppingACheckStopsItsWorker() throws {
        let process = Process()
        process.executableURL = LV2RenderTool.executable
        process.arguments = ["check", TestChattyBundle.slowURI, "--only", "determinism", "--seed", "1"]
        let path = [try TestChattyBundle.lv2Directory(), Repository.lv2PathWithSystemBundles].joined(separator: ":")
        process.environment = ProcessInfo.processInfo.environment.merging(["LV2_PATH": path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let parent = process.processIdentifier
        var workers: [pid_t] = []
        let deadline = Date().addingTimeInterval(30)
        while workers.isEmpty, Date() < deadline {
            workers = processes { $0.parent == parent && $0.commandLine.contains("check-worker") }.map(\.id)
            usleep(20_000)
        }
        XCTAssertFalse(workers.isEmpty, "the check never started its worker")
        kill(parent, SIGTERM)
        let stopped = Date()
        while process.isRunning, Date().timeIntervalSince(stopped) < 3 { usleep(10_000) }
        XCTAssertFalse(process.isRunning)
        while Date().timeIntervalSince(stopped) < 4, !processes(where: { workers.contains($0.id) }).isEmpty { usleep(10_000) }
        XCTAssertEqual(processes { workers.contains($0.id) }.map(\.commandLine), [], "the worker outlived its check")
    }
}
