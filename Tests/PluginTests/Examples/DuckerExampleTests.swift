import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// The example ducker, built as a newcomer builds it, seen by lv2render: its side-chain,
/// declared in one word, is a side-chain to the host, fed only when `--map` names it.
final class DuckerExampleTests: XCTestCase {
    private let folder = TemporaryFolder("ducker")
    private static let ducker = ExamplePackage.ducker

    func testBuildsIntoARealPluginBinary() throws {
        try Self.ducker.assertRealPluginBinary(needing: ["libc.so.6", "libm.so.6"])
    }

    func testTurtleValidatesAgainstTheLV2Specifications() throws {
        _ = try Self.ducker.lv2Directory()
        try BundleTests.assertValidTurtle(in: Self.ducker.bundleFolder)
    }

    /// A stereo file goes to the main inputs, never the side-chain, which gets silence and a
    /// note saying how to feed it; `--map` feeds it, and the music is turned down by the depth.
    func testLv2renderRoutesTheSideChainAsASideChain() throws {
        let music = TestSignals.sine(frequency: 220, sampleRate: 48000, seconds: 1, amplitude: 0.5)
        let voice = (0..<48000).map { $0 >= 12000 && $0 < 24000 ? Float(0.5 * sin(2 * Double.pi * 1000 * Double($0) / 48000)) : 0 }
        let input = folder.path("in.wav")
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [music, music, voice]), to: input, format: .float32)
        let stereo = folder.path("stereo.wav")
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [music, music]), to: stereo, format: .float32)

        let plain = try render(["--input", stereo])
        XCTAssertEqual(plain.channels, [music, music], "the side-chain silent: the music untouched")
        XCTAssertTrue(plain.standardError.contains("The side-chain input key of \(Self.ducker.uri) gets silence; feed it with --map CH:key."),
                      plain.standardError)

        let keyed = try render(["--input", input, "--map", "1:in_l,2:in_r,3:key"])
        XCTAssertEqual(keyed.channels.count, 2, "the side-chain is not heard")
        XCTAssertEqual(keyed.channels[0][15000..<24000].map(abs).max().map { 20 * log10($0) } ?? 0, -18, accuracy: 0.2)
    }

    /// Every check of `lv2render check`, `--strict` too.
    func testPassesLv2renderCheck() throws {
        for strict in [[], ["--strict"]] {
            let result = try LV2RenderTool.run(["check", Self.ducker.uri] + strict, extraLV2Directories: [try Self.ducker.lv2Directory()])
            XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
            XCTAssertTrue(result.standardOutput.contains("\n0 failed, 0 warned"), result.standardOutput)
        }
    }

    private func render(_ options: [String]) throws -> (channels: [[Float]], standardError: String) {
        let output = folder.path("out-\(UUID().uuidString).wav")
        let result = try LV2RenderTool.run(["render", Self.ducker.uri, "-o", output, "--duration", "1"] + options,
                                           extraLV2Directories: [try Self.ducker.lv2Directory()])
        XCTAssertEqual(result.status, 0, result.standardError)
        return (try AudioFile.read(path: output).channels, result.standardError)
    }
}
