import LV2Kit

/// The bundle's Turtle files, written from the declarations: `manifest.ttl`, and for each
/// plugin `NAME.ttl` and, when it has presets, `NAME-presets.ttl`.
enum TurtleFiles {
    static let generatedBy = "Generated from the plugins' declarations in Swift: edit those, not this file."

    static func all(_ bundle: BundleContents) -> [(name: String, text: String)] {
        var files = [("manifest.ttl", manifest(bundle))]
        for plugin in bundle.plugins {
            files.append((plugin.fileStem + ".ttl", description(plugin, project: bundle.project)))
            if !plugin.presets.isEmpty { files.append((plugin.fileStem + "-presets.ttl", presets(plugin))) }
        }
        return files
    }

    /// What hosts read first: each plugin, its binary and where the rest is; each preset;
    /// and the project and its maintainer, described once.
    static func manifest(_ bundle: BundleContents) -> String {
        var turtle = Turtle()
        for plugin in bundle.plugins {
            turtle.append("\n<\(plugin.uri)>\n    a \(turtle.term(LV2.plugin)) ;\n")
            turtle.append("    \(turtle.term(LV2.binary)) <\(bundle.binary)> ;\n")
            turtle.append("    \(turtle.term(RDFS.seeAlso)) <\(plugin.fileStem).ttl> .\n")
        }
        for plugin in bundle.plugins {
            for preset in plugin.presets {
                turtle.append("\n<\(plugin.uri)#\(preset.fragment)>\n    a \(turtle.term(PSET.preset)) ;\n")
                turtle.append("    \(turtle.term(LV2.appliesTo)) <\(plugin.uri)> ;\n")
                turtle.append("    \(turtle.term(RDFS.seeAlso)) <\(plugin.fileStem)-presets.ttl> .\n")
            }
        }
        guard let project = bundle.project else { return turtle.document(comment: generatedBy) }
        turtle.append("\n<\(project.uri)>\n    a \(turtle.term(DOAP.project)) ;\n")
        turtle.append("    \(turtle.term(DOAP.name)) \(Turtle.literal(project.name.string)) ;\n")
        turtle.append("    \(turtle.term(DOAP.shortdesc)) \(Turtle.literal(project.shortDescription.string)) ;\n")
        if let homepage = project.homepage { turtle.append("    \(turtle.term(DOAP.homepage)) <\(homepage)> ;\n") }
        turtle.append("    \(turtle.term(DOAP.maintainer)) <\(project.maintainer.uri)> .\n")
        let person = project.maintainer
        turtle.append("\n<\(person.uri)>\n    a \(turtle.term(FOAF.person)) ;\n")
        if let email = person.email { turtle.append("    \(turtle.term(FOAF.mbox)) <mailto:\(email)> ;\n") }
        if let homepage = person.homepage { turtle.append("    \(turtle.term(FOAF.homepage)) <\(homepage)> ;\n") }
        turtle.append("    \(turtle.term(FOAF.name)) \(Turtle.literal(person.name.string)) .\n")
        return turtle.document(comment: generatedBy)
    }

