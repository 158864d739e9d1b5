import LV2Kit

/// What the generator refuses to write: a declaration that hosts would read other than its
/// author meant, or that the plugin's own controls would contradict (a default outside the
/// range the plugin clamps to, a preset value it would move, a logarithmic knob over zero,
/// two ports answering to one symbol, two parameters or a parameter and another subject of the
/// Turtle answering to one URI, a default file outside the bundle). Each problem is one
/// sentence that names the plugin and the port or parameter, so that an author meets it at
/// `make`, before any host or test does.
enum DeclarationCheck {
    static func problems(in bundle: BundleContents) -> [String] {
        bundle.plugins.flatMap { problems(of: $0) } + projectProblems(in: bundle)
    }

    /// The manifest describes one project: the bundle's, or the one all its plugins name.
    static func projectProblems(in bundle: BundleContents) -> [String] {
        guard bundle.declaredProject == nil else { return [] }
        guard let first = bundle.plugins.first(where: { $0.declaration.project != nil }),
              let uri = first.declaration.project?.uri.string else {
            return ["No plugin in \(bundle.binary) names its project: give its declaration a `project: Project(…)`."]
        }
        return bundle.plugins.filter { $0.declaration.project?.uri.string != uri }.map { plugin in
            let named = plugin.declaration.project.map { "the project <\($0.uri)>" } ?? "no project"
            return "<\(plugin.uri)> names \(named) and <\(first.uri)> names <\(uri)>: plugins that share a bundle declare one project."
        }
    }

    static func problems(of plugin: PluginFacts) -> [String] {
        var problems: [String] = []
        func port(_ port: PortDeclaration) -> String { "Port \"\(port.symbol.string)\" of <\(plugin.uri)>" }

        var symbols: Set<String> = []
        for declaration in plugin.ports {
            let symbol = declaration.symbol.string
            if !symbols.insert(symbol).inserted {
                problems.append("\(port(declaration)) repeats a symbol another of its ports has: each port needs its own.")
            }
            if !isValidSymbol(symbol) {
                problems.append("\(port(declaration)) has a symbol LV2 does not allow: letters, digits and underscores, not starting with a digit.")
            }
            if let rule = NumberRule(declaration) {
                problems += rule.problems(default: declaration.isInput ? declaration.defaultValue : nil, named: port(declaration))
            }
        }

        // A side-chain group points at the group it keys; a symbol that names none would leave
        // hosts an IRI that describes nothing.
        let groupSymbols = Set(plugin.portGroups.map(\.symbol.string))
        for group in plugin.portGroups {
            if let main = group.sideChainOf?.string, !groupSymbols.contains(main) {
                problems.append("Port group \"\(group.symbol.string)\" of <\(plugin.uri)> is the side-chain of \"\(main)\", which is none of its port groups.")
            }
        }

        var fragments: Set<String> = []
        for preset in plugin.presets {
            let name = "Preset \"\(preset.fragment)\" of <\(plugin.uri)>"
            if !fragments.insert(preset.fragment).inserted {
                problems.append("\(name) repeats the name of another of its presets: each preset needs its own.")
            }
            for (symbol, value, _) in preset.values {
                guard let declaration = plugin.ports.first(where: { $0.symbol.string == symbol }) else { continue }
                guard case .control = declaration.kind, declaration.isInput, let rule = NumberRule(declaration) else {
                    problems.append("\(name) sets port \"\(symbol)\", which is not a control input.")
                    continue
                }
                if let problem = rule.problem(with: value) {
                    problems.append("\(name) sets port \"\(symbol)\" to \(number(value)), \(problem).")
                }
            }
        }
        return problems + parameterProblems(of: plugin)
    }

    /// A parameter's URI is its `patch:property`, its state key and the subject of its Turtle,
    /// so it must be its own: not another parameter's, nor the plugin's, a preset's or a port
    /// group's, whose statements would merge with it. A path parameter with no file types takes
    /// any file (a model, a table), which is a sound choice; a file type with a dot in it is not,
    /// since LV2Kit compares what follows a file's last dot and so would refuse every file.
    private static func parameterProblems(of plugin: PluginFacts) -> [String] {
        var problems: [String] = []
        let otherSubjects = Set([plugin.uri] + plugin.presets.map { "\(plugin.uri)#\($0.fragment)" }
            + plugin.portGroups.map { "\(plugin.uri)#\($0.symbol.string)" })
        var uris: Set<String> = []
        for parameter in plugin.parameters {
            let uri = parameter.uri.string
            let name = "Parameter <\(uri)> of <\(plugin.uri)>"
            if !uris.insert(uri).inserted {
                problems.append("\(name) repeats the URI of another of its parameters: each parameter needs its own.")
            }
            if otherSubjects.contains(uri) {
                problems.append("\(name) has the URI of the plugin, one of its presets or one of its port groups: each needs its own.")
            }
            switch parameter.kind {
            case let .number(range, defaultValue, _, isWhole):
                let rule = NumberRule(range: range, isWhole: isWhole, isLogarithmic: false, noun: "parameter")
                problems += rule.problems(default: defaultValue, named: name)
            case let .path(fileTypes, defaultFile):
                for type in fileTypes.map(\.string) where type.isEmpty || type.contains(".") || type.contains("/") {
                    problems.append("\(name) takes the file type \"\(type)\", which no file name ends with: give extensions without their dot, such as \"wav\".")
                }
                if let defaultFile { problems += defaultFileProblems(defaultFile.string, of: parameter, named: name) }
            case .toggle, .text:
                break
            }
        }
        return problems
    }

