import Foundation
import LV2Host

/// `info --json`: everything `info` shows, as one JSON object. Ranges and defaults are in
/// hertz at the given rate where a port declares `lv2:sampleRate` (it then also gives the
/// declared fractions), so a script reads the values it may pass to `--set`.
enum PluginDescriptionJSON {
    static func text(for declared: PluginInfo, sampleRate: Double) -> String {
        let plugin = declared.scaled(toSampleRate: sampleRate)
        let object: [String: Any] = [
            "uri": plugin.uri,
            "name": plugin.name,
            "comment": plugin.comment ?? NSNull(),
            "binary": plugin.libraryPath,
            "bundle": plugin.bundlePath,
            "version": plugin.version ?? NSNull(),
            "instrument": plugin.isInstrument,
            "sampleRate": sampleRate,
            "latencyPort": plugin.latencyPortIndex ?? NSNull(),
            "requiredFeatures": plugin.requiredFeatures,
            "optionalFeatures": plugin.optionalFeatures,
            "unsupportedPorts": plugin.unsupportedPorts,
            "ports": zip(plugin.ports, declared.ports).map { port(scaled: $0, declared: $1) },
            "groups": plugin.groups.map { group in
                ["uri": group.uri, "symbol": group.symbol ?? NSNull(), "name": group.name ?? NSNull(),
                 "sideChainOf": group.sideChainOf ?? NSNull(), "main": group.uri == plugin.mainInputGroup] as [String: Any]
            },
            "presets": plugin.presets.map { ["uri": $0.uri, "label": $0.label, "comment": $0.comment ?? NSNull()] as [String: Any] },
            "parameters": plugin.parameters.map { parameter in
                ["uri": parameter.uri, "label": parameter.label ?? NSNull(), "type": parameter.type?.rawValue ?? NSNull(),
                 "range": parameter.rangeURI ?? NSNull(), "writable": parameter.isWritable] as [String: Any]
            },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func port(scaled port: PortInfo, declared: PortInfo) -> [String: Any] {
        var object: [String: Any] = [
            "index": port.index,
            "symbol": port.symbol,
            "name": port.name,
            "comment": port.comment ?? NSNull(),
            "type": "\(port.kind)",
            "direction": port.isInput ? "input" : "output",
            "minimum": number(port.minimum),
            "maximum": number(port.maximum),
            "default": number(port.defaultValue),
            "sampleRateRelative": port.isSampleRateRelative,
            "unit": port.unit ?? NSNull(),
            "unitURI": port.unitURI ?? NSNull(),
            "properties": [(port.isInteger, "integer"), (port.isToggled, "toggled"), (port.isEnumeration, "enumeration"),
                           (port.isLogarithmic, "logarithmic")].filter(\.0).map(\.1),
            "designation": port.designation ?? NSNull(),
            "group": port.group ?? NSNull(),
            "sideChain": port.isSideChain,
            "scalePoints": port.scalePoints.map { ["label": $0.label, "value": number($0.value)] as [String: Any] },
        ]
        if port.isSampleRateRelative {
            object["declared"] = ["minimum": number(declared.minimum), "maximum": number(declared.maximum),
                                  "default": number(declared.defaultValue)]
        }
        return object
    }

    /// The float as its shortest decimal (0.002, not 0.0020000000949949026); null for none or not finite.
    private static func number(_ value: Float?) -> Any {
        guard let value, value.isFinite else { return NSNull() }
        return Double("\(value)") ?? NSNull()
    }
}
