import LV2Kit

/// What a bundle holds, for the generator: the binary's name, the project its plugins
/// belong to, and the plugins, each added by its type.
///
///     var bundle = Bundle(binary: "tremolo.so", project: Project(…))
///     bundle.add(Tremolo.self)
///     BundleGenerator(bundle).main()
public struct Bundle {
    /// The plugin binary's file name in the bundle (`tremolo.so`), as `lv2:binary` names it.
    public var binary: String
    /// The project every plugin of the bundle belongs to.
    public var project: Project
    var plugins: [PluginFacts] = []

    /// An empty bundle; `add` puts the plugins in.
    public init(binary: String, project: Project) {
        self.binary = binary
        self.project = project
    }

    /// Adds a plugin; the order of the calls is the order of `lv2_descriptor`'s indices.
    ///
    /// `extraTurtle` is appended to the plugin's `NAME.ttl` as it is, for what declarations
    /// do not say (a UI, a vocabulary of your own); it may declare its own `@prefix`es.
    public mutating func add<Plugin: LV2Plugin & ~Copyable>(_ type: Plugin.Type, extraTurtle: String = "") {
        plugins.append(PluginFacts(type, extraTurtle: extraTurtle))
    }
}

/// `lv2:project`: the project a bundle's plugins belong to, and who looks after it.
public struct Project {
    /// The project's URI, which each plugin's `lv2:project` names.
    public var uri: String
    /// `doap:name`: the project's name.
    public var name: String
    /// `doap:shortdesc`: a few words.
    public var shortDescription: String
    /// `doap:maintainer`: who to contact about the plugins.
    public var maintainer: Person
    /// `doap:homepage`, when it has one.
    public var homepage: String?

    /// A project; its home page is optional.
    public init(uri: String, name: String, shortDescription: String, maintainer: Person, homepage: String? = nil) {
        self.uri = uri
        self.name = name
        self.shortDescription = shortDescription
        self.maintainer = maintainer
        self.homepage = homepage
    }
}

/// `doap:maintainer`: a person or a team.
public struct Person {
    /// The person's URI (a home page, or `mailto:` address).
    public var uri: String
    /// `foaf:name`.
    public var name: String
    /// `foaf:mbox`, without `mailto:`.
    public var email: String?
    /// `foaf:homepage`.
    public var homepage: String?

    /// A person; mail and home page are optional.
    public init(uri: String, name: String, email: String? = nil, homepage: String? = nil) {
        self.uri = uri
        self.name = name
        self.email = email
        self.homepage = homepage
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

    init<Plugin: LV2Plugin & ~Copyable>(_ type: Plugin.Type, extraTurtle: String = "") {
        self.extraTurtle = extraTurtle
        declaration = Plugin.declaration
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
