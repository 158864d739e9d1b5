import Foundation
import TestSupport
import XCTest

/// A public type's name says which module it is from: no two of our modules declare one of
/// the same name (LV2Kit's `ParameterValue` and LV2Host's were once both public), and no
/// module that imports Foundation declares one of Foundation's names (the generator's
/// `Bundle` did), so that a reader never has to ask which one a file means.
final class PublicNameTests: XCTestCase {
    /// Foundation's types whose names a module of ours could plausibly want.
    static let foundationNames: Set = [
        "Bundle", "Calendar", "Data", "Date", "Decimal", "Expression", "FileManager", "Host", "Locale",
        "Measurement", "Notification", "Operation", "Pipe", "Port", "Predicate", "Process", "Progress",
        "Scanner", "Stream", "Thread", "Timer", "Unit", "URL", "UUID",
    ]

    func testNoPublicTypeNameIsDeclaredInTwoModules() throws {
        var modulesByName: [String: Set<String>] = [:]
        for module in try Self.modules() {
            for name in try Self.publicTypeNames(in: module) { modulesByName[name, default: []].insert(module.lastPathComponent) }
        }
        XCTAssertEqual(modulesByName["LiveChain"], ["LV2Host"], "the scan finds the public types")
        let clashes = modulesByName.filter { $0.value.count > 1 }.map { "\($0.key) in \($0.value.sorted().joined(separator: " and "))" }
        XCTAssertEqual(clashes.sorted(), [])
    }

    func testNoModuleThatImportsFoundationReusesOneOfItsTypeNames() throws {
        var clashes: [String] = []
        for module in try Self.modules() where try Self.swiftFiles(in: module).contains(where: { try Self.importsFoundation($0) }) {
            clashes += try Self.publicTypeNames(in: module).intersection(Self.foundationNames).map { "\(module.lastPathComponent).\($0)" }
        }
        XCTAssertEqual(clashes.sorted(), [])
    }

    // MARK: - Reading the sources

    private static let sources = Repository.root.appendingPathComponent("Sources")

    private static func modules() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil).filter { folder in
            (try? swiftFiles(in: folder).isEmpty) == false
        }
    }

    private static func swiftFiles(in folder: URL) throws -> [URL] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    /// The public types a module declares at the top level of its files.
    private static func publicTypeNames(in module: URL) throws -> Set<String> {
        let declaration = try NSRegularExpression(
            pattern: #"^(?:@\w+ )*public (?:final )?(?:struct|class|enum|protocol|typealias|actor) (\w+)"#, options: .anchorsMatchLines)
        var names: Set<String> = []
        for file in try swiftFiles(in: module) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return names
    }

    private static func importsFoundation(_ file: URL) throws -> Bool {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").contains { $0 == "import Foundation" }
    }
}
