import APIReference
import Foundation
import TestSupport
import XCTest

/// docs/reference/ is what the doc comments of the built modules give now, every public
/// symbol of the products for plugin authors has a doc comment, and every such product
/// has a page. The modules are the ones this test bundle was built with.
final class APIReferenceTests: XCTestCase {
    private static let folder = Repository.root.appendingPathComponent("docs/reference")

    /// Reads the modules of this test bundle's build.
    private static let extractor: SymbolGraphExtractor = {
        let program = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return SymbolGraphExtractor(modulesFolder: SymbolGraphExtractor.modulesFolder(besideProgram: program),
                                    repositoryRoot: Repository.root)
    }()

    /// Read once for the tests: under a second per module.
    private static let reference: Result<APIReference, Error> = Result { try APIReference(extractor: extractor) }

    func testCommittedPagesAreWhatTheDocCommentsGiveNow() throws {
        let files = try Self.reference.get().files
        let committed = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".md") }
        XCTAssertEqual(Set(committed), Set(files.keys), "docs/reference/ holds other pages than the reference's: run `make api-reference`.")
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let file = Self.folder.appendingPathComponent(name)
            let old = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            guard old != text else { continue }
            let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
            let newLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(oldLines, newLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(oldLines.count, newLines.count)
            let committedLine = first < oldLines.count ? String(oldLines[first]) : "(end of file)"
            let currentLine = first < newLines.count ? String(newLines[first]) : "(end of file)"
            XCTFail("""
                docs/reference/\(name) is not what the doc comments give now: run `make api-reference` and commit it.
                First difference, line \(first + 1): committed "\(committedLine)", now "\(currentLine)".
                """)
        }
    }

    func testEveryPublicSymbolHasADocComment() throws {
        let reference = try Self.reference.get()
        XCTAssertGreaterThan(reference.pages.map(\.symbolCount).reduce(0, +), 100, "the symbol graphs were not read")
        let undocumented = reference.undocumentedSymbols
        XCTAssertTrue(undocumented.isEmpty, """
            \(undocumented.count) public symbols have no doc comment (say what each is for, briefly):
            \(undocumented.joined(separator: "\n"))
            """)
    }

    /// The same symbols give the same page, in whatever order the graphs list them.
    func testPagesDoNotDependOnTheOrderOfTheGraphs() throws {
        for page in try Self.reference.get().pages {
            let reversed = try Self.extractor.graphs(of: page.module.name).reversed().map { graph in
                var graph = graph
                graph.symbols.reverse()
                graph.relationships.reverse()
                return graph
            }
            XCTAssertEqual(ReferencePage(module: page.module, graphs: reversed, onlyTypesNamedBy: page.onlyTypesNamedBy).markdown,
                           page.markdown, page.module.name)
        }
    }

    /// A library product other packages use has a page (the plugin binary `SwiftLV2Plugins` is not an API),
    /// and building the generator builds every module it documents.
    func testEveryLibraryProductHasAPage() throws {
        let package = try PackageManifest()
        let manifest = package.text
        let library = try NSRegularExpression(pattern: #"\.library\(name: "([A-Za-z0-9]+)"[^)]*targets: \[([^\]]*)\]"#)
        var targets: Set<String> = []
        for match in library.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            guard let name = Range(match.range(at: 1), in: manifest), manifest[name] != "SwiftLV2Plugins",
                  let list = Range(match.range(at: 2), in: manifest) else { continue }
            targets.formUnion(manifest[list].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) })
        }
        XCTAssertTrue(targets.contains("LV2Kit"), "the manifest's products were not read: \(targets.sorted())")
        let documented = Set(DocumentedModule.all.map(\.name))
        XCTAssertTrue(targets.isSubset(of: documented),
                      "\(targets.subtracting(documented).sorted()) are library products with no page: add them to DocumentedModule.all.")
        let built = Set(package.dependencies(of: "generate-api-reference"))
        XCTAssertTrue(documented.isSubset(of: built), """
            \(documented.subtracting(built).sorted()) are documented but not among generate-api-reference's dependencies \
            in Package.swift, so `make api-reference` would not build them.
            """)
    }
}
