import LV2Kit

/// What a bundle holds, for the generator: the binary's name, the project its plugins
/// belong to, and the plugins, each added by its type.
///
///     var bundle = BundleContents(binary: "tremolo.so")
///     bundle.add(Tremolo.self)
///     BundleGenerator(bundle).main()
public struct BundleContents {
    /// The plugin binary's file name in the bundle (`tremolo.so`), as `lv2:binary` names it.
    public var binary: String
    /// The project, when the plugins' declarations do not name it (`PluginDeclaration.project`).
    public var declaredProject: Project?
    var plugins: [PluginFacts] = []

    /// An empty bundle; `add` puts the plugins in. Without a `project`, the plugins' declarations name it.
    public init(binary: String, project: Project? = nil) {
        self.binary = binary
        declaredProject = project
    }

    /// The bundle's project: the one given here, else the one its plugins declare
    /// (`DeclarationCheck` makes sure there is one, and only one).
    var project: Project? {
        declaredProject ?? plugins.lazy.compactMap(\.declaration.project).first
    }

    /// Adds a plugin; the order of the calls is the order of `lv2_descriptor`'s indices.
    public mutating func add<Plugin: LV2Plugin & ~Copyable>(_ type: Plugin.Type) {
        plugins.append(PluginFacts(type))
    }
}

/// One plugin's declaration, ports and presets, read through its type.
struct PluginFacts {
    let declaration: PluginDeclaration
    let ports: [PortDeclaration]
    let parameters: [ParameterDeclaration]
    /// The declared features and interfaces, with those its parameters need.
    let requiredFeatures: [Feature]
    let extensionData: [ExtensionData]
    let presets: [(fragment: String, label: String, comment: String, values: [(symbol: String, value: Float, whole: Bool)])]
    /// The Swift type and the module that defines it, for the generated glue.
    let typeName: String
    let moduleName: String
    /// Turtle of the author's, appended to the plugin's file.
    let extraTurtle: String

    init<Plugin: LV2Plugin & ~Copyable>(_ type: Plugin.Type) {
        declaration = Plugin.declaration
        extraTurtle = declaration.extraTurtle.string
        ports = Plugin.Port.allCases.map(\.declaration)
        parameters = Plugin.parameterDeclarations
        requiredFeatures = Plugin.allRequiredFeatures
        extensionData = Plugin.allExtensionData
        presets = Plugin.presets.map { preset in
            (preset.fragment.string, preset.label.string, preset.comment.string,
             preset.values.map { ($0.port.declaration.symbol.string, $0.value, $0.port.declaration.isWholeNumber) })
        }
        let qualified = String(reflecting: type)
        moduleName = String(qualified.prefix { $0 != "." })
        typeName = String(qualified.dropFirst(moduleName.count + 1))
    }

    var uri: String { declaration.uri.string }

    /// The port groups its ports and main input and output name, each once.
    var portGroups: [PortGroup] {
        var groups: [PortGroup] = []
        for group in [declaration.mainInput, declaration.mainOutput] + ports.map(\.group) {
            if let group, !groups.contains(where: { $0.symbol.string == group.symbol.string }) { groups.append(group) }
        }
        return groups
    }

    /// A name for the generated descriptor variables: `sineSynth` for `SineSynth`.
    var variableName: String {
        let name = typeName.filter { $0 != "." }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// The last segment of the URI: the name of the plugin's Turtle files.
    var fileStem: String {
        String(uri.reversed().prefix { !":/#".contains($0) }.reversed())
    }

    var hasEventPorts: Bool {
        ports.contains { if case .events = $0.kind { true } else { false } }
    }
}
