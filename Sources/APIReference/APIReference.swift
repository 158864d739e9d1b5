import Foundation

/// The reference of the products for plugin authors (docs/reference/): a page per module
/// and an index, written from the doc comments of the built modules.
public struct APIReference: Sendable {
    public let pages: [ReferencePage]

    /// Reads each module's public symbols from the build `extractor` reads; of a module met
    /// through others, only the types their pages name.
    public init(extractor: SymbolGraphExtractor, modules: [DocumentedModule] = DocumentedModule.all) throws {
        var pages: [ReferencePage] = []
        for module in modules {
            let graphs = try extractor.graphs(of: module.name)
            if module.metThrough.isEmpty {
                pages.append(ReferencePage(module: module, graphs: graphs))
            } else {
                let named = pages.filter { module.metThrough.contains($0.module.name) }.reduce(into: Set<String>()) { $0.formUnion($1.namedTypes) }
                pages.append(ReferencePage(module: module, graphs: graphs, onlyTypesNamedBy: named))
            }
        }
        self.pages = pages
    }

    /// Each file of docs/reference/ by name, with its contents.
    public var files: [String: String] {
        var files = ["README.md": index]
        for page in pages { files[page.fileName] = page.markdown }
        return files
    }

    /// Every public symbol without a doc comment, module by module.
    public var undocumentedSymbols: [String] { pages.flatMap(\.undocumentedSymbols) }

    /// Writes the files into `folder`, and removes the Markdown files there that are no
    /// longer part of the reference (a module dropped from the list).
    public func write(to folder: URL) throws {
        let files = files
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for old in try FileManager.default.contentsOfDirectory(atPath: folder.path) where old.hasSuffix(".md") && files[old] == nil {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(old))
            }
            for (name, text) in files {
                try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
        } catch {
            throw APIReferenceError("cannot write the reference into \(folder.path): \(error.localizedDescription)")
        }
    }

    private var index: String {
        var text = """
            # API reference

            The public API of the products for plugin authors, written by `make api-reference` from the
            doc comments (edit those, not these pages). APIReferenceTests checks that these pages are what
            the doc comments give now, and that every public symbol has one.

            The guides come first: [writing a plugin](../writing-a-plugin.md) and [LV2Kit](../lv2kit.md).


            """
        for page in pages {
            text += "- [\(page.module.name)](\(page.fileName)): \(page.module.summary)\n"
        }
        return text
    }
}