    /// A default file is the default state's, which hosts resolve against the bundle: it must
    /// be inside the bundle, written as a relative IRI, and of a type the parameter takes.
    private static func defaultFileProblems(_ file: String, of parameter: ParameterDeclaration, named name: String) -> [String] {
        let start = "\(name) has the default file \"\(file)\""
        if file.isEmpty || file.hasPrefix("/") || file.split(separator: "/").contains("..") || file.contains(":") {
            return ["\(start), which is not a path inside the bundle: name it relative to the bundle, such as \"click.wav\"."]
        }
        if file.contains(where: { $0.isWhitespace || "<>\"{}|^`\\%".contains($0) }) {
            return ["\(start), whose name has a character Turtle cannot write in a relative IRI (a space, <, >, \", {, }, |, ^, `, \\ or %)."]
        }
        if !parameter.accepts(file) {
            return ["\(start), of a type the parameter does not take."]
        }
        return []
    }

    /// `lv2:symbol`'s rule: a C identifier.
    private static func isValidSymbol(_ symbol: String) -> Bool {
        guard let first = symbol.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return symbol.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    fileprivate static func number(_ value: Float) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
    }

    fileprivate static func text(_ range: ClosedRange<Float>) -> String { "\(number(range.lowerBound))…\(number(range.upperBound))" }
}

/// What a number must be to be a port's or a parameter's: within a finite range, above zero
/// when logarithmic, whole when the values are, and one of the scale points of an enumeration.
private struct NumberRule {
    let range: ClosedRange<Float>
    let isWhole: Bool
    let isLogarithmic: Bool
    /// An enumeration takes its scale points only.
    var isEnumeration = false
    var scalePoints: [ScalePoint] = []
    /// "port" or "parameter", for the sentences.
    let noun: String

    init(range: ClosedRange<Float>, isWhole: Bool, isLogarithmic: Bool, noun: String) {
        self.range = range
        self.isWhole = isWhole
        self.isLogarithmic = isLogarithmic
        self.noun = noun
    }

    init?(_ port: PortDeclaration) {
        guard let range = port.range else { return nil }
        self.init(range: range, isWhole: port.isWholeNumber, isLogarithmic: port.has(.logarithmic), noun: "port")
        isEnumeration = port.has(.enumeration)
        scalePoints = port.scalePoints
    }

    /// The range itself, the default and the scale points.
    func problems(default defaultValue: Float?, named name: String) -> [String] {
        guard range.lowerBound.isFinite, range.upperBound.isFinite else {
            return ["\(name) has a range that is not finite (\(DeclarationCheck.text(range)))."]
        }
        var problems: [String] = []
        if isLogarithmic, range.lowerBound <= 0 {
            problems.append("\(name) is logarithmic, but its range \(DeclarationCheck.text(range)) includes zero or less.")
        }
        if let defaultValue, let problem = problem(with: defaultValue) {
            problems.append("\(name) has the default \(DeclarationCheck.number(defaultValue)), \(problem).")
        }
        for point in scalePoints where !range.contains(point.value) {
            problems.append("\(name) has the scale point \"\(point.label.string)\" at \(DeclarationCheck.number(point.value)), outside its range \(DeclarationCheck.text(range)).")
        }
        return problems
    }

    /// Why `value` cannot be this number (a default, or a preset's value), or nil.
    func problem(with value: Float) -> String? {
        if !range.contains(value) { return "outside its range \(DeclarationCheck.text(range))" }
        if isWhole, value != value.rounded() { return "but the \(noun) takes whole numbers only" }
        if isEnumeration, !scalePoints.contains(where: { $0.value == value }) {
            let points = scalePoints.map { DeclarationCheck.number($0.value) }.joined(separator: ", ")
            return "but the \(noun) is an enumeration and that is none of its scale points (\(points))"
        }
        return nil
    }
}

extension PortDeclaration {
    fileprivate func has(_ property: PortProperty) -> Bool {
        properties.contains { $0.uri.string == property.uri.string }
    }
}
