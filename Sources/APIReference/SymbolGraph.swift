/// What `swift symbolgraph-extract` writes for a module: its public symbols with their
/// declarations and doc comments, and how they relate (members, conformances). Only the
/// fields the reference uses are read.
public struct SymbolGraph: Decodable, Sendable {
    public var symbols: [Symbol]
    public var relationships: [Relationship]

    /// A type, member, function or variable, as the graph describes it.
    public struct Symbol: Decodable, Sendable {
        public var kind: Kind
        public var identifier: Identifier
        /// The names from the module down to the symbol: `["PluginDeclaration", "uri"]`.
        public var pathComponents: [String]
        public var declarationFragments: [Fragment]?
        public var docComment: DocComment?
        public var location: Location?
        /// True for an `@_spi` symbol (the generated code's, not authors'), which
        /// `symbolgraph-extract` writes only when asked to.
        public var spi: Bool?

        /// `swift.struct`, `swift.method`, …
        public struct Kind: Decodable, Sendable {
            public var identifier: String
        }

        /// The symbol's mangled name, unique in the graph.
        public struct Identifier: Decodable, Sendable {
            public var precise: String
        }

        /// A piece of the declaration as written (`var`, ` `, `uri`, `: `, `StaticString`); a
        /// type's name carries the type's identifier.
        public struct Fragment: Decodable, Sendable {
            public var spelling: String
            public var preciseIdentifier: String?
        }

        /// The doc comment's lines, without their `///`.
        public struct DocComment: Decodable, Sendable {
            public var lines: [Line]

            public struct Line: Decodable, Sendable {
                public var text: String
            }
        }

        /// Where the symbol is declared: a `file://` URI, and a line and column counted from 0.
        public struct Location: Decodable, Sendable {
            public var uri: String
            public var position: Position

            public struct Position: Decodable, Sendable {
                public var line: Int
                public var character: Int
            }
        }
    }

    /// `memberOf`, `conformsTo`, … from `source` to `target`; `targetFallback` names a
    /// target outside the graph (`Swift.Sendable`).
    public struct Relationship: Decodable, Sendable {
        public var kind: String
        public var source: String
        public var target: String
        public var targetFallback: String?
    }
}
