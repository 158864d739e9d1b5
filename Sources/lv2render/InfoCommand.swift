import ArgumentParser
import AudioMIDIFiles
import LV2Host

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a plugin: what it does, ports, ranges, defaults, units, latency, features, presets, parameters.")

    @Argument(help: "The plugin's URI, or its name or the URI's last part when only one plugin has it.")
    var uri: String

    func run() throws {
        let plugin = try resolvePlugin(uri, in: LV2World.forCommandLine())
        print(plugin.name)
        if let comment = plugin.comment { print(comment) }
        print("URI:               \(plugin.uri)")
        print("Binary:            \(plugin.libraryPath)")
        print("Version:           \(plugin.version ?? "not given")")
        print("Instrument:        \(plugin.isInstrument ? "yes" : "no")")
        let latency = plugin.latencyPortIndex.map { index in
            "reported on port \(index) (\(plugin.ports.first { $0.index == index }?.symbol ?? "?"))"
        }
        print("Latency:           \(latency ?? "none")")
        print("Required features: \(list(plugin.requiredFeatures))")
        print("Optional features: \(list(plugin.optionalFeatures))")
        print("Presets:           \(list(plugin.presets.map { "\($0.uri) (\($0.label))" }))")
        print("Parameters:        \(list(plugin.parameters.map(describe)))")
        print("Ports:")
        for port in plugin.ports {
            print("  " + describe(port))
            if let comment = port.comment { print("        " + comment) }
            for point in port.scalePoints {
                print("        \(point.value.compactDescription) = \(point.label)")
            }
        }
    }

    /// "http://…#sample  "sample"  Path, writable: set with --set sample=VALUE"
    private func describe(_ parameter: ParameterInfo) -> String {
        let label = parameter.label.map { "  \"\($0)\"" } ?? ""
        let type = parameter.type?.rawValue ?? parameter.rangeURI ?? "no range given"
        // The label when it needs no quoting, else the URI's last part.
        let name = parameter.label.flatMap { $0.contains(" ") ? nil : $0 } ?? parameter.shortName
        let access = parameter.isWritable ? "writable (--set \(name)=VALUE)" : "readable"
        return "\(parameter.uri)\(label)  \(type), \(access)"
    }

    private func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.joined(separator: "\n                   ")
    }

    /// "0  gain  control in  -90 … 24 dB, default 0  [integer]"
    private func describe(_ port: PortInfo) -> String {
        let kind = "\(port.kind) \(port.isInput ? "in" : "out")"
        var text = "\(port.index)".padding(toLength: 4, withPad: " ", startingAt: 0)
            + port.symbol.padding(toLength: max(12, port.symbol.count + 2), withPad: " ", startingAt: 0)
            + kind.padding(toLength: 13, withPad: " ", startingAt: 0)
        if port.kind == .control {
            let unit = port.unit.map { " " + $0 } ?? ""
            text += "\(port.minimum?.compactDescription ?? "?") … \(port.maximum?.compactDescription ?? "?")\(unit)"
            if let value = port.defaultValue { text += ", default \(value.compactDescription)" }
        }
        let properties = [(port.isInteger, "integer"), (port.isToggled, "toggled"),
                          (port.isEnumeration, "enumeration"), (port.isLogarithmic, "logarithmic")]
            .filter(\.0).map(\.1) + (port.designation.map { [$0] } ?? [])
        if !properties.isEmpty { text += "  [\(properties.joined(separator: ", "))]" }
        return text + "  \"\(port.name)\""
    }
}
