import Foundation

/// Reads a built module's public symbols with `swift symbolgraph-extract` (part of every
/// Swift toolchain), from the `.swiftmodule` files of a build; about a second per module.
public struct SymbolGraphExtractor: Sendable {
    /// The build's `Modules` folder (`.build/debug/Modules`).
    public var modulesFolder: URL
    /// The repository, whose `Sources` hold the C modules' module maps.
    public var repositoryRoot: URL

    public init(modulesFolder: URL, repositoryRoot: URL) {
        self.modulesFolder = modulesFolder
        self.repositoryRoot = repositoryRoot
    }

    /// The `Modules` folder beside a program of the build (the test bundle, the generator).
    public static func modulesFolder(besideProgram program: URL) -> URL {
        program.deletingLastPathComponent().appendingPathComponent("Modules")
    }

    /// The graphs of `module`: its own symbols, and one graph per module whose types it extends.
    /// Public symbols only; `@_spi` ones (the generated code's) and the standard library's
    /// synthesized members are left out.
    public func graphs(of module: String) throws -> [SymbolGraph] {
        guard FileManager.default.fileExists(atPath: modulesFolder.appendingPathComponent("\(module).swiftmodule").path) else {
            throw APIReferenceError("""
                \(module).swiftmodule is not in \(modulesFolder.path): build \(module) first (generate-api-reference \
                depends on the modules it documents, so `make api-reference` builds them).
                """)
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("symbol-graphs-\(module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }

        let swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"
        let arguments = [swift, "symbolgraph-extract", "-module-name", module, "-target", Self.target,
                         "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path]
            + (try searchPaths())
        let errors = try run(arguments)
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".symbols.json") }.sorted()
        guard !files.isEmpty else {
            throw APIReferenceError("swift symbolgraph-extract wrote no symbol graph for \(module): \(errors)")
        }
        return try files.map { try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: output.appendingPathComponent($0))) }
    }

    #if arch(arm64)
    private static let target = "aarch64-unknown-linux-gnu"
    #else
    private static let target = "x86_64-unknown-linux-gnu"
    #endif

    /// Where the compiler finds what the module imports: the build's modules, the system
    /// libraries' module maps (Sources/CLV2, …), the C targets' headers and the module maps
    /// SwiftPM wrote for them.
    private func searchPaths() throws -> [String] {
        let files = FileManager.default
        var paths = ["-I", modulesFolder.path]
        let sources = repositoryRoot.appendingPathComponent("Sources")
        for target in try files.contentsOfDirectory(atPath: sources.path).sorted() {
            let folder = sources.appendingPathComponent(target)
            if files.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                paths += ["-I", folder.path]
            }
            if files.fileExists(atPath: folder.appendingPathComponent("include").path) {
                paths += ["-Xcc", "-I", "-Xcc", folder.appendingPathComponent("include").path]
            }
        }
        let build = modulesFolder.deletingLastPathComponent()
        for folder in try files.contentsOfDirectory(atPath: build.path).sorted() where folder.hasSuffix(".build") {
            let moduleMap = build.appendingPathComponent(folder).appendingPathComponent("module.modulemap")
            if files.fileExists(atPath: moduleMap.path) {
                paths += ["-Xcc", "-fmodule-map-file=\(moduleMap.path)"]
            }
        }
        return paths
    }

    /// Runs the command; returns what it printed on standard error, or throws it when it fails.
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("symbolgraph-extract-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? errorHandle.close() }
        process.standardError = errorHandle
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let errors = String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw APIReferenceError("\(arguments.prefix(4).joined(separator: " ")) failed: \(errors)")
        }
        return errors
    }
}
