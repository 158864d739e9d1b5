import LV2Host
import Foundation

/// `lv2render check --junit FILE`: JUnit XML, which CI systems show. One test suite per
/// plugin, one test case per check; a FAIL is a `<failure>`, a skip `<skipped>`, and a
/// warning passes with its detail in `<system-out>`.
public enum JUnitReport {
    public static func xml(_ reports: [CheckReport]) -> String {
        let tests = reports.map(\.results.count).reduce(0, +)
        let failures = reports.map { $0.count(.fail) }.reduce(0, +)
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#,
                     #"<testsuites name="lv2render check" tests="\#(tests)" failures="\#(failures)" time="\#(time(reports.map(\.seconds).reduce(0, +)))">"#]
        for report in reports {
            lines.append(#"  <testsuite name="\#(escape(report.uri))" tests="\#(report.results.count)" failures="\#(report.count(.fail))" "#
                         + #"skipped="\#(report.count(.skip))" time="\#(time(report.seconds))">"#)
            lines.append(#"    <properties><property name="seed" value="\#(report.seed)"/><property name="level" value="\#(report.level.rawValue)"/>"#
                         + #"<property name="quick" value="\#(report.quick)"/><property name="name" value="\#(escape(report.name))"/></properties>"#)
            for result in report.results {
                let open = #"    <testcase classname="\#(escape(report.uri))" name="\#(escape(result.check))" time="\#(time(result.seconds))""#
                switch result.outcome {
                case .pass:
                    lines.append(open + "/>")
                case .fail:
                    lines.append(open + ">")
                    lines.append(#"      <failure message="\#(escape(result.detail))">\#(escape(result.detail))</failure>"#)
                    lines.append("    </testcase>")
                case .skip:
                    lines.append(open + ">")
                    lines.append(#"      <skipped message="\#(escape(result.detail))"/>"#)
                    lines.append("    </testcase>")
                case .warn:
                    lines.append(open + ">")
                    lines.append("      <system-out>WARN: \(escape(result.detail))</system-out>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func time(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// Text safe in an XML attribute or element; control characters other than tab become spaces.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case _ where scalar.value < 0x20 && scalar != "\t": escaped += " "
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
