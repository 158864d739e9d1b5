import LV2Host
import TestSupport
import XCTest

/// Each factory preset of the rate adapter, loaded by `lv2render --preset`, does what
/// its label promises: the band it keeps, the band it removes, the crunch it adds.
final class RateAdapterPresetTests: XCTestCase {
    let rendering = PresetRendering()
    static let amplitude: Float = 0.5

    /// A sine of `left` Hz on the left and `right` Hz on the right, half a second long,
    /// through the preset with the latency compensated; returns the middle 0.3 s of each side.
    func sines(left: Double, right: Double, through preset: String, rate: Double = 48000) throws -> [ArraySlice<Float>] {
        let input = [left, right].map { TestSignals.sine(frequency: $0, sampleRate: rate, seconds: 0.5, amplitude: Self.amplitude) }
        let output = try rendering.render(RateAdapterHarness.uri, preset: "urn:swiftlv2:rate-adapter#" + preset, input: input,
                                          rate: rate, options: ["--compensate-latency", "--tail", "0"])
        let middle = Int(0.1 * rate)..<Int(0.4 * rate)
        return output.map { $0[middle] }
    }

    /// The level of the `frequency` component relative to the input sine, in dB.
    func gain(_ signal: ArraySlice<Float>, at frequency: Double, rate: Double = 48000) -> Double {
        SignalAnalysis.decibels(SignalAnalysis.amplitude(of: signal, at: frequency, sampleRate: rate) / Double(Self.amplitude))
    }

    /// Everything that is left of a removed sine, relative to it, in dB.
    func residue(_ signal: ArraySlice<Float>) -> Double {
        SignalAnalysis.decibels(SignalAnalysis.rms(signal) / (Double(Self.amplitude) / 2.0.squareRoot()))
    }

    /// The preset keeps a sine of `kept` Hz at its level and removes one of `removed` Hz
    /// (what is left of it lies below `floor` dB).
    func assertBand(_ preset: String, keeps kept: Double, removes removed: Double, floor: Double = -90,
                    file: StaticString = #filePath, line: UInt = #line) throws {
        let output = try sines(left: kept, right: removed, through: preset)
        XCTAssertEqual(gain(output[0], at: kept), 0, accuracy: 0.05, "\(kept) Hz", file: file, line: line)
        XCTAssertLessThan(residue(output[1]), floor, "\(removed) Hz", file: file, line: line)
    }

    func testTelephonePasses1kHzAndRemoves6kHz() throws {
        try assertBand("telephone", keeps: 1000, removes: 6000)
    }

    func testAMRadioPasses4kHzAndRemoves6500Hz() throws {
        try assertBand("am-radio", keeps: 4000, removes: 6500)
    }

    func testVintageSamplerPasses8kHzAndRemoves14kHz() throws {
        try assertBand("vintage-sampler", keeps: 8000, removes: 14000, floor: -80)
    }

    /// The presets with a bit depth add the noise of their word length: against the same
    /// preset with every bit kept, a sine differs by the rounding error, a step over √12
    /// (half a step with dither). The up converter keeps the noise's power, but for the part
    /// its filter rolls off: sinc fastest's gentle slope above 9 kHz takes 1.1 dB of the
    /// Vintage sampler's (measured), so its bound is 1.5 dB.
    func testBitDepthPresetsAddTheNoiseOfTheirWordLength() throws {
        let sine = TestSignals.stereo(TestSignals.sine(frequency: 997, sampleRate: 48000, seconds: 0.5, amplitude: Self.amplitude))
        let cases = [("vintage-sampler", 12, false, 1.5), ("retro-crunch", 8, false, 1.0), ("early-digital", 8, true, 1.0)]
        for (preset, bits, dithered, tolerance) in cases {
            func render(_ options: [String]) throws -> [Float] {
                try rendering.render(RateAdapterHarness.uri, preset: "urn:swiftlv2:rate-adapter#" + preset, input: sine,
                                     options: ["--compensate-latency", "--tail", "0"] + options)[0]
            }
            let reduced = try render([]), full = try render(["--set", "bits=0"])
            let difference = (4800..<19200).map { reduced[$0] - full[$0] }
            let step = Double(1 << (24 - bits)) / Double(1 << 23)
            let expected = dithered ? step / 2 : step / 12.0.squareRoot()
            let measured = SignalAnalysis.decibels(SignalAnalysis.rms(difference) / expected)
            XCTAssertEqual(measured, 0, accuracy: tolerance, preset)
        }
    }

    /// Zero-order hold at 12 kHz: a 9 kHz sine folds down to 3 kHz, and a 1 kHz sine
    /// gains a metallic image at 12 − 1 = 11 kHz.
    func testRetroCrunchAliasesAndAddsImages() throws {
        let output = try sines(left: 1000, right: 9000, through: "retro-crunch")
        XCTAssertGreaterThan(gain(output[0], at: 11000), -25, "image of 1 kHz")
        XCTAssertGreaterThan(gain(output[1], at: 3000), -3, "alias of 9 kHz")
    }

    /// At 48 kHz the internal 96 kHz is above the host rate: the audio comes out bit for bit.
    func testTransparentLeavesAudioUntouched() throws {
        let input = (1...2).map { TestSignals.noise(count: 24000, seed: UInt64($0)) }
        let output = try rendering.render(RateAdapterHarness.uri, preset: "urn:swiftlv2:rate-adapter#transparent", input: input,
                                          options: ["--compensate-latency", "--tail", "0"])
        XCTAssertEqual(output, input)
    }

    /// At a 192 kHz host rate it keeps everything up to 46 kHz and removes what lies above 48 kHz.
    func testTransparentAt192kHzRemovesOnlyAbove48kHz() throws {
        let output = try sines(left: 20000, right: 60000, through: "transparent", rate: 192000)
        XCTAssertEqual(gain(output[0], at: 20000, rate: 192000), 0, accuracy: 0.01)
        XCTAssertLessThan(residue(output[1]), -100)
    }
}
