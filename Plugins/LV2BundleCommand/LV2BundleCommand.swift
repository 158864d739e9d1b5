import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory lv2-bundle [--clean] [--platform aarch64] [--keep-symbols]`:
/// builds each library product of a plugin package into the LV2 bundle `PRODUCT.lv2`.
///
/// Only what SwiftPM knows is gathered here (the products, their targets' folders, where
/// SwiftLV2 is); LV2BundleTool does the work, so that it can be run and tested alone.
@main
struct LV2BundleCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package
        guard let swiftLV2 = package.dependencies.map(\.package).first(where: { dependency in
            dependency.products.contains { $0.name == "LV2Kit" }
        }) else {
            Diagnostics.error("\(package.displayName) does not depend on SwiftLV2: add it to Package.swift's dependencies.")
            exit(1)
        }
        var facts = [
            "--package", package.directoryURL.path, "--work", context.pluginWorkDirectoryURL.path,
            "--swiftlv2", swiftLV2.directoryURL.path, "--swiftlv2-identity", swiftLV2.id,
        ]
        for product in package.products(ofType: LibraryProduct.self) {
            let modules = product.targets.compactMap { $0 as? SwiftSourceModuleTarget }
            facts += ["--bundle", product.name] + modules.flatMap { ["--module", $0.moduleName, $0.directoryURL.path] }
        }
        let tool = Process()
        tool.executableURL = try context.tool(named: "LV2BundleTool").url
        tool.arguments = facts + ["--"] + arguments
        // The tool's standard error holds only its one sentence when it fails (the builds' output
        // goes to its standard output); SwiftPM shows it as the command's error.
        let failure = Pipe()
        tool.standardError = failure
        try tool.run()
        let sentence = String(decoding: failure.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        tool.waitUntilExit()
        if tool.terminationStatus != 0 {
            Diagnostics.error(sentence.trimmingCharacters(in: .whitespacesAndNewlines))
        } else if !sentence.isEmpty {
            FileHandle.standardError.write(Data(sentence.utf8))
        }
    }
}
