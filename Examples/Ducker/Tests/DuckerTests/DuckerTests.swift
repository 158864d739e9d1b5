import Ducker
import LV2TestKit
import XCTest

/// The ducker as a host plays it: its built bundle, rendered with LV2TestKit, the side-chain
/// fed by its group's symbol and the meter read from its control output.
final class DuckerTests: XCTestCase {
    private let ducker = Result { try LV2TestPlugin(uri: Ducker.declaration.uri) }
    /// Music: a tone at −6 dBFS in both channels for 1 s.
    private let music = TestSignals.sine(frequency: 220, sampleRate: 48000, seconds: 1, amplitude: 0.5)
    /// A voice: a tone at −6 dBFS from 0.25 s to 0.5 s, silence around it.
    private let voice = (0..<48000).map { $0 >= 12000 && $0 < 24000 ? Float(0.5 * sin(2 * Double.pi * 1000 * Double($0) / 48000)) : 0 }

    /// While the side-chain is loud the music is turned down by the depth (12 dB: the voice is
    /// 24 dB over the threshold, which the ratio 4 makes 18), and the meter says so; before the
    /// voice the music passes untouched, and after it comes back.
    func testTheMusicIsTurnedDownWhereTheSideChainIsLoud() throws {
        let out = try ducker.get().render(input: [music, music], sideChain: ["key": [voice]], seconds: 1)
        XCTAssertEqual(Array(out[0][..<12000]), Array(music[..<12000]), "before the voice: the music, bit for bit")
        XCTAssertEqual(out[0][15000..<24000].peakDecibels, -6 - 12, accuracy: 0.2, "under the voice: 12 dB down")
        XCTAssertEqual(out[1][15000..<24000].peakDecibels, -6 - 12, accuracy: 0.2)
        XCTAssertEqual(Array(out[0][40000...]), Array(music[40000...]), "a third of a second after the voice: back, bit for bit (release 100 ms)")
        let meter = try XCTUnwrap(out.controlOutputs["reduction"])
        XCTAssertEqual(meter.filter { $0.frame < 11500 }.map(\.value).max(), 0, "the meter rests before the voice")
        XCTAssertEqual(meter.filter { $0.frame >= 15000 && $0.frame < 23000 }.map(\.value).min() ?? 0, 12, accuracy: 0.01,
                       "the meter shows the depth under the voice")
        XCTAssertEqual(out.lastValue(of: "reduction"), 0, "the meter rests again")
    }

    /// The side-chain is never heard, and a main input alone is never turned down.
    func testTheSideChainIsNotHeardAndWithoutItNothingChanges() throws {
        let silence = [Float](repeating: 0, count: 48000)
        let keyed = try ducker.get().render(input: [silence, silence], sideChain: ["key": [voice]], seconds: 1)
        XCTAssertEqual(keyed[0].nonZeroFrames.count, 0)
        let alone = try ducker.get().render(input: [music, music], seconds: 1)
        XCTAssertEqual(alone.channels, [music, music])
        XCTAssertEqual(alone.lastValue(of: "reduction"), 0)
    }

    /// The ratio sets how far: at ratio 2 the voice's 24 dB over the threshold turn the music
    /// down by 12 dB with no depth in the way (depth 40), a little less since the follower sits a
    /// little under the voice's peaks.
    func testTheRatioSetsHowFar() throws {
        let out = try ducker.get().render(input: [music, music], sideChain: ["key": [voice]],
                                          controls: ["ratio": 2, "depth": 40], seconds: 1)
        XCTAssertEqual(out[0][15000..<24000].peakDecibels, -6 - 12, accuracy: 0.6)
    }

    /// The same samples and the same meter at the end whatever blocks the host cuts time into.
    func testTheSameSamplesInAnyBlocks() throws {
        let reference = try ducker.get().render(input: [music, music], sideChain: ["key": [voice]], seconds: 1)
        for seed in [1, 2] as [UInt64] {
            let random = try ducker.get().render(input: [music, music], sideChain: ["key": [voice]], seconds: 1,
                                                 randomBlocks: 1...700, seed: seed)
            XCTAssertEqual(random.channels, reference.channels, "seed \(seed)")
        }
    }

    /// Every check of `lv2render check`: real-time safety, hostile input, any blocks.
    func testPassesTheChecks() throws {
        try ducker.get().assertPassesChecks()
    }
}
