import APIReference
import Foundation

// Writes docs/reference/ from the doc comments of the modules this program was built
// with (`make api-reference`, run from the repository): generate-api-reference FOLDER
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let folder = arguments.first else {
    FileHandle.standardError.write(Data("usage: generate-api-reference OUTPUT-FOLDER (run from the repository, as `make api-reference` does)\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
do {
    guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources").path) else {
        throw APIReferenceError("\(root.path) has no Sources folder: run generate-api-reference from the repository.")
    }
    let program = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    let extractor = SymbolGraphExtractor(modulesFolder: SymbolGraphExtractor.modulesFolder(besideProgram: program), repositoryRoot: root)
    let reference = try APIReference(extractor: extractor)
    try reference.write(to: URL(fileURLWithPath: folder, relativeTo: root))
    let undocumented = reference.undocumentedSymbols
    print("Wrote \(folder): \(reference.pages.map { "\($0.module.name) (\($0.symbolCount) public symbols)" }.joined(separator: ", ")).")
    if !undocumented.isEmpty {
        print("\(undocumented.count) public symbols have no doc comment (APIReferenceTests fails on them):")
        for symbol in undocumented { print("  \(symbol)") }
    }
} catch {
    FileHandle.standardError.write(Data("generate-api-reference: \(error)\n".utf8))
    exit(1)
}
