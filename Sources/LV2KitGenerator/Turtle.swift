/// A Turtle document under construction: URIs are shortened to the prefixes LV2 plugins
/// use, and only the prefixes a document uses are declared at its top.
struct Turtle {
    static let prefixes: [(prefix: String, namespace: String)] = [
        ("atom", "http://lv2plug.in/ns/ext/atom#"),
        ("bufsz", "http://lv2plug.in/ns/ext/buf-size#"),
        ("doap", "http://usefulinc.com/ns/doap#"),
        ("foaf", "http://xmlns.com/foaf/0.1/"),
        ("log", "http://lv2plug.in/ns/ext/log#"),
        ("lv2", "http://lv2plug.in/ns/lv2core#"),
        ("midi", "http://lv2plug.in/ns/ext/midi#"),
        ("opts", "http://lv2plug.in/ns/ext/options#"),
        ("patch", "http://lv2plug.in/ns/ext/patch#"),
        ("pg", "http://lv2plug.in/ns/ext/port-groups#"),
        ("pprop", "http://lv2plug.in/ns/ext/port-props#"),
        ("pset", "http://lv2plug.in/ns/ext/presets#"),
        ("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"),
        ("rdfs", "http://www.w3.org/2000/01/rdf-schema#"),
        ("state", "http://lv2plug.in/ns/ext/state#"),
        ("time", "http://lv2plug.in/ns/ext/time#"),
        ("units", "http://lv2plug.in/ns/extensions/units#"),
        ("urid", "http://lv2plug.in/ns/ext/urid#"),
        ("work", "http://lv2plug.in/ns/ext/worker#"),
        ("xsd", "http://www.w3.org/2001/XMLSchema#"),
    ]

    private var used: Set<String> = []
    private(set) var body = ""

    /// A URI as Turtle: `lv2:InstrumentPlugin` where a prefix covers it, `<…>` otherwise.
    mutating func term(_ uri: String) -> String {
        for (prefix, namespace) in Self.prefixes where uri.hasPrefix(namespace) {
            let local = uri.dropFirst(namespace.count)
            if !local.isEmpty, local.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                used.insert(prefix)
                return prefix + ":" + local
            }
        }
        return "<" + uri + ">"
    }

    /// A predicate: `a` for `rdf:type`, as Turtle writers do.
    mutating func predicate(_ uri: String) -> String {
        uri == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type" ? "a" : term(uri)
    }

    mutating func terms(_ uris: [String]) -> String { uris.map { term($0) }.joined(separator: " , ") }

    mutating func append(_ text: String) { body += text }

    /// The whole document: a comment line, the prefixes it uses, then its statements.
    func document(comment: String) -> String {
        let declarations = Self.prefixes.filter { used.contains($0.prefix) }
        let width = declarations.map(\.prefix.count).max() ?? 0
        let lines = declarations.map { "@prefix \($0.prefix):" + String(repeating: " ", count: width - $0.prefix.count + 1) + "<\($0.namespace)> ." }
        return "# " + comment + "\n\n" + lines.joined(separator: "\n") + "\n" + body
    }

    /// A string literal, escaped.
    static func literal(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"" + escaped + "\""
    }

    /// A number: whole for integer ports (`2`), decimal otherwise (`-12.0`, `0.8`).
    static func number(_ value: Float, whole: Bool) -> String {
        whole ? String(Int(value)) : "\(value)"
    }
}

extension StaticString {
    var string: String { description }
}
