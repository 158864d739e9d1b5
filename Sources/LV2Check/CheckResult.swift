import LV2Host

/// How one check of `lv2render check` ended.
public enum CheckOutcome: String, Codable, CaseIterable, Sendable {
    case pass, warn, fail, skip
}

/// One named check's outcome and the sentence that explains it.
public struct CheckResult: Codable, Sendable {
    public let check: String
    public let outcome: CheckOutcome
    /// One line: what was found (the first fault in detail), or why the check was skipped.
    public let detail: String
    /// Wall-clock seconds the check took, its child process included.
    public var seconds: Double = 0

    public init(check: String, outcome: CheckOutcome, detail: String) {
        self.check = check
        self.outcome = outcome
        self.detail = detail
    }
}

/// What a check has found so far: failures, warnings and plain notes. The first
/// failure (else warning, else note) becomes the result's detail.
struct Findings {
    private(set) var failures: [String] = []
    private(set) var warnings: [String] = []
    private(set) var notes: [String] = []

    mutating func fail(_ text: String) { failures.append(text) }
    mutating func warn(_ text: String) { warnings.append(text) }
    mutating func note(_ text: String) { notes.append(text) }

    func result(_ check: PluginCheck) -> CheckResult {
        let (outcome, lines): (CheckOutcome, [String]) =
            !failures.isEmpty ? (.fail, failures) : !warnings.isEmpty ? (.warn, warnings) : (.pass, notes)
        var detail = lines.first ?? "no problem found"
        if lines.count > 1 { detail += " (and \(lines.count - 1) more)" }
        return CheckResult(check: check.rawValue, outcome: outcome, detail: detail)
    }
}
