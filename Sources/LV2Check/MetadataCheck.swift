import HostFiles
import Foundation
import LV2Host

/// lilv reads the description; the binary holds the plugin; the ports are numbered
/// 0 … n−1 with unique symbols; every control input's range and default agree.
enum MetadataCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        let plugin = context.plugin
        var findings = Findings()
        context.step("opening the binary \(plugin.libraryPath)")
        if plugin.libraryPath.isEmpty {
            findings.fail("the description names no binary (lv2:binary)")
        } else {
            do {
                _ = try PluginLibrary(path: plugin.libraryPath).descriptor(uri: plugin.uri)
            } catch {
                findings.fail("\(error)")
            }
        }
        context.step("reading the ports")
        let indices = plugin.ports.map(\.index)
        if !plugin.unsupportedPorts.isEmpty {
            findings.warn("ports of a type lv2render cannot connect: \(plugin.unsupportedPorts.joined(separator: ", "))")
        } else if indices != Array(0..<plugin.portCount) {
            findings.fail("the ports are not numbered 0 to \(plugin.portCount - 1)")
        }
        let symbols = plugin.ports.map(\.symbol)
        if let repeated = symbols.first(where: { symbol in symbols.filter { $0 == symbol }.count > 1 }) {
            findings.fail("two ports have the symbol \(repeated)")
        }
        if let invalid = symbols.first(where: { !isCIdentifier($0) }) {
            findings.warn("the port symbol \"\(invalid)\" is not a C identifier, as lv2:symbol requires")
        }
        for port in context.controlInputs {
            checkRange(of: port, declared: plugin.ports.first { $0.index == port.index }, &findings)
        }
        let missing = CheckWorker.missingFeatures(plugin)
        let ports = "\(plugin.portCount) ports"
        if missing.isEmpty {
            findings.note("\(ports); every required feature is provided")
        } else {
            findings.note("\(ports); requires \(missing.joined(separator: " and ")), which lv2render does not provide yet")
        }
        return context.result(findings)
    }

    /// `port` in hertz where it declares `lv2:sampleRate`, `declared` as its description gives it.
    private static func checkRange(of port: PortInfo, declared: PortInfo?, _ findings: inout Findings) {
        let values = [("minimum", port.minimum), ("maximum", port.maximum), ("default", port.defaultValue)]
        for case let (name, value?) in values where !value.isFinite {
            findings.fail("the control \(port.symbol) has the \(name) \(value)")
        }
        guard let minimum = port.minimum, let maximum = port.maximum, minimum.isFinite, maximum.isFinite else { return }
        if minimum > maximum {
            findings.fail("the control \(port.symbol) has a minimum (\(minimum.compactDescription)) above its maximum (\(maximum.compactDescription))")
        } else if let value = port.defaultValue, value.isFinite, !(minimum...maximum).contains(value) {
            findings.warn("the default of \(port.symbol) (\(value.compactDescription)) is outside its range \(port.rangeDescription)")
        } else if port.scaledSampleRate != nil, let declared, let value = declared.defaultValue,
                  let low = declared.minimum, let high = declared.maximum, low <= high, !(low...high).contains(value) {
            // In range only because lv2render takes a default outside the fractions as hertz (blop's oscillators).
            findings.warn("the default of \(port.symbol) (\(value.compactDescription)) is outside its range \(low.compactDescription) to \(high.compactDescription) × the sample rate; lv2render takes it as \(value.compactDescription) Hz")
        }
    }

    private static func isCIdentifier(_ symbol: String) -> Bool {
        guard let first = symbol.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return symbol.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