    /// The plugin's own file: its port groups, then the plugin and its ports.
    static func description(_ plugin: PluginFacts, project: Project?) -> String {
        var turtle = Turtle()
        let declaration = plugin.declaration
        for group in plugin.portGroups {
            turtle.append("\n<\(plugin.uri)#\(group.symbol.string)>\n")
            turtle.append("    a \(turtle.terms(group.types.isEmpty ? [PG.groupClass] : group.types.map(\.string))) ;\n")
            if let source = group.source { turtle.append("    \(turtle.term(PG.source)) <\(plugin.uri)#\(source.string)> ;\n") }
            if let main = group.sideChainOf {
                turtle.append("    \(turtle.term(PG.sideChainOf)) <\(plugin.uri)#\(main.string)> ;\n")
            }
            turtle.append("    \(turtle.term(LV2.symbol)) \(Turtle.literal(group.symbol.string)) ;\n")
            turtle.append("    \(turtle.term(RDFS.label)) \(Turtle.literal(group.label.string)) .\n")
        }

        for parameter in plugin.parameters { turtle.append(self.parameter(parameter, turtle: &turtle)) }

        var statements: [String] = []
        func add(_ predicate: String, _ object: String) { statements.append("\(turtle.predicate(predicate)) \(object)") }
        add(RDF.type, turtle.terms(declaration.classes.map(\.uri.string) + [DOAP.project]))
        add(DOAP.name, Turtle.literal(declaration.name.string))
        add(DOAP.shortdesc, Turtle.literal(declaration.shortDescription.string))
        add(RDFS.comment, Turtle.literal(declaration.comment.string))
        if let project {
            add(LV2.project, "<\(project.uri)>")
            add(DOAP.maintainer, "<\(project.maintainer.uri)>")
        }
        add(DOAP.license, "<\(declaration.license.string)>")
        add(LV2.minorVersion, String(declaration.version.minor))
        add(LV2.microVersion, String(declaration.version.micro))
        let required = plugin.requiredFeatures.map(\.uri.string)
        if !required.isEmpty { add(LV2.requiredFeature, turtle.terms(required)) }
        // LV2Kit itself logs through log:log, and reads bufsz:sequenceSize from options:options
        // for event ports, so every plugin built on it uses them.
        var optional = declaration.optionalFeatures.map(\.uri.string) + [URI.log.string]
        // The writable parameters' declared defaults are the plugin's default state, which
        // hosts restore through its state interface after instantiating it.
        let defaults = plugin.parameters.filter(\.isWritable).compactMap { defaultState(of: $0, turtle: &turtle) }
        if !defaults.isEmpty { optional.append(Feature.loadDefaultState.uri.string) }
        var options = declaration.supportedOptions.map(\.string)
        if plugin.hasEventPorts {
            optional.append(URI.options.string)
            options.append(URI.sequenceSize.string)
        }
        optional = unique(optional).filter { !required.contains($0) }
        add(LV2.optionalFeature, turtle.terms(optional))
        if !options.isEmpty { add(OPTS.supportedOption, turtle.terms(unique(options))) }
        if !plugin.extensionData.isEmpty { add(LV2.extensionData, turtle.terms(plugin.extensionData.map(\.uri.string))) }
        let writable = plugin.parameters.filter(\.isWritable).map { "<\($0.uri.string)>" }
        let readable = plugin.parameters.filter { !$0.isWritable }.map { "<\($0.uri.string)>" }
        if !writable.isEmpty { add(PATCH.writable, writable.joined(separator: " , ")) }
        if !readable.isEmpty { add(PATCH.readable, readable.joined(separator: " , ")) }
        if let group = declaration.mainInput { add(PG.mainInput, "<\(plugin.uri)#\(group.symbol.string)>") }
        if let group = declaration.mainOutput { add(PG.mainOutput, "<\(plugin.uri)#\(group.symbol.string)>") }
        let ports = plugin.ports.enumerated().map { port($1, index: $0, plugin: plugin, turtle: &turtle) }
        add(LV2.port, "[\n" + ports.joined(separator: "\n    ] , [\n") + "\n    ]")
        if !defaults.isEmpty { add(STATE.state, "[\n        " + defaults.joined(separator: " ;\n        ") + "\n    ]") }
        turtle.append("\n<\(plugin.uri)>\n    " + statements.joined(separator: " ;\n    ") + " .\n")
        if !plugin.extraTurtle.isEmpty {
            turtle.append("\n" + plugin.extraTurtle + (plugin.extraTurtle.hasSuffix("\n") ? "" : "\n"))
        }
        return turtle.document(comment: generatedBy)
    }

