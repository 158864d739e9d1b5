import ArgumentParser
import LV2Host

/// What the command line says about one plugin of the chain: its URI and the
/// `--set`s and `--preset` that follow it (up to the next `--then`).
struct StageOptions: ParsableArguments {
    @Argument(help: "The plugin's URI, or its name or the URI's last part when only one plugin has it.")
    var uri: String

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Set a control input, or a parameter by URI, label or the URI's last part.", valueName: "name=value"),
            transform: ControlSetting.init(argument:))
    var settings: [ControlSetting] = []

    @Option(parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Move a control along straight lines between points: seconds and values.", valueName: "symbol=t:v,…"))
    var automate: [String] = []

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Load a preset's control values (before any --set), by URI, label or the URI's last part.", valueName: "preset"))
    var preset: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Restore a state directory (as jalv and --save-state write it), after any --preset.", valueName: "dir"))
    var state: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Save the plugin's state to this directory after the render.", valueName: "dir"))
    var saveState: String?

    func stage(in world: LV2World, sampleRate: Double) throws -> RenderStage {
        let plugin = try resolvePlugin(uri, in: world)
        var stage = RenderStage(plugin: plugin, presetURI: preset, statePath: state, savedStatePath: saveState)
        try stage.add(settings)
        stage.automations = try automate.map { try Self.automation($0, sampleRate: sampleRate) }
        return stage
    }

    /// `SYMBOL=T:V,T:V…` from `--automate`.
    private static func automation(_ argument: String, sampleRate: Double) throws -> Automation {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ValidationError("--automate takes SYMBOL=TIME:VALUE,…, not \"\(argument)\".")
        }
        let points = try parts[1].split(separator: ",", omittingEmptySubsequences: false).map { point in
            let pair = point.split(separator: ":", omittingEmptySubsequences: false)
            guard pair.count == 2, let seconds = Double(pair[0]), let value = Float(pair[1]), value.isFinite else {
                throw ValidationError("--automate \(parts[0]) takes TIME:VALUE points in seconds and numbers, not \"\(point)\".")
            }
            return (seconds, value)
        }
        return try Automation(symbol: String(parts[0]), points: points, sampleRate: sampleRate)
    }
}

extension RenderStage {
    /// Adds `--set`s (render's and check's) as controls or parameters.
    mutating func add(_ settings: [ControlSetting]) throws {
        for setting in settings {
            // A control port's symbol wins; a name no port has may be a parameter's.
            // A CV input counts as a control here: `--set` holds it at a constant.
            let control = plugin.ports.first { ($0.kind == .control || $0.kind == .cv) && $0.isInput && $0.symbol == setting.name }
            if control == nil, let parameter = try plugin.parameter(named: setting.name) {
                parameters.append((parameter, try ParameterValue(setting.text, for: parameter)))
            } else {
                controls.append((setting.name, try setting.number(scalePoints: control?.scalePoints ?? [])))
            }
        }
    }
}

/// `NAME=VALUE` from `--set`: a control port's symbol and a number, or a parameter and
/// a value its range types, which only the plugin's description tells apart.
struct ControlSetting {
    let name: String
    let text: String

    init(argument: String) throws {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ValidationError("--set takes NAME=VALUE, not \"\(argument)\".")
        }
        name = String(parts[0])
        text = String(parts[1])
    }

    /// The `NAME=VALUE` it was read from.
    var argument: String { name + "=" + text }

    /// The value for a control port: a number, or the label of one of its `scalePoints`
    /// (`quality="Sinc best"`), in any case.
    func number(scalePoints: [(label: String, value: Float)] = []) throws -> Float {
        if Float(text) == nil, let point = scalePoints.first(where: { $0.label.caseInsensitiveCompare(text) == .orderedSame }) {
            return point.value
        }
        guard let value = Float(text), !value.isNaN else {
            let labels = scalePoints.isEmpty ? "" : " or one of its labels (\(scalePoints.map { "\"\($0.label)\"" }.joined(separator: ", ")))"
            throw ValidationError("The value \"\(text)\" for \(name) is not a number\(labels).")
        }
        // Float("1e39") is infinity: the number is fine, a control port cannot hold it.
        guard value.isFinite else {
            throw ValidationError("The value \"\(text)\" for \(name) is outside the range a 32-bit float can hold.")
        }
        return value
    }
}

/// Cuts `--then URI` stages out of a `render` command line, leaving every other
/// argument where it was, so that options such as `--output` may come anywhere.
/// Once a `--then` has appeared, every later `--set`, `--preset`, `--state`, `--save-state` and `--automate` belongs to the
/// latest `--then` plugin, whatever other options come between.
enum ChainArguments {
    static func split(_ arguments: inout [String]) throws -> [StageOptions] {
        guard arguments.first == "render" else { return [] }
        var kept: [String] = [], groups: [[String]] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                kept += [argument] + remaining
                break
            }
            if let uri = try thenURI(argument, &remaining) {
                groups.append([uri])
            } else if !groups.isEmpty, let taken = stageOptionLength(argument) {
                groups[groups.count - 1] += [argument] + remaining.prefix(taken - 1)
                remaining = remaining.dropFirst(taken - 1)
            } else {
                kept.append(argument)
            }
        }
        arguments = kept
        return try groups.map { group in
            do {
                return try StageOptions.parse(group)
            } catch {
                throw ValidationError(StageOptions.message(for: error))
            }
        }
    }

    /// The plugin URI of `--then URI` (taken from `remaining`) or `--then=URI`, nil for other arguments.
    private static func thenURI(_ argument: String, _ remaining: inout ArraySlice<String>) throws -> String? {
        let uri: String?
        if argument == "--then" {
            uri = remaining.popFirst()
        } else if argument.hasPrefix("--then=") {
            uri = String(argument.dropFirst("--then=".count))
        } else {
            return nil
        }
        guard let uri, !uri.isEmpty, !uri.hasPrefix("-") else {
            throw ValidationError("--then must be followed by a plugin URI.")
        }
        return uri
    }

    /// How many arguments a stage option starting with `argument` spans, or nil if it is not one.
    private static func stageOptionLength(_ argument: String) -> Int? {
        for name in ["--set", "--preset", "--state", "--save-state", "--automate"] {
            if argument == name { return 2 }
            if argument.hasPrefix(name + "=") { return 1 }
        }
        return nil
    }
}
