import HostFiles
import Foundation
import LV2Host

/// Tests/RenderHost/render_host.c, compiled once per test run for this machine and for
/// aarch64, so that a plugin's two builds are run by the same host code with the same
/// input, block by block. The aarch64 host runs under qemu-user, with the arm64 C
/// library of the cross compiler (libc6-arm64-cross) and the arm64 libraries of
/// multiarch (libsamplerate0:arm64).
/// (Unchecked Sendable: nothing changes after init, and each render has files of its own.)
public final class RenderHost: @unchecked Sendable {
    public enum Machine: String, Sendable { case native, aarch64 }

    public static let shared = Result { try RenderHost() }

    /// Every render runs at this rate.
    public static let rate = 48000.0
    public static let qemu = ["qemu-aarch64-static", "-L", "/usr/aarch64-linux-gnu"]
    /// The hosts and each render's files.
    private let temporaryFolder = TemporaryFolder("render-host")
    private var folder: URL { temporaryFolder.url }

    private init() throws {
        let source = Repository.root.appendingPathComponent("Tests/RenderHost/render_host.c").path
        for (machine, compiler) in [(Machine.native, "cc"), (.aarch64, "aarch64-linux-gnu-gcc")] {
            let result = try runCommand(compiler, ["-O1", "-Wall", "-Wextra", "-Werror", "-o", executable(machine), source, "-ldl"])
            guard result.status == 0 else { throw HostError("\(compiler) could not compile \(source): \(result.standardError)") }
        }
    }

    /// What Tests/RenderHost/lilv_plugins.c, built for aarch64 against Debian's arm64
    /// lilv (liblilv-0-0:arm64) and run under qemu-user, prints for `lv2Path`.
    public func listWithARM64Lilv(lv2Path: String) throws -> String {
        let source = Repository.root.appendingPathComponent("Tests/RenderHost/lilv_plugins.c").path
        let program = folder.appendingPathComponent("lilv_plugins-aarch64").path
        let compile = try runCommand("aarch64-linux-gnu-gcc", ["-O1", "-Wall", "-Wextra", "-Werror", "-I/usr/include/lilv-0", "-o", program,
                                                               source, "/usr/lib/aarch64-linux-gnu/liblilv-0.so.0"])
        guard compile.status == 0 else { throw HostError("aarch64-linux-gnu-gcc could not compile \(source): \(compile.standardError)") }
        let run = try runCommand(Self.qemu[0], Array(Self.qemu.dropFirst()) + [program], environment: ["LV2_PATH": lv2Path])
        guard run.status == 0 else { throw HostError("\(program) failed under qemu: \(run.standardError)") }
        return run.standardOutput
    }

    private func executable(_ machine: Machine) -> String { folder.appendingPathComponent("render_host-\(machine.rawValue)").path }

    /// Why qemu-user cannot run the aarch64 host here, or nil when it can (the host prints
    /// its usage and exits 1): the tests skip with this.
    public func qemuProblem() -> String? {
        let run = try? runCommand(Self.qemu[0], Array(Self.qemu.dropFirst()) + [executable(.aarch64)])
        if let run, run.standardError.hasPrefix("render_host: usage") { return nil }
        return "qemu-user cannot run aarch64 programs here (\(Self.qemu.joined(separator: " ")): "
            + (run.map { "status \($0.status), \($0.standardError)" } ?? "not found") + "), so the aarch64 build is not run."
    }

    /// What one run left: the audio outputs in port order, and the values of the control
    /// outputs and the event counts of the atom outputs, by port index.
    public struct Output {
        public var audio: [[Float]]
        public var controls: [Int: Float] = [:]
        public var events: [Int: Int] = [:]
    }

    /// Runs `binary`'s plugin `uri` on `machine` for `frames` frames in blocks of
    /// `blocks` (used in turn). Every port of `plugin` is connected: control inputs at
    /// `controls` (by symbol) or their default, audio inputs to `inputs` in order, MIDI
    /// inputs to `notes` (frame, status, data 1, data 2).
    public func render(_ plugin: PluginInfo, binary: String, on machine: Machine, frames: Int, blocks: [Int],
                controls: [String: Float] = [:], inputs: [[Float]] = [], midi: [(Int, UInt8, UInt8, UInt8)] = []) throws -> Output {
        let render = UUID().uuidString
        var ports: [String] = []
        var audioInputs = inputs.makeIterator()
        for port in plugin.ports {
            switch (port.kind, port.isInput) {
            case (.control, true): ports.append("c:\(port.index)=\(controls[port.symbol] ?? port.initialValue)")
            case (.control, false): ports.append("c:\(port.index)=0")
            case (.audio, true):
                guard let samples = audioInputs.next() else { throw HostError("no input for the audio port \(port.symbol)") }
                let path = folder.appendingPathComponent("input-\(render)-\(port.index).raw").path
                try samples.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
                ports.append("i:\(port.index)=\(path)")
            case (.audio, false): ports.append("o:\(port.index)")
            case (.atom, true): ports.append("m:\(port.index)=" + midi.map { "\($0.0):\($0.1):\($0.2):\($0.3)" }.joined(separator: ","))
            case (.atom, false): ports.append("e:\(port.index)")
            default: throw HostError("the render host has no \(port.kind) ports")
            }
        }
        let output = folder.appendingPathComponent("output-\(render).raw").path
        let arguments = [binary, plugin.uri, String(Int(Self.rate)), String(frames), blocks.map(String.init).joined(separator: ","), output] + ports
        let command = machine == .native ? [executable(.native)] + arguments : Self.qemu + [executable(.aarch64)] + arguments
        let result = try runCommand(command[0], Array(command.dropFirst()))
        guard result.status == 0 else { throw HostError("\(command.joined(separator: " ")) failed: \(result.standardError)") }

        let samples = try Data(contentsOf: URL(fileURLWithPath: output)).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.contains(render) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
        var rendered = Output(audio: stride(from: 0, to: samples.count, by: frames).map { Array(samples[$0..<$0 + frames]) })
        for line in result.standardOutput.split(separator: "\n") {
            let words = line.split(separator: " ")  // "control 8: 2354", "events 1: 12"
            guard words.count == 3, let index = Int(words[1].dropLast()) else { continue }
            if words[0] == "control" { rendered.controls[index] = Float(words[2]) }
            if words[0] == "events" { rendered.events[index] = Int(words[2]) }
        }
        return rendered
    }
}
