import Foundation
import LV2Host
import TestSupport
import XCTest

/// A JACK server of the test's own, with the dummy driver (no sound card; it keeps
/// real time by sleeping), and the clients the test starts on it.
///
/// Nothing here can reach another JACK server: every program gets this server's name
/// in `JACK_DEFAULT_SERVER`, and `JACK_NO_START_SERVER`, so that no client ever starts
/// the default one. `stop()` ends every program by process id, newest first; the test
/// calls it in `tearDown`, so it also runs after a failure.
final class JackSession {
    static let sampleRate = 48000
    static let periodFrames = 256

    /// The names of the servers this class starts. JACK keeps a machine-wide table of
    /// eight servers and frees the entry of one that died only when a server of the
    /// same name starts; a few fixed names, rather than one per run, keep killed test
    /// runs from filling that table, and let test runs in other worktrees overlap.
    static let serverNames = (1...3).map { "swiftlv2-test-\($0)" }

    let folder: TemporaryFolder
    let serverName: String
    private let server: ChildProcess
    private let environment: [String: String]
    /// The clients, in the order they started.
    private var children: [ChildProcess] = []

    /// Starts a server under the first free name and waits until it answers; throws
    /// `XCTSkip` only when JACK cannot start at all here.
    init() throws {
        // Writing to a client that has quit must fail, not kill the test process.
        signal(SIGPIPE, SIG_IGN)
        let folder = TemporaryFolder("jack")
        var refusals: [String] = []
        for name in Self.serverNames {
            let environment = ["JACK_DEFAULT_SERVER": name, "JACK_NO_START_SERVER": "1", "JACK_NO_AUDIO_RESERVATION": "1",
                               "LV2_PATH": Repository.lv2PathWithOnlyOurBundle]
            func answers() throws -> Bool { try Self.jackTool("jack_lsp", [], environment: environment).status == 0 }
            if try answers() {
                refusals.append("\(name) is in use.")
                continue
            }
            // Synchronous mode: each cycle waits for every client (up to 2 s) instead of
            // dropping a late one's audio, so a machine busy building cannot tear holes in
            // the recording; the dummy driver just catches up. No real-time scheduling,
            // which test machines rarely grant.
            let server = try ChildProcess("jackd", ["--name", name, "--sync", "--no-realtime", "--timeout", "2000", "-d", "dummy",
                                                    "-r", String(Self.sampleRate), "-p", String(Self.periodFrames)],
                                          environment: environment, folder: folder)
            let ready = try waitUntil(seconds: 10, every: Self.pollInterval) { try !server.isRunning || answers() }
            // A jackd that lost a race for the name to another test run quits at once.
            usleep(100_000)
            if ready && server.isRunning {
                self.folder = folder
                self.serverName = name
                self.environment = environment
                self.server = server
                return
            }
            server.stop(grace: Self.serverGrace)
            refusals.append(server.transcript)
        }
        throw XCTSkip("JACK cannot start a dummy-driver server on this machine, so the jalv tests cannot run. "
                      + refusals.joined(separator: "\n"))
    }

    /// How long the server may take to quit: longer than the 2 s it waits for a client
    /// that hangs, so that it always gets to clean up its shared memory.
    static let serverGrace = 10.0

    deinit {
        stop()
    }

    /// Starts a program with this server's environment; `stop()` will end it.
    @discardableResult
    func start(_ program: String, _ arguments: [String]) throws -> ChildProcess {
        let child = try ChildProcess(program, arguments, environment: environment, folder: folder)
        children.append(child)
        return child
    }

    /// jalv, the LV2 reference host, running `uri` as the JACK client `client`
    /// (its ports are then `client:symbol`); `-x` makes it quit rather than take another name.
    func jalv(_ uri: String, client: String, controls: [String: Float] = [:]) throws -> ChildProcess {
        let settings = controls.sorted { $0.key < $1.key }.flatMap { ["-c", "\($0.key)=\($0.value)"] }
        // -p prints the controls after every change, which tells when a preset has loaded;
        // stdbuf makes those lines reach the output file at once rather than at exit.
        return try start("stdbuf", ["--output=L", "jalv"] + settings + ["-p", "-n", client, "-x", uri])
    }

