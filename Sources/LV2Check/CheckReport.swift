import Foundation
import LV2Host

/// How `lv2render check` prints its results: a table on stdout, or one JSON object.
public struct CheckReport {
    public let uri: String
    public let name: String
    public let seed: UInt64
    public let quick: Bool
    public var results: [CheckResult]

    public init(uri: String, name: String, seed: UInt64, quick: Bool, results: [CheckResult] = []) {
        self.uri = uri
        self.name = name
        self.seed = seed
        self.quick = quick
        self.results = results
    }

    public var failed: Bool { results.contains { $0.outcome == .fail } }

    static let checkWidth = PluginCheck.allCases.map(\.rawValue.count).max()! + 2

    public var header: String {
        "\(name) (\(uri)), seed \(seed)\(quick ? ", quick" : "")\n"
            + "check".padding(toLength: Self.checkWidth, withPad: " ", startingAt: 0) + "result  detail"
    }

    public static func row(_ result: CheckResult) -> String {
        result.check.padding(toLength: checkWidth, withPad: " ", startingAt: 0)
            + result.outcome.rawValue.uppercased().padding(toLength: 8, withPad: " ", startingAt: 0) + result.detail
    }

    /// "1 failed, 2 warned, 3 skipped, 7 passed in 4.2 s; replay with --seed N"
    public var footer: String {
        let counts = [(CheckOutcome.fail, "failed"), (.warn, "warned"), (.skip, "skipped"), (.pass, "passed")]
            .map { outcome, word in "\(results.filter { $0.outcome == outcome }.count) \(word)" }
        let seconds = String(format: "%.1f", results.map(\.seconds).reduce(0, +))
        return counts.joined(separator: ", ") + " in \(seconds) s; replay with --seed \(seed)\(quick ? " --quick" : "")"
    }

    public var json: String {
        let object: [String: Any] = [
            "uri": uri, "name": name, "seed": seed, "quick": quick, "failed": failed,
            "results": results.map { ["check": $0.check, "result": $0.outcome.rawValue, "detail": $0.detail, "seconds": $0.seconds] },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
