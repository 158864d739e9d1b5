import Foundation
import TestSupport
import XCTest

/// One `lv2render check … --json` run, decoded.
struct CheckRun {
    struct Entry: Decodable {
        let check: String
        let result: String
        let strictResult: String
        let detail: String
        let seconds: Double
    }

    private struct Report: Decodable {
        let uri: String
        let seed: UInt64
        let failed: Bool
        let results: [Entry]
    }

    let status: Int32
    let seed: UInt64
    let results: [Entry]

    /// Runs the checker with our bundle, the system's bundles and the faulty plugins on the LV2 path.
    /// `misbehaving`: the `MisbehavingPlugins` too.
    init(_ uri: String, _ arguments: [String] = [], misbehaving: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let folders = [try FaultyPlugins.lv2Directory()] + (misbehaving ? [try MisbehavingPlugins.lv2Directory()] : [])
        let command = try LV2RenderTool.run(["check", uri, "--json", "--quick"] + arguments, extraLV2Directories: folders)
        status = command.status
        let report = try JSONDecoder().decode(Report.self, from: Data(command.standardOutput.utf8))
        XCTAssertEqual(report.uri, uri, file: file, line: line)
        XCTAssertEqual(report.failed, command.status == 1, file: file, line: line)
        seed = report.seed
        results = report.results
    }

    func entry(_ check: String) throws -> Entry {
        try XCTUnwrap(results.first { $0.check == check }, "no result for \(check)")
    }

    /// Every check that ended so, as "check: detail" lines.
    func lines(_ outcome: String) -> [String] {
        results.filter { $0.result == outcome }.map { "\($0.check): \($0.detail)" }
    }
}
