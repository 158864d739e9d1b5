import ArgumentParser
import LV2Host

/// What the command line says about one plugin of the chain: its URI and the
/// `--set`s and `--preset` that follow it (up to the next `--then`).
struct StageOptions: ParsableArguments {
    @Argument(help: "The plugin's URI, or its name or the URI's last part when only one plugin has it.")
    var uri: String

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Set a control input, or a parameter by URI, label or the URI's last part.", valueName: "name=value"),
            transform: StageSetting.init(argument:))
    var settings: [StageSetting] = []

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
    /// Adds `--set`s (render's and check's), as `StageSetting` means them; a value its port
    /// cannot read is a command-line mistake.
    mutating func add(_ settings: [StageSetting]) throws {
        for setting in settings {
            do {
                try set(setting)
            } catch let mistake as StageSetting.UnreadableValue {
                throw ValidationError(mistake.description)
            }
        }
    }
}

extension StageSetting {
    /// `NAME=VALUE` from `--set`.
    init(argument: String) throws {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ValidationError("--set takes NAME=VALUE, not \"\(argument)\".")
        }
        self.init(String(parts[0]), String(parts[1]))
    }

    /// The `NAME=VALUE` it was read from.
    var argument: String { name + "=" + text }
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
