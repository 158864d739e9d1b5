import Foundation

/// One module's page of the reference, in Markdown (readable on GitHub and in a checkout):
/// its types in alphabetical order, each with its declaration, doc comment and members in
/// source order. The same graphs always give the same page. It also names the public
/// symbols that have no doc comment.
public struct ReferencePage: Sendable {
    public let module: DocumentedModule
    private let symbols: [String: SymbolGraph.Symbol]
    private let relationships: [SymbolGraph.Relationship]

    /// The identifiers of the types other pages name, whose types alone this page holds; nil: all.
    public let onlyTypesNamedBy: Set<String>?

    /// - Parameter onlyTypesNamedBy: When given, the page holds only the module's types with
    ///   these identifiers and those their declarations name in turn (each with its members).
    public init(module: DocumentedModule, graphs: [SymbolGraph], onlyTypesNamedBy named: Set<String>? = nil) {
        self.module = module
        onlyTypesNamedBy = named
        var symbols: [String: SymbolGraph.Symbol] = [:]
        for graph in graphs {
            for symbol in graph.symbols where symbol.spi != true { symbols[symbol.identifier.precise] = symbol }
        }
        if let named {
            // The top-level types named, and those their members name, until none is added.
            var kept: Set<String> = [], names = named
            while true {
                let reached = kept.union(names.compactMap { symbols[$0]?.pathComponents.first })
                guard reached != kept else { break }
                kept = reached
                names = Set(symbols.values.filter { kept.contains($0.pathComponents.first ?? "") }
                    .flatMap { ($0.declarationFragments ?? []).compactMap(\.preciseIdentifier) })
            }
            symbols = symbols.filter { kept.contains($0.value.pathComponents.first ?? "") }
        }
        self.symbols = symbols
        relationships = graphs.flatMap(\.relationships)
    }

    /// The identifiers of the types this page's declarations name (of any module).
    public var namedTypes: Set<String> {
        Set(symbols.values.flatMap { ($0.declarationFragments ?? []).compactMap(\.preciseIdentifier) })
    }

    /// The page's file name in docs/reference/.
    public var fileName: String { "\(module.name).md" }

    /// Each public symbol without a doc comment that says what it is (parameter callouts
    /// alone do not), as `Module: Type.member (Sources/…:line)`. A protocol's default
    /// implementation is documented by its requirement.
    public var undocumentedSymbols: [String] {
        symbols.values.filter { symbol in
            let summary = summary(of: documentation(of: symbol))
            return summary.isEmpty || summary.hasPrefix("- ")
        }
            .sorted(by: Self.sourceOrder)
            .map { "\(module.name): \($0.pathComponents.joined(separator: ".")) (\(Self.place(of: $0)))" }
    }

    /// How many public symbols the module has.
    public var symbolCount: Int { symbols.count }

    public var markdown: String {
        var page = "# \(module.name)\n\n\(module.summary)\n\n"
        page += "<!-- Written by `make api-reference` from the doc comments: edit those, not this page. -->\n\n"
        page += "## Contents\n\n"
        let types = sections
        for group in Self.typeGroups {
            let members = types.filter { group.kinds.contains($0.kind) }
            guard !members.isEmpty else { continue }
            page += "**\(group.title)**\n\n"
            for section in members {
                page += "- [\(section.title)](#\(Self.anchor(section.title)))\(section.summary.isEmpty ? "" : ": \(section.summary)")\n"
            }
            page += "\n"
        }
        page += types.map(render).joined(separator: "\n")
        return page
    }

    // MARK: Sections

    /// A type (or the module's top-level functions, or an extension of another module's type)
    /// and the symbols under it.
    private struct Section {
        var title: String
        var kind: String
        var type: SymbolGraph.Symbol?
        var members: [SymbolGraph.Symbol]
        var summary: String
    }

    private static let typeKinds: Set<String> = [
        "swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor",
    ]
    private static let typeGroups: [(title: String, kinds: Set<String>)] = [
        ("Protocols", ["swift.protocol"]),
        ("Structures", ["swift.struct"]),
        ("Classes", ["swift.class", "swift.actor"]),
        ("Enumerations", ["swift.enum"]),
        ("Type aliases", ["swift.typealias"]),
        ("Functions and variables", ["global"]),
        ("Extensions of other modules' types", ["extension"]),
    ]

