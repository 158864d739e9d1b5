import Foundation
import LV2Host

/// How `lv2render check` prints its results for one plugin: a table on stdout, or one
/// JSON object; and, over several plugins, a summary table.
public struct CheckReport {
    public let uri: String
    public let name: String
    public let seed: UInt64
    public let quick: Bool
    public let level: CheckLevel
    public var results: [CheckResult]

    public init(uri: String, name: String, seed: UInt64, quick: Bool, level: CheckLevel = .standard, results: [CheckResult] = []) {
        self.uri = uri
        self.name = name
        self.seed = seed
        self.quick = quick
        self.level = level
        self.results = results
    }

    public var failed: Bool { results.contains { $0.outcome == .fail } }

    public func count(_ outcome: CheckOutcome) -> Int { results.filter { $0.outcome == outcome }.count }

    public var seconds: Double { results.map(\.seconds).reduce(0, +) }

    static let checkWidth = PluginCheck.allCases.map(\.rawValue.count).max()! + 2

    public var header: String {
        "\(name) (\(uri)), seed \(seed)\(quick ? ", quick" : "")\(level == .strict ? ", strict" : "")\n"
            + "check".padding(toLength: Self.checkWidth, withPad: " ", startingAt: 0) + "result  detail"
    }

    public static func row(_ result: CheckResult) -> String {
        result.check.padding(toLength: checkWidth, withPad: " ", startingAt: 0)
            + result.outcome.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0) + result.detail
    }

    /// "1 failed, 2 warned, 3 skipped, 7 passed in 4.2 s; replay with --seed N"
    public var footer: String {
        let counts = [(CheckOutcome.fail, "failed"), (.warn, "warned"), (.skip, "skipped"), (.pass, "passed")]
            .map { outcome, word in "\(count(outcome)) \(word)" }
        let replay = "--seed \(seed)\(quick ? " --quick" : "")\(level == .strict ? " --strict" : "")"
        return counts.joined(separator: ", ") + " in \(String(format: "%.1f", seconds)) s; replay with \(replay)"
    }

    var jsonObject: [String: Any] {
        [
            "uri": uri, "name": name, "seed": seed, "quick": quick, "level": level.rawValue, "failed": failed,
            "results": results.map {
                ["check": $0.check, "result": $0.outcome.rawValue, "strictResult": $0.strictOutcome.rawValue,
                 "detail": $0.detail, "seconds": $0.seconds]
            },
        ]
    }

    public var json: String { Self.encode(jsonObject) }

    /// Several plugins' reports in one JSON object: `{"failed": …, "plugins": [report, …]}`.
    public static func json(_ reports: [CheckReport]) -> String {
        encode(["failed": reports.contains(where: \.failed), "plugins": reports.map(\.jsonObject)])
    }

    private static func encode(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// One row per plugin (its counts and verdict), then the totals.
    public static func summary(_ reports: [CheckReport]) -> String {
        let width = max(reports.map(\.uri.count).max() ?? 0, 6) + 2
        func pad(_ text: String, _ length: Int) -> String { text.padding(toLength: length, withPad: " ", startingAt: 0) }
        var lines = [pad("plugin", width) + "pass  warn  fail  skip  seconds  verdict"]
        for report in reports {
            let counts = [CheckOutcome.pass, .warn, .fail, .skip].map { pad(String(report.count($0)), 6) }.joined()
            let verdict = report.failed ? "FAIL" : report.count(.warn) > 0 ? "WARN" : "PASS"
            lines.append(pad(report.uri, width) + counts + pad(String(format: "%.1f", report.seconds), 9) + verdict)
        }
        let failed = reports.filter(\.failed).count
        let warned = reports.filter { !$0.failed && $0.count(.warn) > 0 }.count
        let level = reports.first?.level ?? .standard
        lines.append("\(reports.count) plugins: \(failed) failed, \(warned) warned, \(reports.count - failed - warned) passed"
                     + " (level \(level.rawValue)) in \(String(format: "%.1f", reports.map(\.seconds).reduce(0, +))) s")
        return lines.joined(separator: "\n")
    }
}
