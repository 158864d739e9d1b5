import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// `time:Position` for the plugins that follow the transport: eg-metro clicks on the beat.
final class TransportTests: XCTestCase {
    let folder = TemporaryFolder("transport")

    /// The frames where eg-metro's clicks start: sound after at least 2000 silent frames.
    private func clicks(_ arguments: [String]) throws -> [Int] {
        let output = folder.path("metro.wav")
        try renderSucceeding(["render", Examples.metronome] + arguments + ["-o", output])
        let samples = try AudioFile.read(path: output).channels[0]
        var starts: [Int] = [], quiet = 2000
        for (index, sample) in samples.enumerated() {
            if abs(sample) > 1e-3 {
                if quiet >= 2000 { starts.append(index) }
                quiet = 0
            } else {
                quiet += 1
            }
        }
        return starts
    }

    private func assertBeats(_ starts: [Int], every period: Int, count: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(starts.count, count, "\(starts)", file: file, line: line)
        for (beat, start) in starts.enumerated() {
            // The click's envelope rises from 0 over a few frames before it passes the threshold.
            XCTAssertEqual(Double(start), Double(beat * period), accuracy: 8, "beat \(beat) of \(starts)", file: file, line: line)
        }
    }

    func testMetronomeClicksOnEveryBeatAt120() throws {
        assertBeats(try clicks(["--bpm", "120", "--duration", "2.2"]), every: 24000, count: 5)
    }

    /// Another tempo, in another meter and cut into random blocks: the beats do not move.
    func testMetronomeFollowsTheTempoWhateverTheBlocks() throws {
        assertBeats(try clicks(["--bpm", "90", "--meter", "3/4", "--block", "random:1-1000:3", "--duration", "2.1"]), every: 32000, count: 4)
    }

    /// With --midi, the file's tempo map drives the transport: 120 bpm for two beats, then 240.
    func testMIDIFileTempoMapDrivesTheTransport() throws {
        let midi = folder.path("tempo.mid")
        let file = MIDIFileWriter(division: .ticksPerQuarter(480), tracks: [
            [.init(0, .tempo(microsecondsPerQuarter: 500_000)), .init(960, .tempo(microsecondsPerQuarter: 250_000))],
        ])
        try Data(file.bytes()).write(to: URL(fileURLWithPath: midi))
        let starts = try clicks(["--midi", midi, "--duration", "1.8"])
        XCTAssertEqual(starts.count, 6, "\(starts)")
        for (start, expected) in zip(starts, [0, 24000, 48000, 60000, 72000, 84000]) {
            XCTAssertEqual(Double(start), Double(expected), accuracy: 8, "\(starts)")
        }
    }

    func testBadTempoAndMeterAreRefused() throws {
        for (arguments, message) in [(["--bpm", "0"], "The tempo must be between 1 and 1000 beats per minute, not 0."),
                                     (["--meter", "3/5"], "The meter must be BEATS/UNIT such as 3/4 or 6/8")] {
            let result = try LV2RenderTool.run(["render", Examples.metronome, "-o", folder.path("x.wav")] + arguments)
            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
        }
    }
}
