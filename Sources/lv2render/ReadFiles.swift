import AudioMIDIFiles
import Foundation
import LV2Host

/// The files a render reads, known by device and inode rather than by name, so that no
/// output replaces one of them however it is spelt: `./a.wav` for `a.wav`, a symbolic
/// link, a hard link. Devices (`/dev/null`) and standard output are never inputs here.
struct ReadFiles {
    private var files: [(identity: FileIdentity, option: String)] = []

    /// Notes `path` as read, for the option that names it (`--input a.wav`).
    mutating func add(_ path: String, option: String) {
        if let identity = FileIdentity(path), identity.isRegularFile { files.append((identity, option)) }
    }

    /// A state directory is read whole: its `state.ttl` and the files beside it (a sample).
    mutating func addState(_ path: String, option: String) {
        guard let identity = FileIdentity(path), !identity.isRegularFile else { return add(path, option: option) }
        let folder = URL(fileURLWithPath: path)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            add(folder.appendingPathComponent(name).path, option: option)
        }
    }

    /// The option that reads the file at `path`, if any; nil for a new file and a device.
    func reader(of path: String) -> String? {
        guard let identity = FileIdentity(path) else { return nil }
        return files.first { $0.identity == identity }?.option
    }

    /// Throws when writing `path`, named by `option`, would replace a file the render reads.
    func checkOutput(_ path: String, option: String) throws {
        if let reader = reader(of: path) {
            throw HostError("\(option) would replace \(reader), which the render reads; name another output.")
        }
    }

    /// What each stage reads besides the audio input: `--set` paths, `--state` directories
    /// and preset files. Throws when a preset does not exist.
    mutating func addStages(_ stages: [RenderStage], world: LV2World) throws {
        for stage in stages {
            for (parameter, value) in stage.parameters {
                if case .path(let path) = value { add(path, option: "--set \(parameter.shortName)=\(path)") }
            }
            if let preset = stage.presetURI {
                for file in try world.presetFiles(preset, for: stage.plugin) {
                    add(file, option: "the file \(file) of --preset \(preset)")
                }
            }
            if let state = stage.statePath { addState(state, option: "--state \(state)") }
        }
    }

    /// The files `--save-state DIR` writes.
    static func savedStateFiles(_ directory: String) -> [String] {
        ["state.ttl", "manifest.ttl"].map { URL(fileURLWithPath: directory).appendingPathComponent($0).path }
    }
}
