import XCTest

/// The lv2-examples plugins the host tests render (Debian package lv2-examples).
public enum Examples {
    public static let amp = "http://lv2plug.in/plugins/eg-amp"
    public static let midiGate = "http://lv2plug.in/plugins/eg-midigate"
    public static let stereoScope = "http://lv2plug.in/plugins/eg-scope#Stereo"
    public static let fifths = "http://lv2plug.in/plugins/eg-fifths"
    /// Its only atom input takes `time:Position`, not MIDI.
    public static let metronome = "http://lv2plug.in/plugins/eg-metro"
    /// Requires `worker:schedule` and `state:loadDefaultState`; its default state plays `click.wav`.
    public static let sampler = "http://lv2plug.in/plugins/eg-sampler"
    /// setBfree's organ (Debian package setbfree): loads its tone generator's tables in the worker.
    public static let organ = "http://gareus.org/oss/lv2/b_synth"
}

/// The largest absolute difference between two signals of the same length; signals
/// of different lengths fail the test (and differ by infinity), as `zip` would hide it.
public func largestDifference(_ a: [Float], _ b: [Float], file: StaticString = #filePath, line: UInt = #line) -> Float {
    guard a.count == b.count else {
        XCTFail("the signals differ in length: \(a.count) and \(b.count) samples", file: file, line: line)
        return .infinity
    }
    return zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
}
