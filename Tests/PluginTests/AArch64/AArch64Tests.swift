import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// The plugins cross-built for aarch64 Linux (Raspberry Pi, Zynthian, MOD) by
/// `make PLATFORM=aarch64` and the example by `swift package --allow-writing-to-package-directory lv2-bundle --platform aarch64` in Examples/Arpeggiator
/// (`make test` builds both first): what the binaries are, and what they play under
/// qemu-user, on their own and against the x86-64 build run by the same host (RenderHost).
final class AArch64Tests: XCTestCase {
    static let bundle = Repository.aarch64Bundle
    static let binary = bundle.appendingPathComponent("swiftlv2.so").path
    static let example = ExamplePackage.arpeggiator.folder.appendingPathComponent("lv2-aarch64/arpeggiator.lv2")
    static let exampleBinary = example.appendingPathComponent("arpeggiator.so").path
    static let rate = RenderHost.rate

    /// The plugin's description, read by lilv from the aarch64 bundle's Turtle.
    static func plugin(_ uri: String) throws -> PluginInfo { try world().plugin(uri: uri) }

    /// A lilv world that holds only the aarch64 bundle.
    static func world() throws -> LV2World {
        guard FileManager.default.fileExists(atPath: binary) else {
            throw HostError("\(binary) is missing: run `make PLATFORM=aarch64` (`make test` does).")
        }
        return try LV2World(lv2Path: Repository.lv2Path(holdingOnly: bundle, as: "swiftlv2-aarch64.lv2"))
    }

    static func host() throws -> RenderHost {
        let host = try RenderHost.shared.get()
        if let problem = host.qemuProblem() { throw XCTSkip(problem) }
        return host
    }

    // MARK: - The binaries

