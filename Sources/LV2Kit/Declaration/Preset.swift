/// A factory preset: control values under a name, which hosts list in their preset menus.
public struct Preset<Port: PortList>: Sendable {
    /// The preset's URI is the plugin's followed by `#fragment`.
    public var fragment: StaticString
    /// `rdfs:label`: the name in a host's preset menu.
    public var label: StaticString
    /// `rdfs:comment`: what the preset sounds like.
    public var comment: StaticString
    /// The controls it sets, in the order the Turtle lists them; the others keep their value.
    public var values: [(port: Port, value: Float)]

    /// A preset named `fragment` in its URI and `label` in menus, setting `values`.
    public init(_ fragment: StaticString, label: StaticString, comment: StaticString,
                values: [(port: Port, value: Float)]) {
        self.fragment = fragment
        self.label = label
        self.comment = comment
        self.values = values
    }
}
