import LV2Kit

/// What the generator refuses to write: a declaration that hosts would read other than its
/// author meant, or that the plugin's own controls would contradict (a default outside the
/// range the plugin clamps to, a preset value it would move, a logarithmic knob over zero,
/// two ports answering to one symbol). Each problem is one sentence that names the plugin
/// and the port, so that an author meets it at `make`, before any host or test does.
enum DeclarationCheck {
    static func problems(in bundle: Bundle) -> [String] {
        bundle.plugins.flatMap { problems(of: $0) }
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
            problems += rangeProblems(of: declaration, named: port(declaration))
        }

        var fragments: Set<String> = []
        for preset in plugin.presets {
            let name = "Preset \"\(preset.fragment)\" of <\(plugin.uri)>"
            if !fragments.insert(preset.fragment).inserted {
                problems.append("\(name) repeats the name of another of its presets: each preset needs its own.")
            }
            for (symbol, value, _) in preset.values {
                guard let declaration = plugin.ports.first(where: { $0.symbol.string == symbol }) else { continue }
                guard case .control = declaration.kind, declaration.isInput, let range = declaration.range else {
                    problems.append("\(name) sets port \"\(symbol)\", which is not a control input.")
                    continue
                }
                if let problem = valueProblem(value, in: range, of: declaration) {
                    problems.append("\(name) sets port \"\(symbol)\" to \(number(value)), \(problem).")
                }
            }
        }
        return problems
    }

    /// The range itself, its default and its scale points.
    private static func rangeProblems(of declaration: PortDeclaration, named port: String) -> [String] {
        guard let range = declaration.range else { return [] }
        guard range.lowerBound.isFinite, range.upperBound.isFinite else {
            return ["\(port) has a range that is not finite (\(text(range)))."]
        }
        var problems: [String] = []
        if declaration.has(.logarithmic), range.lowerBound <= 0 {
            problems.append("\(port) is logarithmic, but its range \(text(range)) includes zero or less.")
        }
        if declaration.isInput, let value = declaration.defaultValue, let problem = valueProblem(value, in: range, of: declaration) {
            problems.append("\(port) has the default \(number(value)), \(problem).")
        }
        for point in declaration.scalePoints where !range.contains(point.value) {
            problems.append("\(port) has the scale point \"\(point.label.string)\" at \(number(point.value)), outside its range \(text(range)).")
        }
        return problems
    }

    /// Why `value` cannot be this port's (its default, or a preset's), or nil.
    private static func valueProblem(_ value: Float, in range: ClosedRange<Float>, of declaration: PortDeclaration) -> String? {
        if !range.contains(value) { return "outside its range \(text(range))" }
        if declaration.isWholeNumber, value != value.rounded() { return "but the port takes whole numbers only" }
        if declaration.has(.enumeration), !declaration.scalePoints.contains(where: { $0.value == value }) {
            let points = declaration.scalePoints.map { number($0.value) }.joined(separator: ", ")
            return "but the port is an enumeration and that is none of its scale points (\(points))"
        }
        return nil
    }

    /// `lv2:symbol`'s rule: a C identifier.
    private static func isValidSymbol(_ symbol: String) -> Bool {
        guard let first = symbol.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return symbol.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    private static func number(_ value: Float) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
    }

    private static func text(_ range: ClosedRange<Float>) -> String { "\(number(range.lowerBound))…\(number(range.upperBound))" }
}

extension PortDeclaration {
    fileprivate func has(_ property: PortProperty) -> Bool {
        properties.contains { $0.uri.string == property.uri.string }
    }
}
