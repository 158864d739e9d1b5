import LV2Host
import Foundation

/// The parent's side of a worker's report file, read as it grows: the step under way
/// (with the seconds of work it announced, whether it is a strict probe, and when the
/// parent first saw it), the partial result written before the strict probes, and the
/// result.
final class WorkerReport {
    struct Step {
        var text: String
        var budget: Double
        var strict: Bool
        var seen: Date
    }

    private let handle: FileHandle?
    private var pending = ""
    private(set) var step: Step
    private(set) var partial: CheckResult?
    private(set) var result: CheckResult?

    init(path: String, started: Date) {
        handle = FileHandle(forReadingAtPath: path)
        step = Step(text: "starting", budget: 0, strict: false, seen: started)
    }

    /// Reads what the worker wrote since the last call.
    func update() {
        guard let data = try? handle?.readToEnd(), !data.isEmpty else { return }
        pending += String(decoding: data, as: UTF8.self)
        while let newline = pending.firstIndex(of: "\n") {
            read(String(pending[..<newline]))
            pending = String(pending[pending.index(after: newline)...])
        }
    }

    private func read(_ line: String) {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "step", "strict":
            guard parts.count == 3 else { return }
            step = Step(text: parts[2], budget: Double(parts[1]) ?? 0, strict: parts[0] == "strict", seen: Date())
        case "partial":
            partial = decode(line.dropFirst(8))
        case "result":
            result = decode(line.dropFirst(7))
        default:
            break
        }
    }

    private func decode(_ json: Substring) -> CheckResult? {
        try? JSONDecoder().decode(CheckResult.self, from: Data(json.utf8))
    }
}
