import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// A JACK server of the test's own, with the dummy driver (no sound card; it keeps
/// real time by sleeping), and the clients the test starts on it.
///
/// Nothing here can reach another JACK server: every program gets this server's name
/// in `JACK_DEFAULT_SERVER`, and `JACK_NO_START_SERVER`, so that no client ever starts
/// the default one. `JackSession.run` stops every program by process id when its body
/// ends, also after a failure, and starts over when JACK stalls.
final class JackSession {
    static let sampleRate = 48000
    static let periodFrames = 256

    /// The names of the servers this class starts. JACK keeps a machine-wide table of
    /// eight servers and frees the entry of one that died only when a server of the
    /// same name starts; a few fixed names, rather than one per run, keep killed test
    /// runs from filling that table, and let test runs in other worktrees overlap.
    static let serverNames = (1...3).map { "swiftlv2-test-\($0)" }

    let folder: TemporaryFolder
    private let server: ChildProcess
    private let environment: [String: String]
    /// The clients, in the order they started.
    private var children: [ChildProcess] = []

    /// Starts a server under the first free name and waits until it answers; throws
    /// `realHostUnavailable` only when JACK cannot start at all here.
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
            Self.removeLeftovers(ofServer: name)
            // No real-time scheduling, which test machines rarely grant. A client that
            // misses a cycle on a busy machine tears a hole in the recording; `record`
            // notices, and `run` starts over. (JACK's synchronous mode, which would wait
            // for late clients instead, stalls for seconds at a time when clients come and go.)
            let server = try ChildProcess("jackd", ["--name", name, "--no-realtime", "-d", "dummy",
                                                    "-r", String(Self.sampleRate), "-p", String(Self.periodFrames)],
                                          environment: environment, folder: folder)
            let ready = try waitUntil(seconds: 10, every: Self.pollInterval) { try !server.isRunning || answers() }
            // A jackd that lost a race for the name to another test run quits at once.
            usleep(100_000)
            if ready && server.isRunning {
                self.folder = folder
                self.environment = environment
                self.server = server
                return
            }
            server.stop(grace: Self.serverGrace)
            refusals.append(server.transcript)
        }
        throw realHostUnavailable("JACK cannot start a dummy-driver server on this machine, so the jalv tests cannot run. "
                                  + refusals.joined(separator: "\n"))
    }

    /// Removes what a killed server of this name (and its killed clients) left in
    /// /dev/shm: the server's socket and one named semaphore per client. A new server
    /// would open those semaphores again, with their old counts, and hang on them.
    static func removeLeftovers(ofServer name: String) {
        let folder = "/dev/shm"
        let prefixes = ["jack_sem.\(getuid())_\(name)_", "jack_\(name)_"]
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where prefixes.contains(where: file.hasPrefix) {
            try? FileManager.default.removeItem(atPath: folder + "/" + file)
        }
    }

    /// How long the server may take to quit: longer than it waits for a client that
    /// hangs, so that it always gets to clean up its shared memory.
    static let serverGrace = 10.0

    deinit {
        stop()
    }

    /// Starts a program with this server's environment; `stop()` will end it.
    @discardableResult
    func start(_ program: String, _ arguments: [String], lv2Directories: [String] = []) throws -> ChildProcess {
        var environment = environment
        if !lv2Directories.isEmpty { environment["LV2_PATH"] = (lv2Directories + [environment["LV2_PATH"] ?? ""]).joined(separator: ":") }
        let child = try ChildProcess(program, arguments, environment: environment, folder: folder)
        children.append(child)
        return child
    }

    /// jalv, the LV2 reference host, running `uri` as the JACK client `client`
    /// (its ports are then `client:symbol`); `-x` makes it quit rather than take another name.
    /// `state` is a state folder for jalv to load (`-l`); `lv2Directories` go on its `LV2_PATH`.
    @discardableResult
    func jalv(_ uri: String, client: String, controls: [String: Float] = [:], state: String? = nil,
              lv2Directories: [String] = []) throws -> ChildProcess {
        var settings = controls.sorted { $0.key < $1.key }.flatMap { ["-c", "\($0.key)=\($0.value)"] }
        if let state { settings += ["-l", state] }
        // -p prints the controls after every change, which tells when a preset has loaded;
        // stdbuf makes those lines reach the output file at once rather than at exit.
        return try start("stdbuf", ["--output=L", "jalv"] + settings + ["-p", "-n", client, "-x", uri], lv2Directories: lv2Directories)
    }

    /// Waits until JACK lists every port in `ports`.
    func waitForPorts(_ ports: [String], seconds: Double = 10) throws {
        let listed = try waitUntil(seconds: seconds, every: Self.pollInterval) {
            let list = try jackTool("jack_lsp", []).standardOutput.split(separator: "\n").map(String.init)
            return ports.allSatisfy(list.contains)
        }
        if !listed { throw Stalled("JACK did not show the ports \(ports) within \(seconds) s.", self) }
    }

    func connect(_ source: String, _ destination: String) throws {
        let result = try jackTool("jack_connect", [source, destination])
        if result.status != 0 {
            throw HostError("jack_connect \(source) \(destination) failed: \(result.standardError) " + transcripts)
        }
    }

    /// The latency JACK shows for `port` once it is `expected` (or after `seconds`), in
    /// frames: the largest of its playback and capture ranges.
    func latency(of port: String, once expected: Int, seconds: Double = 10) throws -> Int? {
        var latest: Int?
        _ = try waitUntil(seconds: seconds, every: Self.pollInterval) {
            let listing = try jackTool("jack_lsp", ["--port-latency", port]).standardOutput
            // "	port playback latency = [ 1071 1071 ] frames"
            latest = listing.split(whereSeparator: { " \t\n[]".contains($0) }).compactMap { Int($0) }.max()
            return latest == expected
        }
        return latest
    }

    /// Records `ports` with jack_rec for whole `seconds` and returns one channel per port.
    func record(_ ports: [String], seconds: Int) throws -> [[Float]] {
        // Clients that have just started or been connected often miss their first cycles.
        usleep(300_000)
        let missedBefore = missedCycles
        let file = folder.path("recording.wav")
        // 32-bit samples and a 5 s ring buffer, so that a busy machine never makes it drop any.
        let recorder = try start("jack_rec", ["-f", file, "-d", String(seconds), "-b", "32", "-B", "262144"] + ports)
        guard recorder.waitForExit(seconds: Double(seconds) + 5) else {
            throw Stalled("jack_rec did not finish a \(seconds) s recording in time.", self)
        }
        // JACK plays silence for a client that misses a cycle: the recording has a hole.
        guard missedCycles == missedBefore else { throw Stalled("A client missed a cycle during the recording.", self) }
        let audio = try AudioFile.read(path: file)
        guard audio.channels.count == ports.count, audio.frameCount == seconds * Self.sampleRate else {
            throw HostError("jack_rec recorded \(audio.frameCount) frames of \(audio.channels.count) channels. " + transcripts)
        }
        return audio.channels
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

    /// A short-lived JACK command-line tool, bounded to 5 s.
    private func jackTool(_ program: String, _ arguments: [String]) throws -> CommandResult {
        let result = try Self.jackTool(program, arguments, environment: environment)
        if result.status == 124 { throw Stalled("\(program) \(arguments.joined(separator: " ")) got no answer from JACK.", self) }
        return result
    }

    private static func jackTool(_ program: String, _ arguments: [String], environment: [String: String]) throws -> CommandResult {
        try runCommand("timeout", ["5", program] + arguments, environment: environment)
    }

    // MARK: - Starting over

    /// JACK stopped moving: a known weakness of JACK 2 without real-time scheduling,
    /// where a client coming or going now and then leaves another one waiting for a
    /// wake-up that never comes, or a busy machine makes a client miss a cycle.
    struct Stalled: Error, CustomStringConvertible {
        let what: String
        /// `what`, and what every program printed.
        let description: String

        init(_ what: String, _ session: JackSession) {
            self.what = what
            description = what + " " + session.transcripts
        }
    }

    /// Runs `body` on a fresh session and stops every program afterwards, whatever
    /// happens; when JACK stalls, starts over on a new server, `attempts` times at most.
    /// When every attempt stalls, the machine cannot run JACK in real time (a loaded
    /// 2-core machine often cannot), which counts as JACK not running here (`realHostUnavailable`).
    /// Anything else `body` throws, a wrong pitch or level included, is a failure.
    static func run<Result>(attempts: Int = 3, _ body: (JackSession) throws -> Result) throws -> Result {
        var stalls: [Stalled] = []
        while stalls.count < attempts {
            let session = try JackSession()
            defer { session.stop() }
            do {
                return try body(session)
            } catch let stall as Stalled {
                stalls.append(stall)
                print("JACK stalled (attempt \(stalls.count) of \(attempts)), starting over: \(stall.what)")
            }
        }
        throw realHostUnavailable("JACK could not keep time on this machine: it stalled \(attempts) times in a row; the last time: \(stalls.last!)")
    }
}
