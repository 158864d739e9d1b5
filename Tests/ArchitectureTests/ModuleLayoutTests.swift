import Foundation
import TestSupport
import XCTest

/// The layers (docs/architecture.md): each module imports only the layers below it, the
/// plugin side nothing of the host's, and the host's file module builds without the LV2 and
/// lilv headers.
final class ModuleLayoutTests: XCTestCase {
    private static let sources = Repository.root.appendingPathComponent("Sources")

    /// What each plugin-side module may import: no standard library beyond Swift's own
    /// (Embedded Swift has no Foundation or Glibc) and nothing of the host's.
    private static let pluginSideImports: [String: Set<String>] = {
        let math: Set<String> = ["CMath"]
        let framework = math.union(["CLV2", "RealTimeMath"])
        let plugin: Set<String> = ["LV2Kit", "SwiftLV2Engines", "SwiftLV2Version"]
        return [
            "RealTimeMath": math, "LV2Kit": framework, "DSPKit": ["RealTimeMath"], "AudioFileReading": ["CStdIO"],
            "SwiftLV2Engines": math.union(["CSampleRate", "RealTimeMath", "DSPKit"]),
            "SineSynth": plugin, "RateAdapter": plugin,
            "SwiftLV2Plugins": ["CLV2", "LV2Kit", "SineSynth", "RateAdapter"],
        ]
    }()

    /// What each host module may import, besides the Swift and C standard libraries.
    private static let allowedImports: [String: Set<String>] = {
        let files: Set<String> = ["CSndFile", "CSampleRate", "CRemovalOnSignal"]
        let host = files.union(["HostFiles", "CLV2", "CLilv", "CHostSupport"])
        let check = host.union(["LV2Host", "RTProbe"])
        let commandLine = check.union(["LV2Check", "ArgumentParser", "SwiftLV2Version"])
        // The C library for Python stands on the host, beside the validator.
        let library = host.union(["LV2Host"])
        return ["HostFiles": files, "LV2Host": host, "LV2Check": check, "lv2render": commandLine, "LV2HostC": library]
    }()
    private static let standardLibraries: Set<String> = ["Foundation", "Glibc", "Dispatch", "Synchronization"]

    func testEachHostModuleImportsOnlyTheLayersBelowIt() throws {
        for (module, allowed) in Self.allowedImports {
            try assertImports(of: module, within: allowed.union(Self.standardLibraries))
        }
    }

    func testEachPluginSideModuleImportsOnlyWhatItsRowAllows() throws {
        for (module, allowed) in Self.pluginSideImports {
            try assertImports(of: module, within: allowed)
        }
    }

    /// Package.swift gives the file module no way to the LV2 or lilv headers, directly or
    /// through another target, and the C modules it reaches include none of them.
    func testHostFilesBuildsWithoutLV2OrLilvHeaders() throws {
        let reached = try PackageManifest().reach(of: "HostFiles")
        XCTAssertTrue(reached.contains("CSndFile"), "the manifest was not read: \(reached.sorted())")
        XCTAssertTrue(reached.isDisjoint(with: ["CLV2", "CLilv", "CHostSupport", "LV2Kit", "LV2Host"]), "\(reached.sorted())")

        for target in reached where target.hasPrefix("C") {
            let folder = Self.sources.appendingPathComponent(target)
            let headers = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".h") || $0.hasSuffix(".modulemap") || $0.hasSuffix(".c") }
            for header in headers {
                let text = try String(contentsOf: folder.appendingPathComponent(header), encoding: .utf8)
                XCTAssertFalse(text.contains("lv2/") || text.contains("lilv"), "\(target)/\(header) names LV2 or lilv headers")
            }
        }
    }

    /// DSPKit is for any plugin, LV2 or not: nothing in Package.swift gives it a way to LV2's
    /// headers, LV2Kit or the plugins (its imports are checked with the plugin side's).
    func testDSPKitKnowsNothingOfLV2() throws {
        let reached = try PackageManifest().reach(of: "DSPKit")
        XCTAssertTrue(reached.contains("RealTimeMath"), "the manifest was not read: \(reached.sorted())")
        XCTAssertTrue(reached.isDisjoint(with: ["CLV2", "LV2Kit", "SwiftLV2Engines", "CSampleRate"]), "\(reached.sorted())")
    }

    private func assertImports(of module: String, within allowed: Set<String>) throws {
        let files = try swiftFiles(in: Self.sources.appendingPathComponent(module))
        XCTAssertFalse(files.isEmpty, module)
        for file in files {
            let forbidden = try importedModules(of: file).subtracting(allowed)
            XCTAssertTrue(forbidden.isEmpty, "\(module)/\(file.lastPathComponent) imports \(forbidden.sorted())")
        }
    }

    private func swiftFiles(in folder: URL) throws -> [URL] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
            .map { folder.appendingPathComponent($0) }
    }

    private func importedModules(of file: URL) throws -> Set<String> {
        let text = try String(contentsOf: file, encoding: .utf8)
        return Set(text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                  words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) })
            else { return nil }
            return String(words[index + 1])
        })
    }
}
