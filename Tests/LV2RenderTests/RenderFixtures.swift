import HostFiles
import LV2Host
import TestSupport
import XCTest

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
