/// `lv2:project`: the project a plugin belongs to, and who looks after it. The generator
/// describes it once in the bundle's `manifest.ttl` and links each plugin to it; lv2lint
/// reads the plugin's author from its maintainer.
public struct Project: Sendable {
    public var uri: StaticString
    public var name: StaticString
    public var shortDescription: StaticString
    public var maintainer: Person
    public var homepage: StaticString?

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
    public var uri: StaticString
    public var name: StaticString
    public var email: StaticString?
    public var homepage: StaticString?

    public init(uri: StaticString, name: StaticString, email: StaticString? = nil, homepage: StaticString? = nil) {
        self.uri = uri
        self.name = name
        self.email = email
        self.homepage = homepage
    }
}
