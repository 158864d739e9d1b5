import Foundation
import LV2Host
import TestSupport
import XCTest

/// Several instances of both our plugins and of another Embedded Swift plugin (the
/// example arpeggiator) in one process, as in a DAW session: our library is loaded
/// once, nothing leaks between the libraries or between instances.
final class SharedProcessTests: XCTestCase {
    static let blockLength = 256
    static let blocks = 94  // half a second at 48 kHz

    var world: LV2World!

    override func setUpWithError() throws {
        world = try LV2World(lv2Path: Repository.lv2PathWithOnlyOurBundle + ":" + ExamplePackage.arpeggiator.lv2Directory())
    }

    /// One instance's settings and what it gets to play.
    struct Part {
        var uri: String
        var controls: [(symbol: String, value: Float)] = []
        /// MIDI messages by block: (block, frame in the block, bytes).
        var midi: [(block: Int, frame: Int, bytes: [UInt8])] = []
        /// Seed of the noise each audio input receives (input i gets seed + i).
        var seed: UInt64 = 0
    }

    static let parts = [
        Part(uri: SynthPluginTests.uri, midi: [(0, 10, [0x90, 69, 100]), (60, 100, [0x80, 69, 0])]),
        Part(uri: SynthPluginTests.uri, controls: [("voices", 1), ("glide", 50)],
             midi: [(0, 0, [0x90, 60, 90]), (20, 5, [0x90, 67, 90]), (80, 0, [0x80, 67, 0])]),
        Part(uri: RateAdapterHarness.uri, controls: [("rate", 8000), ("quality", 1)], seed: 10),
        Part(uri: RateAdapterHarness.uri, controls: [("rate", 12000), ("quality", 3)], seed: 20),
        Part(uri: ExamplePackage.arpeggiator.uri, midi: [(0, 0, [0x90, 60, 127]), (0, 0, [0x90, 64, 127]), (80, 0, [0xB0, 123, 0])]),
        Part(uri: ExamplePackage.arpeggiator.uri, controls: [("division", 2), ("pattern", 1)],
             midi: [(0, 3, [0x90, 67, 90]), (50, 7, [0x80, 67, 0])]),
    ]

    func instance(_ part: Part) throws -> PluginInstance {
        let instance = try PluginInstance(plugin: world.plugin(uri: part.uri), sampleRate: 48000, maxBlockLength: Self.blockLength)
        for (symbol, value) in part.controls { try instance.setControl(symbol, value) }
        instance.activate()
        return instance
    }

    /// Each part's audio input `channel` (two at most): noise from the part's seed + channel.
    static let inputs = parts.map { part in
        (0..<2).map { TestSignals.noise(count: blocks * blockLength, amplitude: 0.3, seed: part.seed + UInt64($0)) }
    }

    /// Runs block `block` of part `index` on `instance` and appends its outputs to `output`.
    func play(_ index: Int, on instance: PluginInstance, block: Int, into output: inout [[Float]]) {
        let part = Self.parts[index]
        let frames = (block * Self.blockLength)..<((block + 1) * Self.blockLength)
        for channel in 0..<instance.audioInputCount {
            _ = instance.audioInput(channel).update(fromContentsOf: Self.inputs[index][channel][frames])
        }
        for event in part.midi where event.block == block {
            XCTAssertTrue(instance.addMIDIEvent(frame: event.frame, bytes: event.bytes))
        }
        instance.run(frames: Self.blockLength)
        for channel in 0..<instance.audioOutputCount {
            output[channel] += instance.audioOutput(channel)[..<Self.blockLength]
        }
    }

    /// Part `index` alone, in a fresh instance.
    func playAlone(_ index: Int) throws -> [[Float]] {
        let instance = try instance(Self.parts[index])
        var output = [[Float]](repeating: [], count: instance.audioOutputCount)
        for block in 0..<Self.blocks { play(index, on: instance, block: block, into: &output) }
        return output
    }

