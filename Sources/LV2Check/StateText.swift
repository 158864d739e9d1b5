import LV2Host
import Foundation

/// Compares two saved states (`state.ttl` as lilv writes it). Numbers may differ in
/// their last digits: serd reads a double back to the nearest few ulps, and some plugins
/// store display values to 8 significant digits, so numbers match within a relative 1e-6.
enum StateText {
    /// The first pair of lines that differ beyond that, trimmed; nil when the states match.
    static func firstDifference(_ first: String, _ second: String) -> (String, String)? {
        let a = first.split(separator: "\n"), b = second.split(separator: "\n")
        for (x, y) in zip(a, b) where x != y && !numbersMatch(x, y) {
            return (x.trimmingCharacters(in: .whitespaces), y.trimmingCharacters(in: .whitespaces))
        }
        guard a.count != b.count else { return nil }
        let longer = a.count > b.count ? a : b
        let extra = String(longer[min(a.count, b.count)]).trimmingCharacters(in: .whitespaces)
        return a.count > b.count ? (extra, "(nothing)") : ("(nothing)", extra)
    }

    /// Whether two lines say the same but for numbers within a relative 1e-6.
    private static func numbersMatch(_ x: Substring, _ y: Substring) -> Bool {
        let separators: Set<Character> = [" ", "\"", "\t", ";", ","]
        let left = x.split(whereSeparator: { separators.contains($0) }), right = y.split(whereSeparator: { separators.contains($0) })
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { a, b in
            if a == b { return true }
            guard let u = Double(a), let v = Double(b) else { return false }
            return abs(u - v) <= 1e-6 * max(abs(u), abs(v), 1e-30)
        }
    }
}
