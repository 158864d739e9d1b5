import AudioMIDIFiles
import LV2Host
import TestSupport
import XCTest

/// The lv2-examples plugins the host tests render (Debian package lv2-examples).
enum Examples {
    static let amp = "http://lv2plug.in/plugins/eg-amp"
    static let midiGate = "http://lv2plug.in/plugins/eg-midigate"
    static let stereoScope = "http://lv2plug.in/plugins/eg-scope#Stereo"
    static let fifths = "http://lv2plug.in/plugins/eg-fifths"
    /// Its only atom input takes `time:Position`, not MIDI.
    static let metronome = "http://lv2plug.in/plugins/eg-metro"
    /// Requires `worker:schedule` and `state:loadDefaultState`; its default state plays `click.wav`.
    static let sampler = "http://lv2plug.in/plugins/eg-sampler"
    /// setBfree's organ (Debian package setbfree): loads its tone generator's tables in the worker.
    static let organ = "http://gareus.org/oss/lv2/b_synth"
}

/// Writes a float WAV fixture.
func writeWAV(_ channels: [[Float]], sampleRate: Double, to path: String) throws {
    try AudioFile.write(AudioData(sampleRate: sampleRate, channels: channels), to: path, format: .float32)
}

/// Runs lv2render (with the test delay bundle on the LV2 path) and fails the test
/// unless it succeeded quietly: status 0 and nothing on stderr.
@discardableResult
func renderSucceeding(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
    let result = try LV2RenderTool.run(arguments, extraLV2Directories: [try TestDelayBundle.lv2Directory()])
    XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
    XCTAssertEqual(result.standardError, "", file: file, line: line)
    return result
}

/// The largest absolute difference between two signals of the same length; signals
/// of different lengths fail the test (and differ by infinity), as `zip` would hide it.
func largestDifference(_ a: [Float], _ b: [Float], file: StaticString = #filePath, line: UInt = #line) -> Float {
    guard a.count == b.count else {
        XCTFail("the signals differ in length: \(a.count) and \(b.count) samples", file: file, line: line)
        return .infinity
    }
    return zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
}
