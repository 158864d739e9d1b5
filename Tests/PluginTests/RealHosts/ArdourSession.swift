import HostFiles
import Foundation
import LV2Host
import TestSupport

/// Ardour 7 (Debian's `ardour`), headless: `ardour7-lua` builds a session with
/// `scripts/ardour-session.lua` on Ardour's Dummy audio backend, and `ardour7-export`
/// renders it offline to a WAV file.
///
/// Ardour sees only the folders of `lv2Path` (our bundle unless told otherwise), and reads
/// and writes its configuration and caches in the session's temporary folder, so neither the
/// plugins installed on the machine nor the user's Ardour preferences play any part.
struct ArdourSession {
    /// A note on the session's timeline, in frames at `sampleRate`.
    struct Note {
        var pitch: Int
        var start: Int
        var length: Int
        var velocity = 100

        /// As `scripts/ardour-session.lua` takes it.
        var luaArgument: String { "\(pitch):\(start):\(length):\(velocity)" }
        /// As `lv2render --notes` takes it, in seconds.
        var lv2renderSpec: String {
            "\(pitch)@\(Double(start) / ArdourSession.sampleRate):\(Double(length) / ArdourSession.sampleRate):\(velocity)"
        }
    }

    /// What Ardour reported and rendered.
    struct Render {
        /// The latency Ardour reads from the rate adapter.
        var adapterLatency: Int
        /// The master bus: the synth track on the left, the adapter track on the right.
        var master: AudioData
    }

    static let sampleRate = 48000.0
    static let name = "swiftlv2"
    /// `ardour7-export` aborts now and then with heap corruption in its own export
    /// graph (also with no plugin at all loaded: about one run in ten; 3 in 10 on the side-chain
    /// session's three tracks), as it frees its export channels; a new run succeeds.
    /// Only those crashes are tried again: an abort (SIGABRT, as glibc ends a process on heap
    /// corruption) or a segmentation fault, both seen (gdb) in `free` under
    /// `PortExportChannel::~PortExportChannel` once the export is done. Any other failure fails at once.
    static let exportAttempts = 6

    let folder = TemporaryFolder("ardour")
    /// The folders Ardour finds plugins and presets in (its `LV2_PATH`).
    var lv2Path = Repository.lv2PathWithOnlyOurBundle

    /// Builds the session and exports it; `frames` long, the notes on the sine synth's
    /// track, `preset` loaded in the rate adapter.
    func render(frames: Int, notes: [Note], preset: String) throws -> Render {
        let printed = try build(frames: frames, notes: notes.map(\.luaArgument), instrument: SynthPluginTests.uri, adapterPreset: preset)
        guard let line = printed.split(separator: "\n").last(where: { $0.hasPrefix("latency ") }),
              let latency = Int(line.dropFirst("latency ".count)) else {
            throw ArdourError("ardour7-lua printed no latency:\n\(printed)")
        }
        return Render(adapterLatency: latency, master: try export())
    }

    /// Builds a session with only the instrument's track, `preset` loaded through Ardour's
    /// preset list, then `properties` (`patch:writable` parameters by URI) set through
    /// Ardour's controls for them, and exports it: the master bus, the instrument on its left.
    func render(instrument: String, preset: String, properties: [String: Double] = [:], frames: Int,
                notes: [Note]) throws -> AudioData {
        _ = try build(frames: frames, notes: notes.map(\.luaArgument) + properties.map { "\($0.key)=\($0.value)" },
                      instrument: instrument, instrumentPreset: preset)
        return try export()
    }

    /// Builds `scripts/ardour-sidechain.lua`'s session and exports it: `synth` playing `tone`
    /// on a track through `effect` (its `controls` set by the names Ardour shows), `burst` on a
    /// second track feeding the effect's side-chain input; the master's left is the effect's left.
    func renderSideChain(synth: String, effect: String, tone: Note, burst: Note, controls: [String: Double],
                         frames: Int) throws -> AudioData {
        _ = try runScript("ardour-sidechain.lua", [folder.path(Self.name), Self.name, String(frames), synth, effect,
                                                   tone.luaArgument, burst.luaArgument] + controls.map { "\($0.key)=\($0.value)" })
        return try export()
    }

    /// The session file Ardour saved (XML).
    func sessionFile() throws -> String {
        try String(contentsOfFile: folder.path("\(Self.name)/\(Self.name).ardour"), encoding: .utf8)
    }

    /// The `state.ttl` files Ardour saved in the session for its plugins' states.
    func savedPluginStates() throws -> [URL] {
        let plugins = URL(fileURLWithPath: folder.path(Self.name + "/plugins"))
        let files = FileManager.default.enumerator(at: plugins, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.lastPathComponent == "state.ttl" }
    }

    /// Runs `scripts/ardour-session.lua` (a preset is a URI or none; `settings` are its notes
    /// and properties) and returns what it printed.
    private func build(frames: Int, notes settings: [String], instrument: String, instrumentPreset: String? = nil,
                       adapterPreset: String? = nil) throws -> String {
        try runScript("ardour-session.lua", [folder.path(Self.name), Self.name, String(frames), instrument,
                                             instrumentPreset ?? "-", adapterPreset ?? "-"] + settings)
    }

    /// Runs a script of `scripts/` in `ardour7-lua` and returns what it printed.
    private func runScript(_ name: String, _ arguments: [String]) throws -> String {
        let lua = try Self.program("ardour7-lua")
        let script = Repository.root.appendingPathComponent("scripts/" + name).path
        let built = try runCommand(lua, [script] + arguments, environment: environment, timeout: 300)
        guard built.status == 0 else {
            throw ArdourError("ardour7-lua could not build the session (status \(built.status)):\n\(built.standardOutput)\(built.standardError)")
        }
        return built.standardOutput
    }

    /// The session's range, rendered by `ardour7-export` as 32-bit float, tried up to
    /// `exportAttempts` times.
    private func export() throws -> AudioData {
        let exporter = try Self.program("ardour7-export")
        let session = folder.path(Self.name)
        let output = folder.path("export.wav")
        var failures: [String] = []
        for attempt in 1...Self.exportAttempts {
            let result = try runCommand(exporter, ["-b", "float", "-o", output, session, Self.name],
                                        environment: environment, timeout: 300)
            if result.status == 0 { return try AudioFile.read(path: output) }
            failures.append("attempt \(attempt): status \(result.status)\n\(result.standardError.suffix(2000))")
            guard result.status == SIGABRT || result.status == SIGSEGV else { break }
            print("ardour7-export crashed (signal \(result.status)) on attempt \(attempt) of \(Self.exportAttempts)")
        }
        throw ArdourError("ardour7-export failed:\n" + failures.joined(separator: "\n"))
    }

    private var environment: [String: String] {
        ["LV2_PATH": lv2Path,
         "XDG_CONFIG_HOME": folder.path("config"), "XDG_CACHE_HOME": folder.path("cache")]
    }

    /// The program's path; Ardour missing is a failure, never a skip (`make test`
    /// installs it).
    static func program(_ name: String) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard let path = folders.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile) else {
            throw ArdourError("\(name) is not installed: the Ardour tests need Debian's package ardour (`make test-deps` installs it).")
        }
        return path
    }
}

struct ArdourError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