    private static func port(_ port: PortDeclaration, index: Int, plugin: PluginFacts, turtle: inout Turtle) -> String {
        var lines: [String] = []
        func add(_ predicate: String, _ object: String) { lines.append("        \(turtle.predicate(predicate)) \(object)") }
        let direction = port.isInput ? LV2.inputPort : LV2.outputPort
        switch port.kind {
        case .audio: add(RDF.type, turtle.terms([direction, LV2.audioPort]))
        case .control: add(RDF.type, turtle.terms([direction, LV2.controlPort]))
        case .cv: add(RDF.type, turtle.terms([direction, LV2.cvPort]))
        case let .events(supports):
            add(RDF.type, turtle.terms([direction, ATOM.atomPort]))
            add(ATOM.bufferType, turtle.term(ATOM.sequence))
            add(ATOM.supports, turtle.terms(supports.map(\.string)))
        }
        add(LV2.index, String(index))
        add(LV2.symbol, Turtle.literal(port.symbol.string))
        add(LV2.name, Turtle.literal(port.name.string))
        add(RDFS.comment, Turtle.literal(port.comment.string))
        if let group = port.group { add(PG.group, "<\(plugin.uri)#\(group.symbol.string)>") }
        if let designation = port.designation { add(LV2.designation, turtle.term(designation.string)) }
        if !port.properties.isEmpty { add(LV2.portProperty, turtle.terms(port.properties.map(\.uri.string))) }
        let whole = port.isWholeNumber
        if let value = port.defaultValue { add(LV2.default, Turtle.number(value, whole: whole)) }
        if let range = port.range {
            add(LV2.minimum, Turtle.number(range.lowerBound, whole: whole))
            add(LV2.maximum, Turtle.number(range.upperBound, whole: whole))
        }
        switch port.unit {
        case let .custom(label, symbol, render)?:
            add(UNITS.unit, "[\n            a \(turtle.term(UNITS.unitClass)) ;\n"
                + "            \(turtle.term(RDFS.label)) \(Turtle.literal(label.string)) ;\n"
                + "            \(turtle.term(UNITS.symbol)) \(Turtle.literal(symbol.string)) ;\n"
                + "            \(turtle.term(UNITS.render)) \(Turtle.literal(render.string))\n        ]")
        case let unit?: add(UNITS.unit, turtle.term(unit.uri!.string))
        case nil: break
        }
        if !port.scalePoints.isEmpty {
            let points = port.scalePoints.map {
                "[ \(turtle.term(RDFS.label)) \(Turtle.literal($0.label.string)) ; \(turtle.term(RDF.value)) \(Turtle.number($0.value, whole: whole)) ]"
            }
            add(LV2.scalePoint, points.joined(separator: " ,\n            "))
        }
        return lines.joined(separator: " ;\n")
    }

    /// A parameter's description: `lv2:Parameter` with its label, comment, range and, for
    /// numbers, default, bounds and unit.
    private static func parameter(_ parameter: ParameterDeclaration, turtle: inout Turtle) -> String {
        var lines: [String] = []
        func add(_ predicate: String, _ object: String) { lines.append("    \(turtle.predicate(predicate)) \(object)") }
        add(RDF.type, turtle.term(LV2.parameter))
        add(RDFS.label, Turtle.literal(parameter.label.string))
        add(RDFS.comment, Turtle.literal(parameter.comment.string))
        add(RDFS.range, turtle.term(parameter.rangeURI.string))
        switch parameter.kind {
        case .path:
            // The default file is in the default state (`state:state`). LV2 has no property
            // for a file's types (MOD's `mod:fileTypes` names its own folder categories): the
            // glue checks them when a file is set.
            break
        case let .number(range, defaultValue, unit, isWhole):
            add(LV2.default, Turtle.number(defaultValue, whole: isWhole))
            add(LV2.minimum, Turtle.number(range.lowerBound, whole: isWhole))
            add(LV2.maximum, Turtle.number(range.upperBound, whole: isWhole))
            if let uri = unit?.uri { add(UNITS.unit, turtle.term(uri.string)) }
        case let .toggle(defaultValue):
            add(LV2.default, defaultValue ? "true" : "false")
        case let .text(defaultValue):
            add(LV2.default, Turtle.literal(defaultValue.string))
        }
        return "\n<\(parameter.uri.string)>\n" + lines.joined(separator: " ;\n") + " .\n"
    }

    /// A writable parameter's declared default as a property of the default state
    /// (`state:state`), typed as LV2Kit saves it; nil for a path parameter with no default
    /// file. A file is relative to the bundle, where hosts resolve it.
    private static func defaultState(of parameter: ParameterDeclaration, turtle: inout Turtle) -> String? {
        let value: String
        switch parameter.kind {
        case let .path(_, defaultFile?): value = "<\(defaultFile.string)>"
        case .path: return nil
        case let .number(_, defaultValue, _, isWhole):
            value = isWhole ? Turtle.number(defaultValue, whole: true) : Turtle.literal("\(defaultValue)") + "^^" + turtle.term(XSD.float)
        case let .toggle(defaultValue): value = defaultValue ? "true" : "false"
        case let .text(defaultValue): value = Turtle.literal(defaultValue.string)
        }
        return "<\(parameter.uri.string)> \(value)"
    }

