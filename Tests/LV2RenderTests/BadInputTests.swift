import LV2Host
import TestSupport
import XCTest

/// Every kind of bad input gets one plain sentence on stderr, status 1 (a file, a
/// plugin or a value the command line could not check) or 2 (a usage mistake),
/// and leaves no output file behind.
final class BadInputTests: XCTestCase {
    let folder = TemporaryFolder("bad-input")
    var input: String { folder.path("in.wav") }
    var output: String { folder.path("out.wav") }

    override func setUpWithError() throws {
        try writeWAV([TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.1)], sampleRate: 48000, to: input)
    }

    /// Renders with `arguments` and checks the failure: status, one sentence containing `message`, no output.
    private func assertRefused(_ arguments: [String], status: Int32, _ message: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let before = folder.contents
        let result = try LV2RenderTool.run(["render"] + arguments + ["-o", output],
                                           extraLV2Directories: [try TestDelayBundle.lv2Directory()], timeout: 60)
        XCTAssertEqual(result.status, status, result.standardError, file: file, line: line)
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "not one line: \(result.standardError)", file: file, line: line)
        XCTAssertTrue(result.standardError.contains(message), "\(result.standardError) lacks \(message)", file: file, line: line)
        XCTAssertTrue(result.standardError.hasSuffix(".\n"), result.standardError, file: file, line: line)
        XCTAssertFalse(result.standardError.contains("Fatal error"), file: file, line: line)
        XCTAssertEqual(result.standardOutput, "", file: file, line: line)
        XCTAssertEqual(folder.contents, before, "files left behind", file: file, line: line)
    }

    func testMissingInputFile() throws {
        try assertRefused([Examples.amp, "--input", folder.path("missing.wav")], status: 1, "missing.wav does not exist")
    }

    func testInputThatIsADirectory() throws {
        try assertRefused([Examples.amp, "--input", folder.url.path], status: 1, "is a directory")
    }

    func testUnreadableInputFile() throws {
        try XCTSkipIf(getuid() == 0, "root reads files whatever their permissions")
        chmod(input, 0)
        try assertRefused([Examples.amp, "--input", input], status: 1, "cannot be read")
    }

    func testInputThatIsNotAudio() throws {
        let text = folder.path("notes.txt")
        try "not audio".write(toFile: text, atomically: true, encoding: .utf8)
        try assertRefused([Examples.amp, "--input", text], status: 1, "is not audio")
    }

    func testMIDIFileThatIsNotMIDI() throws {
        try assertRefused([Examples.midiGate, "--midi", input], status: 1, input)
    }

    func testMissingMIDIFile() throws {
        try assertRefused([Examples.midiGate, "--midi", folder.path("missing.mid")], status: 1, "missing.mid does not exist")
    }

    func testNotesThatDoNotParse() throws {
        try assertRefused([Examples.midiGate, "--notes", "69@soon"], status: 1, "--notes")
    }

    func testUnknownURI() throws {
        try assertRefused(["urn:nobody:nothing"], status: 1, "No plugin with URI urn:nobody:nothing was found on the LV2 path")
    }

    func testMissingBinaryOrDescriptor() throws {
        try assertRefused([TestDelayBundle.missingBinaryURI], status: 1, "missing.so does not exist")
        try assertRefused([TestDelayBundle.notInBinaryURI], status: 1, "delay.so does not contain the plugin \(TestDelayBundle.notInBinaryURI)")
    }

    func testInfoForAnUnknownURI() throws {
        let result = try LV2RenderTool.run(["info", "urn:nobody:nothing"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.hasPrefix("No plugin with URI urn:nobody:nothing was found"), result.standardError)
    }

    func testUnknownPortSymbolListsTheValidOnes() throws {
        try assertRefused([Examples.amp, "--input", input, "--set", "volume=1"], status: 1,
                          "has no port with symbol \"volume\"; valid symbols are gain")
    }

    func testValueThatDoesNotParse() throws {
        try assertRefused([Examples.amp, "--input", input, "--set", "gain=loud"], status: 2, "\"loud\" for gain is not a number")
        try assertRefused([Examples.amp, "--input", input, "--set", "gain=1e39"], status: 2,
                          "\"1e39\" for gain is outside the range a 32-bit float can hold")
    }

    func testValueOutsideThePortRange() throws {
        try assertRefused([Examples.amp, "--input", input, "--set", "gain=100"], status: 1, "outside its range -90 to 24")
    }

    /// A plugin whose description swaps a port's minimum and maximum gets a sentence, not a crash.
    func testPortWithAnImpossibleRange() throws {
        try assertRefused([TestDelayBundle.swappedRangeURI, "--input", input, "--set", "delay=10"], status: 1,
                          "gives its port delay the impossible range 48000 to 0")
    }

    func testRateZeroOrNegative() throws {
        try assertRefused([Examples.amp, "--input", input, "--rate", "0"], status: 2, "sample rate must be between 1")
        try assertRefused([Examples.amp, "--input", input, "--rate=-44100"], status: 2, "sample rate must be between 1")
        try assertRefused([Examples.amp, "--input", input, "--rate", "fast"], status: 2, "--rate")
    }

    /// A value that starts with "-" is the option's value, refused as out of range, not
    /// "Missing value".
    func testNegativeValuesAreReportedAsOutOfRange() throws {
        try assertRefused([Examples.amp, "--input", input, "--rate", "-1"], status: 2, "The sample rate must be between 1 and 1536000 Hz, not -1.")
        try assertRefused([Examples.amp, "--input", input, "--tail", "-1"], status: 2, "The tail must be between 0 and 3600 seconds, not -1.0.")
        try assertRefused([Examples.amp, "--input", input, "--duration", "-2"], status: 2, "The duration must be more than 0")
        try assertRefused([Examples.midiGate, "--notes", "-1@0:1"], status: 1, "has note number -1; it must be 0 to 127.")
        try assertRefused([Examples.amp, "--input", input, "--block", "-5"], status: 2, "The block size must be between 1")
    }

    /// A FIFO with no writer used to block lv2render forever in open().
    func testFIFOInputsAreRefusedAtOnce() throws {
        let fifo = folder.path("pipe")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        try assertRefused([Examples.amp, "--input", fifo], status: 1, "The audio file \(fifo) is a FIFO (named pipe); lv2render reads only regular files.")
        try assertRefused([Examples.midiGate, "--midi", fifo], status: 1, "The MIDI file \(fifo) is a FIFO (named pipe); lv2render reads only regular files.")
        try assertRefused([Examples.amp, "--input", "/dev/zero"], status: 1, "is a device or socket, not a regular file.")
    }

    func testBlockSizeZeroOrMalformed() throws {
        try assertRefused([Examples.amp, "--input", input, "--block", "0"], status: 2, "block size must be between 1")
        try assertRefused([Examples.amp, "--input", input, "--block", "random:9-3"], status: 2, "1 ≤ MIN ≤ MAX")
        try assertRefused([Examples.amp, "--input", input, "--block", "random:1-x"], status: 2, "random:MIN-MAX[:SEED]")
    }

    func testDurationsOutOfRange() throws {
        try assertRefused([Examples.amp, "--input", input, "--duration", "0"], status: 2, "duration must be more than 0")
        try assertRefused([Examples.amp, "--input", input, "--duration", "1e300"], status: 2, "duration must be more than 0")
        try assertRefused([Examples.amp, "--input", input, "--tail", "nan"], status: 2, "tail must be between 0")
    }

    func testOutputDirectoryThatDoesNotExist() throws {
        let result = try LV2RenderTool.run(["render", Examples.amp, "--input", input, "-o", folder.path("no/such/out.wav")])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "The output directory \(folder.path("no/such")) does not exist.\n")
    }

    func testUnknownFormat() throws {
        try assertRefused([Examples.amp, "--input", input, "--format", "mp3"], status: 2, "pcm16, pcm24 or float32")
    }

    func testMissingRequiredFeatureIsNamed() throws {
        try assertRefused([TestDelayBundle.needsInstanceAccessURI], status: 1, "requires the feature http://lv2plug.in/ns/ext/instance-access")
    }

    func testStateThatIsNotThere() throws {
        try assertRefused([Examples.amp, "--input", input, "--state", folder.path("no-state")], status: 1, "The state \(folder.path("no-state")) does not exist.")
    }

    func testChannelCountsThatDoNotFit() throws {
        let stereo = folder.path("stereo.wav")
        try writeWAV([[0, 0], [0, 0]], sampleRate: 48000, to: stereo)
        try assertRefused([Examples.amp, "--input", stereo], status: 1, "The input has 2 channels but the plugin \(Examples.amp) has 1 audio input (in); choose the channels with --map CH:SYMBOL,….")
    }

    /// Counts in words: "1 audio input", "2 audio outputs".
    func testChainsThatDoNotFit() throws {
        try assertRefused([Examples.stereoScope, "--input", input, "--then", Examples.amp], status: 1,
                          "The plugin \(Examples.stereoScope) has 2 audio outputs but \(Examples.amp), which follows it, has 1 audio input.")
    }

    func testNotesForAPluginWithoutMIDIInput() throws {
        try assertRefused([Examples.amp, "--notes", "60@0:1:100"], status: 1, "has no MIDI input")
        // An atom input that declares only other event types is not a MIDI input.
        try assertRefused([Examples.metronome, "--notes", "60@0:1:100"], status: 1, "has no MIDI input")
    }

    func testChainEndingInAPluginWithoutAudio() throws {
        try assertRefused([Examples.amp, "--input", input, "--then", Examples.fifths], status: 1, "has no audio outputs")
    }

    func testThenWithoutURI() throws {
        try assertRefused([Examples.amp, "--input", input, "--then"], status: 2, "--then must be followed by a plugin URI")
        try assertRefused([Examples.amp, "--input", input, "--then="], status: 2, "--then must be followed by a plugin URI")
    }

    func testConflictingOptions() throws {
        try assertRefused([Examples.midiGate, "--notes", "60@0:1", "--midi", input], status: 2, "cannot be used together")
        try assertRefused([Examples.amp, "--input", input, "--tail", "1", "--duration", "1"], status: 2, "cannot be used together")
    }

    func testUnknownPreset() throws {
        try assertRefused([TestDelayBundle.uri, "--input", input, "--preset", "urn:nothing"], status: 1,
                          "has no preset urn:nothing; its presets are \(TestDelayBundle.shortPresetURI)")
    }

    func testInPlaceRefusedWhenThePluginForbidsIt() throws {
        try assertRefused([TestDelayBundle.inPlaceBrokenURI, "--input", input, "--in-place"], status: 1, "lv2:inPlaceBroken")
    }

    /// A failed render leaves an existing output file as it was.
    func testFailureKeepsThePreviousOutput() throws {
        try "previous".write(toFile: output, atomically: true, encoding: .utf8)
        try assertRefused([Examples.amp, "--input", input, "--set", "volume=1"], status: 1, "volume")
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "previous")
    }
}
