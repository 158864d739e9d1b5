import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// Renders with `lv2render render URI --preset PRESET`, as a user would, and reads
/// the file back, so the preset tests check the command line as well as the sound.
struct PresetRendering {
    let folder = TemporaryFolder("presets")

    /// `input` (if any) is written to a float WAV file at `rate` and processed.
    func render(_ uri: String, preset: String, input: [[Float]]? = nil, rate: Double = 48000,
                options: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> [[Float]] {
        var arguments = ["render", uri, "--preset", preset, "--rate", String(Int(rate))] + options
        if let input {
            try AudioFile.write(AudioData(sampleRate: rate, channels: input), to: folder.path("in.wav"), format: .float32)
            arguments += ["--input", folder.path("in.wav")]
        }
        let result = try LV2RenderTool.run(arguments + ["-o", folder.path("out.wav")])
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        XCTAssertEqual(result.standardError, "", file: file, line: line)
        return try AudioFile.read(path: folder.path("out.wav")).channels
    }
}
