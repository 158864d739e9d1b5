import ArgumentParser
import HostFiles
import LV2Host

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a plugin: what it does, ports, ranges, defaults, units, latency, features, presets, parameters.")

    @Argument(help: "The plugin's URI, or its name or the URI's last part when only one plugin has it.")
    var uri: String

    @Option(help: ArgumentHelp("The sample rate that ranges declared as fractions of it (lv2:sampleRate) are shown in hertz for.", valueName: "hz"))
    var rate: Int = RenderCommand.defaultRate

    @Flag(help: "Print one JSON object: ports (ranges in Hz), groups, presets, parameters, features.")
    var json = false

    @OptionGroup var worldOptions: WorldOptions

    func validate() throws {
        guard rate >= 1, Double(rate) <= RenderRequest.highestSampleRate else {
            throw ValidationError("The sample rate must be between 1 and \(Int(RenderRequest.highestSampleRate)) Hz, not \(rate).")
        }
    }

    func run() throws {
        let world = try worldOptions.world()
        let declared = try resolvePlugin(uri, in: world)
        if json {
            print(PluginDescription(declared, sampleRate: Double(rate)).json(pretty: true))
            return
        }
        let plugin = declared.scaled(toSampleRate: Double(rate))
        print(plugin.name)
        if let comment = plugin.comment { print(comment) }
        print("URI:               \(plugin.uri)")
        print("Binary:            \(plugin.libraryPath)")
        print("Version:           \(plugin.version ?? "not given")")
        print("Instrument:        \(plugin.isInstrument ? "yes" : "no")")
        if world.catalogue.first(where: { $0.uri == plugin.uri })?.fromDynamicManifestBundle == true {
            print("Dynamic manifest:  yes (its bundle's library runs while plugins are listed: found with --dyn-manifest only)")
        }
        let latency = plugin.latencyPortIndex.map { index in
            "reported on port \(index) (\(plugin.ports.first { $0.index == index }?.symbol ?? "?"))"
        }
        print("Latency:           \(latency ?? "none")")
        print("Required features: \(list(plugin.requiredFeatures))")
        print("Optional features: \(list(plugin.optionalFeatures))")
        print("Presets:           \(list(plugin.presets.map { "\($0.uri) (\($0.label))" }))")
        print("Parameters:        \(list(plugin.parameters.map(describe)))")
        if !plugin.groups.isEmpty {
            print("Port groups:       \(list(plugin.groups.map(describe)))")
        }
        print("Ports:")
        // Wide enough for the largest index, so that every symbol starts in one column.
        let indexWidth = (plugin.ports.map { "\($0.index)".count }.max() ?? 1) + 2
        let indent = String(repeating: " ", count: 2 + indexWidth + 4)
        for port in plugin.ports {
            print("  " + describe(port, indexWidth: indexWidth))
            if let comment = port.comment { print(indent + comment) }
            for point in port.scalePoints {
                print("\(indent)\(point.value.compactDescription) = \(point.label)")
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

    /// "http://…#sidechain  "Sidechain"  side-chain of http://…#main"
    private func describe(_ group: PortGroupInfo) -> String {
        let name = group.name.map { "  \"\($0)\"" } ?? ""
        let role = group.sideChainOf.map { "  side-chain of \($0)" } ?? ""
        return group.uri + name + role
    }

    private func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.joined(separator: "\n                   ")
    }

    /// "0  gain  control in  -90 … 24 dB, default 0  [integer]"; for an `lv2:sampleRate`
    /// port "1  cutoff  control in  96 … 24000 Hz, default 12048 (0.002 … 0.5 × sample rate)".
    private func describe(_ port: PortInfo, indexWidth: Int) -> String {
        let kind = "\(port.kind) \(port.isInput ? "in" : "out")"
        var text = "\(port.index)".padding(toLength: indexWidth, withPad: " ", startingAt: 0)
            + port.symbol.padding(toLength: max(12, port.symbol.count + 2), withPad: " ", startingAt: 0)
            + kind.padding(toLength: 13, withPad: " ", startingAt: 0)
        if port.kind == .control {
            let unit = port.scaledSampleRate != nil ? " Hz" : port.unit.map { " " + $0 } ?? ""
            text += "\(port.minimum?.compactDescription ?? "?") … \(port.maximum?.compactDescription ?? "?")\(unit)"
            if let value = port.defaultValue { text += ", default \(value.compactDescription)" }
            if port.scaledSampleRate != nil {
                let fractions = port.declaredFractionsText
                text += " (\(fractions.minimum) … \(fractions.maximum) × sample rate)"
            }
        }
        let properties = [(port.isInteger, "integer"), (port.isToggled, "toggled"),
                          (port.isEnumeration, "enumeration"), (port.isLogarithmic, "logarithmic"), (port.isSideChain, "side-chain")]
            .filter(\.0).map(\.1) + (port.designation.map { [$0] } ?? [])
        if !properties.isEmpty { text += "  [\(properties.joined(separator: ", "))]" }
        return text + "  \"\(port.name)\""
    }
}
