import Foundation

/// A progress bar on stderr, drawn only when stderr is a terminal and only once
/// the work has taken more than a second, so quick renders and pipes stay clean.
final class ProgressBar {
    private let isEnabled = isatty(STDERR_FILENO) != 0
    private let start = Date()
    private var lastDrawn: Date?

    func update(_ fraction: Double) {
        guard isEnabled else { return }
        let now = Date()
        guard now.timeIntervalSince(start) > 1, lastDrawn.map({ now.timeIntervalSince($0) > 0.1 }) ?? true else { return }
        lastDrawn = now
        let width = 40
        let filled = Int((min(max(fraction, 0), 1) * Double(width)).rounded())
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(Int(fraction * 100))%".utf8))
    }

    /// Runs `work`, handing it `update`, and erases the bar however `work` ends, so
    /// that an error's sentence starts on a line of its own.
    func showing<Result>(_ work: (_ update: @escaping (Double) -> Void) throws -> Result) rethrows -> Result {
        defer { finish() }
        return try work(update)
    }

    /// Erases the bar, if one was drawn.
    private func finish() {
        guard lastDrawn != nil else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: 48) + "\r").utf8))
    }
}
