/// `lv2:project`: the project a plugin belongs to, and who looks after it. The generator
/// describes it once in the bundle's `manifest.ttl` and links each plugin to it; lv2lint
/// reads the plugin's author from its maintainer.
public struct Project: Sendable {
    /// The project's URI, which each plugin's `lv2:project` names.
    public var uri: StaticString
    /// `doap:name`: the project's name.
    public var name: StaticString
    /// `doap:shortdesc`: a few words.
    public var shortDescription: StaticString
    /// `doap:maintainer`: who to contact about the plugins.
    public var maintainer: Person
    /// `doap:homepage`, when it has one.
    public var homepage: StaticString?

    /// A project; its home page is optional.
    public init(uri: StaticString, name: StaticString, shortDescription: StaticString, maintainer: Person,
                homepage: StaticString? = nil) {
        self.uri = uri
        self.name = name
        self.shortDescription = shortDescription
        self.maintainer = maintainer
        self.homepage = homepage
    }
}

/// `doap:maintainer`: a person or a team. lv2lint warns when neither an e-mail address nor a
/// homepage says how to reach them.
public struct Person: Sendable {
    /// The person's URI (a home page, or `mailto:` address).
    public var uri: StaticString
    /// `foaf:name`.
    public var name: StaticString
    /// `foaf:mbox`, without `mailto:`.
    public var email: StaticString?
    /// `foaf:homepage`.
    public var homepage: StaticString?

    /// A person; mail and home page are optional.
    public init(uri: StaticString, name: StaticString, email: StaticString? = nil, homepage: StaticString? = nil) {
        self.uri = uri
        self.name = name
        self.email = email
        self.homepage = homepage
    }
}