    /// Waits until JACK lists every port in `ports`.
    func waitForPorts(_ ports: [String], seconds: Double = 10) throws {
        let listed = try waitUntil(seconds: seconds, every: Self.pollInterval) {
            let list = try jackTool("jack_lsp", []).standardOutput.split(separator: "\n").map(String.init)
            return ports.allSatisfy(list.contains)
        }
        if !listed {
            throw HostError("JACK did not show the ports \(ports) within \(seconds) s. " + transcripts)
        }
    }

    func connect(_ source: String, _ destination: String) throws {
        let result = try jackTool("jack_connect", [source, destination])
        if result.status != 0 {
            throw HostError("jack_connect \(source) \(destination) failed: \(result.standardError) " + transcripts)
        }
    }

    /// The latency JACK shows for `port`, in frames: the largest of its playback and capture ranges.
    func latency(of port: String) throws -> Int {
        let listing = try jackTool("jack_lsp", ["--port-latency", port]).standardOutput
        // "	port playback latency = [ 975 975 ] frames"
        let numbers = listing.split(whereSeparator: { " \t\n[]".contains($0) }).compactMap { Int($0) }
        guard let largest = numbers.max() else { throw HostError("jack_lsp shows no latency for \(port): \(listing)") }
        return largest
    }

    /// Records `ports` with jack_rec for whole `seconds` and returns one channel per port.
    /// Should JACK still drop a client's cycle meanwhile (see `init`), it records again,
    /// up to three times, rather than hand over a recording with a hole.
    func record(_ ports: [String], seconds: Int) throws -> [[Float]] {
        for attempt in 1...3 {
            let missedBefore = missedCycles
            let file = folder.path("recording-\(attempt).wav")
            // 32-bit samples and a 5 s ring buffer, so that a busy machine never makes it drop any.
            let recorder = try start("jack_rec", ["-f", file, "-d", String(seconds), "-b", "32", "-B", "262144"] + ports)
            guard recorder.waitForExit(seconds: Double(seconds) + 10) else {
                throw HostError("jack_rec did not finish a \(seconds) s recording in time. " + transcripts)
            }
            let audio = try AudioFile.read(path: file)
            guard audio.channels.count == ports.count, audio.frameCount == seconds * Self.sampleRate else {
                throw HostError("jack_rec recorded \(audio.frameCount) frames of \(audio.channels.count) channels. " + transcripts)
            }
            if missedCycles == missedBefore || attempt == 3 { return audio.channels }
        }
        fatalError("unreachable: the last attempt returns")
    }

    /// How many times jackd has said that a client did not finish its cycle in time.
    private var missedCycles: Int {
        server.transcript.components(separatedBy: "was not finished").count - 1
    }

    /// Ends every program, newest first, the server last.
    func stop() {
        for child in children.reversed() { child.stop() }
        children.removeAll()
        server.stop(grace: Self.serverGrace)
    }

    /// What every program started so far has printed.
    var transcripts: String {
        ([server] + children).map(\.transcript).joined(separator: "\n")
    }

    /// How often to ask JACK with a command-line tool: each one is a JACK client that
    /// the server must add to its graph and take out again.
    static let pollInterval = 0.1

    /// A short-lived JACK command-line tool, bounded to 10 s.
    private func jackTool(_ program: String, _ arguments: [String]) throws -> CommandResult {
        try Self.jackTool(program, arguments, environment: environment)
    }

    private static func jackTool(_ program: String, _ arguments: [String], environment: [String: String]) throws -> CommandResult {
        try runCommand("timeout", ["10", program] + arguments, environment: environment)
    }
}
