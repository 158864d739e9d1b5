import Foundation
import LV2TestKit
import Sampler
import XCTest

/// The sampler as a host plays it: its built bundle, its file chosen with the
/// path parameter as a host's generic interface sets it, rendered with LV2TestKit.
final class SamplerTests: XCTestCase {
    private let sampler = Result { try LV2TestPlugin(uri: Sampler.declaration.uri) }
    private let files = Result { try TestFiles() }
    /// A 1 kHz tone of 0.2 s at half scale, written for each test.
    private let tone = TestSignals.sine(frequency: 1000, sampleRate: 48000, seconds: 0.2)

    private func toneFile() throws -> String {
        try files.get().writeAudio([tone], sampleRate: 48000, to: "tone.wav")
    }

    /// A note 0.1 s in plays the file from that frame, sample for sample, at the gain
    /// (−6 dB) times the velocity (100 of 127), and nothing before or after it.
    func testANotePlaysTheFileFromItsFrameAtTheGainAndVelocity() throws {
        let out = try sampler.get().render(notes: [TestNote(60, velocity: 100, at: 0.1, length: 0.05)],
                                           parameters: ["sample": toneFile(), "gain": "-6"], seconds: 0.5)
        let factor = Float(pow(10, -6.0 / 20)) * 100 / 127
        XCTAssertEqual(out[0].firstFrame(above: 0), 4801, "the tone starts at phase 0 on frame 4800")
        XCTAssertEqual(Array(out[0][4800..<(4800 + tone.count)]), tone.map { $0 * factor }, accuracy: 1e-6)
        XCTAssertEqual(out[0][(4800 + tone.count)...].peakDecibels, -.infinity, "a one-shot: silent after the file")
        XCTAssertEqual(out[0][5000..<14000].frequency(sampleRate: 48000), 1000, accuracy: 0.01, "the file's own pitch")
    }

    /// The file and the gain are saved with the plugin's state and come back from it,
    /// with no parameter set: the same samples.
    func testTheFileAndGainComeBackFromTheSavedState() throws {
        let notes = [TestNote(60, at: 0.1, length: 0.05), TestNote(64, at: 0.3, length: 0.05)]
        let state = try files.get().path("state")
        let first = try sampler.get().render(notes: notes, parameters: ["sample": toneFile(), "gain": "-12"],
                                             savingState: state, seconds: 0.6)
        XCTAssertEqual(first[0].peakDecibels, SignalAnalysis.decibels(0.5 * 100 / 127) - 12, accuracy: 0.01)
        let restored = try sampler.get().render(notes: notes, state: state, seconds: 0.6)
        XCTAssertEqual(restored.channels, first.channels)
    }

    /// Every check of `lv2render check` with the file loaded in every instance the checks
    /// make: set through its parameter, then from a saved state.
    func testPassesTheChecksWithItsFileLoaded() throws {
        try sampler.get().assertPassesChecks(parameters: ["sample": toneFile(), "gain": "-6"])
        let state = try files.get().path("state")
        _ = try sampler.get().render(parameters: ["sample": toneFile()], savingState: state, seconds: 0.1)
        try sampler.get().assertPassesChecks(state: state)
    }
}

/// Two arrays equal to within `accuracy` sample for sample, and of the same length.
private func XCTAssertEqual(_ a: [Float], _ b: [Float], accuracy: Float, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    let worst = zip(a, b).map { abs($0 - $1) }.max() ?? 0
    XCTAssertLessThanOrEqual(worst, accuracy, file: file, line: line)
}
