import Foundation

/// The package lv2-bundle writes in its work folder, out of the author's sight, for one bundle:
/// a generator that runs on the build machine and writes the Turtle and the entry point, and the
/// shared object itself, which links the author's modules as Embedded Swift with the linker
/// settings every plugin needs (one exports map, SwiftLV2's).
struct GeneratedPackage {
    let request: BundleRequest
    let bundle: BundleRequest.BundleProduct
    /// Each module's plugin types, in the order of `lv2_descriptor`'s indices.
    let plugins: [(module: String, type: String)]

    static let generator = "LV2BundleGenerator", entry = "LV2BundleEntry", binaryProduct = "LV2BundleBinary"

    var folder: URL { request.work.appendingPathComponent(bundle.name + "/package") }
    var entryPoint: URL { folder.appendingPathComponent("Sources/\(Self.entry)/Bundle.swift") }

    /// Writes the package (only the files whose text changed, so that builds redo nothing).
    func write() throws {
        try write(manifest, to: folder.appendingPathComponent("Package.swift"))
        try write(generatorMain, to: folder.appendingPathComponent("Sources/\(Self.generator)/main.swift"))
        // SwiftPM wants every target to have a source before the generator has written the real one.
        if !FileManager.default.fileExists(atPath: entryPoint.path) { try write("", to: entryPoint) }
    }

    private var manifest: String {
        let author = request.package.lastPathComponent
        let products = ".product(name: \(literal(bundle.name)), package: \(literal(author)))"
        let exportsMap = request.swiftLV2.appendingPathComponent("Sources/SwiftLV2Plugins/exports.map").path
        return """
            // swift-tools-version: 6.1
            // Written by lv2-bundle for the bundle \(bundle.name).lv2: edit the plugin's package, not this file.
            import PackageDescription

            let package = Package(
                name: "\(Self.binaryProduct)",
                products: [.library(name: "\(Self.binaryProduct)", type: .dynamic, targets: ["\(Self.entry)"])],
                dependencies: [
                    .package(path: \(literal(request.package.path))),
                    .package(path: \(literal(request.swiftLV2.path))),
                ],
                targets: [
                    // The shared object: the entry point lv2_descriptor, and nothing else exported.
                    .target(name: "\(Self.entry)", dependencies: [\(products), .product(name: "LV2Kit", package: \(literal(request.swiftLV2Identity)))],
                            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "--gc-sections",
                                                           "-Xlinker", "--version-script=\(exportsMap)"])]),
                    // Ordinary Swift on the build machine: reads the declarations, writes Turtle and entry point.
                    .executableTarget(name: "\(Self.generator)", dependencies: [
                        \(products), .product(name: "LV2KitGenerator", package: \(literal(request.swiftLV2Identity))),
                    ]),
                ]
            )

            """
    }

    private var generatorMain: String {
        let imports = Set(plugins.map(\.module) + ["LV2KitGenerator"]).sorted().map { "import \($0)\n" }.joined()
        // Unqualified: a module and its type often share a name (Gain.Gain would mean a member).
        let adds = plugins.map { "bundle.add(\($0.type).self)\n" }.joined()
        return "// Written by lv2-bundle: edit the plugin's package, not this file.\n" + imports
            + "\nvar bundle = BundleContents(binary: \(literal(bundle.name + ".so")))\n" + adds + "BundleGenerator(bundle).main()\n"
    }

    private func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func write(_ text: String, to file: URL) throws {
        if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