    func testSixInstancesOfThreePluginsFromTwoSwiftLibrariesRunSideBySide() throws {
        let instances = try Self.parts.map(instance)
        var outputs = instances.map { [[Float]](repeating: [], count: $0.audioOutputCount) }
        // Block by block, every instance in turn, as a host runs a session.
        for block in 0..<Self.blocks {
            for index in Self.parts.indices {
                play(index, on: instances[index], block: block, into: &outputs[index])
            }
        }
        XCTAssertEqual(Self.mappings(of: Repository.pluginBinary.path), 1, "our library is loaded once")
        XCTAssertEqual(Self.mappings(of: try ExamplePackage.arpeggiator.binary()), 1)

        for (index, part) in Self.parts.enumerated() {
            XCTAssertEqual(outputs[index], try playAlone(index), "part \(index) (\(part.uri)) sounds as it does alone")
        }
        // Both libraries work: the arpeggio starts on C4, the synth plays A4.
        let c4 = SignalAnalysis.frequency(of: outputs[4][0][480..<5760], sampleRate: 48000)
        XCTAssertEqual(SignalAnalysis.cents(c4, from: 261.6256), 0, accuracy: 0.1)
        let a4 = SignalAnalysis.frequency(of: outputs[0][0][4800..<14400], sampleRate: 48000)
        XCTAssertEqual(SignalAnalysis.cents(a4, from: 440), 0, accuracy: 0.01)
    }

    /// Each library answers for its own plugins only, whichever order they are opened in.
    func testEachLibraryHasItsOwnDescriptors() throws {
        let ours = try XCTUnwrap(dlopen(Repository.pluginBinary.path, RTLD_NOW | RTLD_LOCAL))
        let example = try XCTUnwrap(dlopen(try ExamplePackage.arpeggiator.binary(), RTLD_NOW | RTLD_LOCAL))
        let oursAgain = try XCTUnwrap(dlopen(Repository.pluginBinary.path, RTLD_NOW | RTLD_LOCAL))
        defer { [ours, example, oursAgain].forEach { dlclose($0) } }
        XCTAssertEqual(ours, oursAgain, "opened twice, loaded once")
        XCTAssertEqual(try Self.descriptorURIs(ours), [SynthPluginTests.uri, RateAdapterHarness.uri])
        XCTAssertEqual(try Self.descriptorURIs(example), [ExamplePackage.arpeggiator.uri])
    }

    /// Neither library exports anything but `lv2_descriptor`, and ours needs nothing
    /// from outside that another Swift library could provide instead (no Swift runtime).
    func testNothingButTheEntryCrossesTheLibraryBoundary() throws {
        for binary in [Repository.pluginBinary.path, try ExamplePackage.arpeggiator.binary()] {
            XCTAssertEqual(try Self.dynamicSymbols(binary, "--defined-only"), ["lv2_descriptor"], binary)
        }
        let imported = try Self.dynamicSymbols(Repository.pluginBinary.path, "--undefined-only")
        XCTAssertEqual(imported.filter { $0.contains("swift") || $0.hasPrefix("$") }, [])
        XCTAssertTrue(imported.contains { $0.hasPrefix("src_process") }, "libsamplerate, from the system")
    }

    static func descriptorURIs(_ library: UnsafeMutableRawPointer) throws -> [String] {
        let symbol = try XCTUnwrap(dlsym(library, "lv2_descriptor"))
        typealias Entry = @convention(c) (UInt32) -> UnsafeRawPointer?
        let entry = unsafeBitCast(symbol, to: Entry.self)
        // An LV2_Descriptor starts with its URI (const char *).
        return (0...).lazy.map(UInt32.init).prefix { entry($0) != nil }
            .map { String(cString: entry($0)!.load(as: UnsafePointer<CChar>.self)) }
    }

    /// Names of the dynamic symbols `nm` lists with `filter`, without versions.
    static func dynamicSymbols(_ binary: String, _ filter: String) throws -> [String] {
        let listing = try runCommand("nm", ["-D", filter, binary]).standardOutput
        return listing.split(separator: "\n").compactMap { $0.split(separator: " ").last }
            .map { String($0.split(separator: "@").first ?? $0) }.filter { !$0.hasPrefix("_ITM_") && $0 != "__gmon_start__" }
    }

    /// How many executable mappings of `path` this process has: 1 when loaded once.
    static func mappings(of path: String) -> Int {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return readProcFile("/proc/self/maps").split(separator: "\n").filter { $0.hasSuffix(" " + resolved) && $0.contains(" r-xp ") }.count
    }
}
