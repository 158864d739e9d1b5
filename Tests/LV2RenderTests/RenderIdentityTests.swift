import HostFiles
import Foundation
import LV2TestKit
import TestSupport
import XCTest

/// Renders stay bit for bit what they were when the renderer's code is rearranged: each case
/// (every ending rule, latency, automation, random blocks, a chain, MIDI in, in place) gives
/// the samples whose checksum was recorded before. A change that means to alter the sound
/// records new checksums, and says why in its commit. (Recorded with the renderer of commit
/// 787b5ae, before Renderer.render was cut into its block loop and its ending rule.)
final class RenderIdentityTests: XCTestCase {
    static let synth = "urn:swiftlv2:sine-synth"
    static let adapter = "urn:swiftlv2:rate-adapter"

    static let cases: [(arguments: [String], checksum: String)] = [
        ([synth, "--notes", "69@0:0.5,72@0.25:0.5:90"], "44c6596fe01c037d"),
        ([synth, "--notes", "60@0:0.3", "--duration", "0.7", "--block", "random:1-700:5"], "863e2cc3c60bd07c"),
        ([synth, "--notes", "64@0.1:0.2", "--tail", "0.4", "--then", adapter, "--set", "quality=Linear", "--set", "rate=22050"], "d1bceb02fa9399f0"),
        ([adapter, "--input", "sine.wav", "--set", "rate=11025", "--compensate-latency"], "54371afdac18049c"),
        ([adapter, "--input", "sine.wav", "--preset", "AM radio", "--tail", "0.2", "--block", "100"], "652c45d5f4923b8c"),
        ([Examples.amp, "--input", "sine.wav", "--automate", "gain=0:-20,0.3:6", "--duration", "0.5"], "666c975186972b65"),
        ([Examples.amp, "--input", "sine.wav", "--set", "gain=-6", "--in-place"], "d1e2914fcfd25ba"),
    ]

    func testRendersAreBitForBitWhatTheyWere() throws {
        let folder = TemporaryFolder("render-identity")
        try AudioFile.write(AudioData(sampleRate: 48000, channels: [TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.5)]),
                            to: folder.path("sine.wav"), format: .float32)
        for (number, (arguments, checksum)) in Self.cases.enumerated() {
            let output = folder.path("\(number).wav")
            let result = try LV2RenderTool.run(["render"] + arguments + ["--format", "float32", "-o", output], currentDirectory: folder.url)
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(Self.checksum(try AudioFile.read(path: output)), checksum, arguments.joined(separator: " "))
        }
    }

    /// FNV-1a over the frame count and every sample's bits, channel after channel.
    static func checksum(_ audio: AudioData) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ value: UInt64) {
            for byte in 0..<8 {
                hash = (hash ^ ((value >> (8 * UInt64(byte))) & 0xff)) &* 0x100_0000_01b3
            }
        }
        add(UInt64(audio.channels.first?.count ?? 0))
        for channel in audio.channels {
            for sample in channel { add(UInt64(sample.bitPattern)) }
        }
        return String(hash, radix: 16)
    }
}
