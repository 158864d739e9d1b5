import LV2Host

/// How one check of `lv2render check` ended.
public enum CheckOutcome: String, Codable, CaseIterable, Sendable {
    /// PASS, WARN, FAIL, SKIP, as `lv2render check` prints them.
    case pass, warn, fail, skip
}

/// One named check's outcome and the sentence that explains it.
public struct CheckResult: Codable, Sendable {
    /// The check's name (`PluginCheck`'s raw value, `real-time`).
    public let check: String
    /// How it ended at the level it ran at.
    public let outcome: CheckOutcome
    /// One line: what was found (the first fault in detail), or why the check was skipped.
    public let detail: String
    /// How the check would end with `--strict`: at the default level, a probe only a
    /// careless host sends may have found what `--strict` fails (shown as a warning).
    public let strictOutcome: CheckOutcome
    /// Wall-clock seconds the check took, its child process included.
    public var seconds: Double = 0

    /// A result; `strictOutcome` is `outcome` unless given.
    public init(check: String, outcome: CheckOutcome, detail: String, strictOutcome: CheckOutcome? = nil) {
        self.check = check
        self.outcome = outcome
        self.detail = detail
        self.strictOutcome = strictOutcome ?? outcome
    }
}

/// What a check has found so far: failures, failures only `--strict` counts, warnings
/// and plain notes. The first failure (else warning, else note) becomes the result's
/// detail; below `--strict`, strict failures are warnings marked "strict:".
struct Findings {
    private(set) var failures: [String] = []
    private(set) var strictFailures: [String] = []
    private(set) var warnings: [String] = []
    private(set) var notes: [String] = []

    mutating func fail(_ text: String) { failures.append(text) }
    /// A fault only a careless or broken host can trigger (NaN controls, out-of-range values…).
    mutating func failStrict(_ text: String) { strictFailures.append(text) }
    mutating func warn(_ text: String) { warnings.append(text) }
    mutating func note(_ text: String) { notes.append(text) }

    /// `fail` or `failStrict` by whether the probe is one only a careless host sends.
    mutating func fail(_ text: String, strict: Bool) {
        if strict { failStrict(text) } else { fail(text) }
    }

    var isEmpty: Bool { failures.isEmpty && strictFailures.isEmpty && warnings.isEmpty }

    func result(_ check: PluginCheck, level: CheckLevel) -> CheckResult {
        let marked = strictFailures.map { "strict: " + $0 }
        let strictOutcome: CheckOutcome = !(failures + strictFailures).isEmpty ? .fail : !warnings.isEmpty ? .warn : .pass
        let (outcome, lines): (CheckOutcome, [String]) = switch level {
        case .strict: !(failures + marked).isEmpty ? (.fail, failures + marked) : !warnings.isEmpty ? (.warn, warnings) : (.pass, notes)
        case .standard: !failures.isEmpty ? (.fail, failures) : !(warnings + marked).isEmpty ? (.warn, warnings + marked) : (.pass, notes)
        }
        var detail = lines.first ?? "no problem found"
        if lines.count > 1 { detail += " (and \(lines.count - 1) more)" }
        return CheckResult(check: check.rawValue, outcome: outcome, detail: detail, strictOutcome: strictOutcome)
    }
}