    /// Each binary is an aarch64 ELF shared object that needs only the C library, libm and
    /// libsamplerate, sets no RUNPATH and exports only `lv2_descriptor`; its bundle's Turtle
    /// is the x86-64 bundle's, byte for byte.
    func testTheBinariesAreAArch64SharedObjectsThatNeedOnlySystemLibraries() throws {
        _ = try Self.plugin(SynthPluginTests.uri)
        guard FileManager.default.fileExists(atPath: Self.exampleBinary) else {
            throw HostError("\(Self.exampleBinary) is missing: run `make example-aarch64` (`make test` does).")
        }
        let systemLibraries: Set = ["libc.so.6", "libm.so.6", "ld-linux-aarch64.so.1", "libsamplerate.so.0"]
        for binary in [Self.binary, Self.exampleBinary] {
            let header = try runCommand("aarch64-linux-gnu-readelf", ["--file-header", binary]).standardOutput
            XCTAssertTrue(header.contains("AArch64"), header)
            XCTAssertTrue(header.contains("DYN (Shared object file)"), header)
            let dynamic = try runCommand("aarch64-linux-gnu-readelf", ["--dynamic", binary]).standardOutput
            let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
                .compactMap { $0.split(separator: "[").last?.dropLast() }.map(String.init)
            XCTAssertTrue(Set(needed).isSubset(of: systemLibraries), "\(binary) needs \(needed)")
            XCTAssertFalse(dynamic.contains("RUNPATH") || dynamic.contains("RPATH"), dynamic)
            let exported = try runCommand("aarch64-linux-gnu-nm", ["--dynamic", "--defined-only", binary]).standardOutput
            XCTAssertEqual(exported.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) }, ["lv2_descriptor"], binary)
        }
        for binary in [Self.binary, Self.exampleBinary] {
            let bundle = URL(fileURLWithPath: binary).deletingLastPathComponent()
            let nativeBundle = bundle == Self.bundle ? Repository.bundle : ExamplePackage.arpeggiator.bundleFolder
            let turtle = try FileManager.default.contentsOfDirectory(atPath: nativeBundle.path).filter { $0.hasSuffix(".ttl") }
            XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: bundle.path)),
                           Set(turtle + [URL(fileURLWithPath: binary).lastPathComponent]))
            for file in turtle {
                XCTAssertEqual(try Data(contentsOf: bundle.appendingPathComponent(file)),
                               try Data(contentsOf: nativeBundle.appendingPathComponent(file)), file)
            }
        }
    }

    /// The synth's voice loops (SteadyVoices, in lanes of SIMD4<Double> and SIMD2<Double>)
    /// compile to NEON: arithmetic on two doubles per register (`fmul v0.2d, ...`).
    func testTheSynthsVoiceLoopsRunOnNEON() throws {
        _ = try Self.plugin(SynthPluginTests.uri)
        let disassembly = try runCommand("aarch64-linux-gnu-objdump", ["--disassemble", Self.binary]).standardOutput
        var function = "", vectorInstructions: [String: Int] = [:]
        for line in disassembly.split(separator: "\n") {
            if line.hasSuffix(">:") { function = String(line); continue }
            if function.contains("12SteadyVoicesV6render"),
               line.range(of: #"\tf(mul|add|sub)\tv[0-9]+\.2d"#, options: .regularExpression) != nil {
                vectorInstructions[function, default: 0] += 1
            }
        }
        // render(into:count:) for SIMD4 and for SIMD2 lanes.
        XCTAssertEqual(vectorInstructions.count, 2, "\(vectorInstructions)")
        for (function, count) in vectorInstructions { XCTAssertGreaterThan(count, 10, function) }
    }

    // MARK: - What a listener hears, under qemu-user

    static func note(_ key: UInt8, from start: Int, to end: Int) -> [(Int, UInt8, UInt8, UInt8)] {
        [(start, 0x90, key, 100), (end, 0x80, key, 0)]
    }

    /// A chord whose notes start and end inside blocks, with the attack, decay and release of each.
    static let chord = (note(60, from: 100, to: 30_000) + note(64, from: 4_321, to: 20_000) + note(67, from: 9_999, to: 40_000))
        .sorted { $0.0 < $1.0 }

    func testA4IsAt440HzWithinAHundredthOfACent() throws {
        let synth = try Self.plugin(SynthPluginTests.uri)
        let output = try Self.host().render(synth, binary: Self.binary, on: .aarch64, frames: Int(1.5 * Self.rate), blocks: [256],
                                            midi: Self.note(69, from: 0, to: Int(1.5 * Self.rate)))
        let frequency = SignalAnalysis.frequency(of: output.audio[0][Int(Self.rate * 0.4)..<Int(Self.rate * 1.4)], sampleRate: Self.rate)
        XCTAssertLessThan(abs(SignalAnalysis.cents(frequency, from: 440)), 0.01, "\(frequency) Hz")
    }

    /// The Telephone preset (its values read by lilv) keeps a 1 kHz sine at its level and
    /// removes a 6 kHz one, as the x86-64 build does (RateAdapterPresetTests).
    func testTelephonePresetKeeps1kHzAndRemoves6kHz() throws {
        let world = try Self.world()
        let adapter = try world.plugin(uri: RateAdapterHarness.uri)
        let preset = try world.presetControls("Telephone", for: adapter)
        let amplitude: Float = 0.5
        let input = [1000.0, 6000].map { TestSignals.sine(frequency: $0, sampleRate: Self.rate, seconds: 0.6, amplitude: amplitude) }
        let output = try Self.host().render(adapter, binary: Self.binary, on: .aarch64, frames: input[0].count, blocks: [256],
                                            controls: Dictionary(uniqueKeysWithValues: preset.map { ($0.symbol, $0.value) }),
                                            inputs: input)
        let latency = Int(try XCTUnwrap(output.controls[try adapter.port(symbol: "latency").index]))
        XCTAssertGreaterThan(latency, 0)
        let middle = (latency + Int(0.1 * Self.rate))..<(latency + Int(0.4 * Self.rate))
        let kept = SignalAnalysis.amplitude(of: output.audio[0][middle], at: 1000, sampleRate: Self.rate) / Double(amplitude)
        XCTAssertEqual(SignalAnalysis.decibels(kept), 0, accuracy: 0.05, "1 kHz")
        let residue = SignalAnalysis.rms(output.audio[1][middle]) / (Double(amplitude) / 2.0.squareRoot())
        XCTAssertLessThan(SignalAnalysis.decibels(residue), -90, "6 kHz")
    }

    /// Blocks of 4096 frames, and of 1, 17, 300 and 64 frames in turn, give the same samples.
    func testTheSamplesAreTheSameUnderTwoBlockPartitions() throws {
        let host = try Self.host()
        let synth = try Self.plugin(SynthPluginTests.uri)
        let adapter = try Self.plugin(RateAdapterHarness.uri)
        let noise = TestSignals.stereoNoise(frames: 24_000, seed: 27)
        let synthRenders = try [[4096], [1, 17, 300, 64]].map {
            try host.render(synth, binary: Self.binary, on: .aarch64, frames: 48_000, blocks: $0, midi: Self.chord).audio
        }
        XCTAssertEqual(synthRenders[0], synthRenders[1], "sine synth")
        XCTAssertGreaterThan(SignalAnalysis.peak(synthRenders[0][0]), 0.1)
        let adapterRenders = try [[4096], [1, 17, 300, 64]].map {
            try host.render(adapter, binary: Self.binary, on: .aarch64, frames: 24_000, blocks: $0, inputs: noise).audio
        }
        XCTAssertEqual(adapterRenders[0], adapterRenders[1], "rate adapter")
        XCTAssertGreaterThan(SignalAnalysis.peak(adapterRenders[0][0]), 0.1)
    }

    /// The aarch64 build plays what the x86-64 build plays, within 1e-6. Measured: the
    /// synth's samples are identical (no fused multiply-add in our Swift code, and its run
    /// path calls no libm); the rate adapter's differ by up to about 1e-14, because
    /// Debian's arm64 libsamplerate is compiled with fused multiply-adds (gcc contracts
    /// a * b + c into fmadd on aarch64; x86-64's baseline has no FMA).
    func testTheAArch64BuildPlaysWhatTheX86BuildPlays() throws {
        let host = try Self.host()
        let synth = try Self.plugin(SynthPluginTests.uri)
        let adapter = try Self.plugin(RateAdapterHarness.uri)
        let noise = TestSignals.stereoNoise(frames: 24_000, seed: 27)
        for (plugin, frames, inputs, midi, controls) in [
            (synth, 48_000, [], Self.chord, ["glide": 80, "bend_range": 12]),
            (adapter, 24_000, noise, [], [:]),
            (adapter, 24_000, noise, [], ["rate": 8000, "quality": 1, "bits": 8, "dither": 1]),
        ] as [(PluginInfo, Int, [[Float]], [(Int, UInt8, UInt8, UInt8)], [String: Float])] {
            let renders = try [RenderHost.Machine.native, .aarch64].map { machine in
                try host.render(plugin, binary: machine == .native ? Repository.pluginBinary.path : Self.binary, on: machine,
                                frames: frames, blocks: [256], controls: controls, inputs: inputs, midi: midi)
            }
            XCTAssertEqual(renders[0].controls, renders[1].controls, plugin.uri)
            for (native, aarch64) in zip(renders[0].audio, renders[1].audio) {
                let difference = zip(native, aarch64).map { abs($0 - $1) }.max() ?? .infinity
                XCTAssertLessThanOrEqual(difference, 1e-6, "\(plugin.uri) \(controls)")
                XCTAssertGreaterThan(SignalAnalysis.peak(native), 0.01)
            }
        }
    }

    /// The example (Examples/Arpeggiator) plays the same arpeggio on aarch64: the same MIDI
    /// events out, the same samples within 1e-6.
    func testTheExamplePlaysTheSameArpeggioOnAArch64() throws {
        let host = try Self.host()
        let world = try LV2World(lv2Path: Repository.lv2Path(holdingOnly: Self.example, as: "arpeggiator-aarch64.lv2"))
        let plugin = try world.plugin(uri: ExamplePackage.arpeggiator.uri)
        let renders = try [(RenderHost.Machine.native, try ExamplePackage.arpeggiator.binary()), (.aarch64, Self.exampleBinary)].map {
            try host.render(plugin, binary: $0.1, on: $0.0, frames: 96_000, blocks: [1, 17, 300, 64], midi: Self.chord)
        }
        XCTAssertEqual(renders[0].events, renders[1].events)
        XCTAssertGreaterThan(renders[0].events.values.first ?? 0, 4)
        for (native, aarch64) in zip(renders[0].audio, renders[1].audio) {
            XCTAssertLessThanOrEqual(zip(native, aarch64).map { abs($0 - $1) }.max() ?? .infinity, 1e-6)
            XCTAssertGreaterThan(SignalAnalysis.peak(native), 0.01)
        }
    }
}