    private var sections: [Section] {
        let types = symbols.values.filter { Self.typeKinds.contains($0.kind.identifier) }
        let typePaths = Set(types.map(\.pathComponents))
        var byParent: [[String]: [SymbolGraph.Symbol]] = [:]
        for symbol in symbols.values {
            byParent[Array(symbol.pathComponents.dropLast()), default: []].append(symbol)
        }
        var sections = types.map { type in
            Section(title: type.pathComponents.joined(separator: "."), kind: type.kind.identifier, type: type,
                    members: byParent[type.pathComponents] ?? [], summary: summary(of: documentation(of: type)))
        }
        for (parent, members) in byParent where !typePaths.contains(parent) {
            if parent.isEmpty {
                let globals = members.filter { !Self.typeKinds.contains($0.kind.identifier) }
                if !globals.isEmpty {
                    sections.append(Section(title: "Functions and variables", kind: "global", type: nil, members: globals, summary: ""))
                }
            } else {
                sections.append(Section(title: "\(parent.joined(separator: ".")) (extension)", kind: "extension", type: nil,
                                        members: members, summary: ""))
            }
        }
        return sections.sorted { $0.title < $1.title }
    }

    /// The section's blocks (heading, declaration, paragraphs, lists), a blank line apart.
    private func render(_ section: Section) -> String {
        var blocks = ["## \(section.title)"]
        if let type = section.type {
            blocks.append("```swift\n\(declaration(of: type))\n```")
            let conformances = names(related: "conformsTo", from: type.identifier.precise)
            if !conformances.isEmpty {
                blocks.append("Conforms to \(conformances.map { "`\($0)`" }.joined(separator: ", ")).")
            }
            if type.kind.identifier == "swift.protocol" {
                let adopting = relationships.filter { $0.kind == "conformsTo" && $0.target == type.identifier.precise }
                    .compactMap { symbols[$0.source]?.pathComponents.joined(separator: ".") }
                let adopters = Set(adopting).sorted()
                if !adopters.isEmpty {
                    blocks.append("Adopted here by \(adopters.map { "[\($0)](#\(Self.anchor($0)))" }.joined(separator: ", ")).")
                }
            }
            let documentation = documentation(of: type)
            if !documentation.isEmpty { blocks.append(documentation) }
            blocks.append("*Declared in [\(Self.file(of: type))](../../\(Self.file(of: type))).*")
        }
        // A default implementation of a requirement listed here is said on the requirement.
        let listed = Set(section.members.map(\.identifier.precise))
        let members = section.members.filter { defaultImplemented(by: $0).map { !listed.contains($0) } ?? true }
            .sorted(by: Self.sourceOrder)
        for group in Self.memberGroups {
            let grouped = members.filter { group.kinds.contains($0.kind.identifier) }
            guard !grouped.isEmpty else { continue }
            blocks.append("**\(group.title)**")
            blocks.append(declaredTogether(grouped).map(render(members:)).joined(separator: "\n\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static let memberGroups: [(title: String, kinds: Set<String>)] = [
        ("Cases", ["swift.enum.case"]),
        ("Nested types", typeKinds),
        ("Associated types", ["swift.associatedtype"]),
        ("Initializers", ["swift.init"]),
        ("Properties", ["swift.property", "swift.var"]),
        ("Methods", ["swift.method", "swift.func"]),
        ("Subscripts", ["swift.subscript"]),
        ("Type properties", ["swift.type.property"]),
        ("Type methods", ["swift.type.method"]),
        ("Type subscripts", ["swift.type.subscript"]),
        ("Operators", ["swift.func.op"]),
    ]

    /// Runs of members with one comment (`case a, b, c`, `let x, y`, overloads for `Float`
    /// and `Double`), so that the comment is shown once.
    private func declaredTogether(_ members: [SymbolGraph.Symbol]) -> [[SymbolGraph.Symbol]] {
        var runs: [[SymbolGraph.Symbol]] = []
        for member in members {
            if let last = runs.last?.last, !documentation(of: member).isEmpty,
               documentation(of: last) == documentation(of: member) {
                runs[runs.count - 1].append(member)
            } else {
                runs.append([member])
            }
        }
        return runs
    }

    /// A list item: the declarations, what they are to their protocol, then the comment.
    private func render(members: [SymbolGraph.Symbol]) -> String {
        let member = members[0]
        let id = member.identifier.precise
        var text = "- " + members.map { Self.code(declaration(of: $0)) }.joined(separator: ", ")
        if Self.typeKinds.contains(member.kind.identifier) {
            let path = member.pathComponents.joined(separator: ".")
            text += " ([\(path)](#\(Self.anchor(path))))"
        }
        if defaultImplemented(by: member) != nil {
            text += " (default implementation)"
        } else if relationships.contains(where: { $0.kind == "requirementOf" && $0.source == id }) {
            let hasDefault = relationships.contains { $0.kind == "defaultImplementationOf" && $0.target == id }
            text += hasDefault ? " (requirement, with a default)" : " (requirement)"
        }
        let documentation = documentation(of: member)
        if !documentation.isEmpty && !Self.typeKinds.contains(member.kind.identifier) {
            // A blank line, then the comment indented under the item: its paragraphs and
            // indented code stay inside the list item.
            text += "\n\n" + documentation.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "  \($0)" }.joined(separator: "\n")
        }
        return text
    }

    /// The requirement `symbol` is a default implementation of, if it is one.
    private func defaultImplemented(by symbol: SymbolGraph.Symbol) -> String? {
        relationships.first { $0.kind == "defaultImplementationOf" && $0.source == symbol.identifier.precise }?.target
    }

    // MARK: Symbols' text

    /// The doc comment, or for a default implementation without one, its requirement's.
    private func documentation(of symbol: SymbolGraph.Symbol) -> String {
        let own = Self.text(of: symbol.docComment)
        guard own.isEmpty else { return own }
        guard let requirement = defaultImplemented(by: symbol).flatMap({ symbols[$0] }) else { return "" }
        return Self.text(of: requirement.docComment)
    }

    private static func text(of comment: SymbolGraph.Symbol.DocComment?) -> String {
        var lines = (comment?.lines ?? []).map { line -> String in
            var text = line.text
            while text.last == " " { text.removeLast() }
            return text
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// The first paragraph on one line.
    private func summary(of documentation: String) -> String {
        documentation.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
    }

    private func declaration(of symbol: SymbolGraph.Symbol) -> String {
        (symbol.declarationFragments ?? []).map(\.spelling).joined()
    }

    /// The names of what `source` relates to by `kind`, without the implicit protocols every type has.
    private func names(related kind: String, from source: String) -> [String] {
        let implicit: Set<String> = ["Copyable", "Escapable", "SendableMetatype"]
        let names = relationships.filter { $0.kind == kind && $0.source == source }.map { relationship -> String in
            if let target = symbols[relationship.target] { return target.pathComponents.joined(separator: ".") }
            let name = relationship.targetFallback ?? relationship.target
            return name.hasPrefix("Swift.") ? String(name.dropFirst("Swift.".count)) : name
        }
        return Set(names).subtracting(implicit).sorted()
    }

    /// The declaring file relative to the repository (`Sources/LV2Kit/URIs.swift`).
    private static func file(of symbol: SymbolGraph.Symbol) -> String {
        guard let uri = symbol.location?.uri else { return "" }
        guard let sources = uri.range(of: "/Sources/", options: .backwards) else { return uri }
        return String(uri[uri.index(after: sources.lowerBound)...])
    }

    private static func place(of symbol: SymbolGraph.Symbol) -> String {
        "\(file(of: symbol)):\((symbol.location?.position.line ?? -1) + 1)"
    }

    private static func sourceOrder(_ a: SymbolGraph.Symbol, _ b: SymbolGraph.Symbol) -> Bool {
        let left = (file(of: a), a.location?.position.line ?? 0, a.location?.position.character ?? 0, a.identifier.precise)
        let right = (file(of: b), b.location?.position.line ?? 0, b.location?.position.character ?? 0, b.identifier.precise)
        return left < right
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }

    /// A code span that holds any declaration, backticks included.
    private static func code(_ text: String) -> String {
        text.contains("`") ? "`` \(text) ``" : "`\(text)`"
    }
}