    /// The factory presets, each a set of control values with a label and a comment.
    static func presets(_ plugin: PluginFacts) -> String {
        var turtle = Turtle()
        for preset in plugin.presets {
            turtle.append("\n<\(plugin.uri)#\(preset.fragment)>\n    a \(turtle.term(PSET.preset)) ;\n")
            turtle.append("    \(turtle.term(LV2.appliesTo)) <\(plugin.uri)> ;\n")
            turtle.append("    \(turtle.term(RDFS.label)) \(Turtle.literal(preset.label)) ;\n")
            turtle.append("    \(turtle.term(RDFS.comment)) \(Turtle.literal(preset.comment)) ;\n")
            let values = preset.values.map {
                "[ \(turtle.term(LV2.symbol)) \(Turtle.literal($0.symbol)) ; \(turtle.term(PSET.value)) \(Turtle.number($0.value, whole: false)) ]"
            }
            turtle.append("    \(turtle.term(LV2.port)) " + values.joined(separator: " ,\n        ") + " .\n")
        }
        return turtle.document(comment: generatedBy)
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}

// The vocabulary the files use.
private enum LV2 {
    static let ns = "http://lv2plug.in/ns/lv2core#"
    static let plugin = ns + "Plugin", binary = ns + "binary", appliesTo = ns + "appliesTo", project = ns + "project"
    static let minorVersion = ns + "minorVersion", microVersion = ns + "microVersion"
    static let requiredFeature = ns + "requiredFeature", optionalFeature = ns + "optionalFeature"
    static let extensionData = ns + "extensionData", port = ns + "port", index = ns + "index", symbol = ns + "symbol"
    static let name = ns + "name", designation = ns + "designation", portProperty = ns + "portProperty"
    static let `default` = ns + "default", minimum = ns + "minimum", maximum = ns + "maximum"
    static let scalePoint = ns + "scalePoint", inputPort = ns + "InputPort", outputPort = ns + "OutputPort"
    static let audioPort = ns + "AudioPort", controlPort = ns + "ControlPort", cvPort = ns + "CVPort"
    static let parameter = ns + "Parameter"
}

private enum PATCH {
    static let writable = "http://lv2plug.in/ns/ext/patch#writable", readable = "http://lv2plug.in/ns/ext/patch#readable"
}


private enum STATE {
    static let state = "http://lv2plug.in/ns/ext/state#state"
}

private enum XSD {
    static let float = "http://www.w3.org/2001/XMLSchema#float"
}

private enum RDF {
    static let type = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
    static let value = "http://www.w3.org/1999/02/22-rdf-syntax-ns#value"
}

private enum RDFS {
    static let ns = "http://www.w3.org/2000/01/rdf-schema#"
    static let seeAlso = ns + "seeAlso", label = ns + "label", comment = ns + "comment", range = ns + "range"
}

private enum DOAP {
    static let ns = "http://usefulinc.com/ns/doap#"
    static let project = ns + "Project", name = ns + "name", shortdesc = ns + "shortdesc", homepage = ns + "homepage"
    static let maintainer = ns + "maintainer", license = ns + "license"
}

private enum FOAF {
    static let ns = "http://xmlns.com/foaf/0.1/"
    static let person = ns + "Person", name = ns + "name", mbox = ns + "mbox", homepage = ns + "homepage"
}

private enum PSET {
    static let preset = "http://lv2plug.in/ns/ext/presets#Preset", value = "http://lv2plug.in/ns/ext/presets#value"
}

private enum PG {
    static let ns = "http://lv2plug.in/ns/ext/port-groups#"
    static let groupClass = ns + "Group", group = ns + "group", source = ns + "source", sideChainOf = ns + "sideChainOf", mainInput = ns + "mainInput", mainOutput = ns + "mainOutput"
}

private enum ATOM {
    static let ns = "http://lv2plug.in/ns/ext/atom#"
    static let atomPort = ns + "AtomPort", bufferType = ns + "bufferType", sequence = ns + "Sequence", supports = ns + "supports"
}

private enum OPTS {
    static let supportedOption = "http://lv2plug.in/ns/ext/options#supportedOption"
}

private enum UNITS {
    static let ns = "http://lv2plug.in/ns/extensions/units#"
    static let unit = ns + "unit", unitClass = ns + "Unit", symbol = ns + "symbol", render = ns + "render"
}
