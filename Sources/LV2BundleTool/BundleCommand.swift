import Foundation

/// lv2-bundle itself: for each bundle, find its plugins, write the generated package, run the
/// generator, build the Embedded plugin and assemble `NAME.lv2` in the author's package;
/// or, with `--clean`, remove all of that.
struct BundleCommand {
    let request: BundleRequest

    init(_ request: BundleRequest) { self.request = request }

    func run() throws(BundleFailure) {
        guard !request.bundles.isEmpty else {
            throw BundleFailure(message: "\(request.package.lastPathComponent) has no library product: add `.library(name: \"NAME\", targets: [\"…\"])`, whose name names NAME.lv2.")
        }
        // A library product with no plugin type (shared code of the author's) is not a bundle.
        let plugins = request.bundles.map { bundle in
            bundle.modules.flatMap { module in PluginTypes.find(inModuleAt: module.folder).map { (module: module.name, type: $0) } }
        }
        guard request.clean || plugins.contains(where: { !$0.isEmpty }) else {
            let modules = request.bundles.flatMap { $0.modules.map(\.name) }
            throw BundleFailure(message: "no type in \(modules.joined(separator: ", ")) conforms to LV2Plugin, so there is no plugin to bundle.")
        }
        for (bundle, plugins) in zip(request.bundles, plugins) where request.clean || !plugins.isEmpty {
            let folder = BundleFolder(package: request.package, name: bundle.name, platform: request.platform)
            if request.clean {
                try attempt("cleaning \(bundle.name).lv2") {
                    for platform in [BundleRequest.Platform.native, .aarch64] {
                        try BundleFolder(package: request.package, name: bundle.name, platform: platform).clean()
                    }
                    try removeIfPresent(request.work.appendingPathComponent(bundle.name))
                }
                print("lv2-bundle: removed \(bundle.name).lv2's generated files and its build folders.")
                continue
            }
            try build(bundle, plugins: plugins, into: folder)
        }
        try attempt("removing the bundles of products renamed") {
            for platform in request.clean ? [.native, .aarch64] : [request.platform] {
                try BundleFolder.removeRenamed(in: request.package, platform: platform, keeping: zip(request.bundles, plugins).filter { !$1.isEmpty }.map(\.0.name))
            }
        }
    }

    private func build(_ bundle: BundleRequest.BundleProduct, plugins: [(module: String, type: String)],
                       into folder: BundleFolder) throws(BundleFailure) {
        let package = GeneratedPackage(request: request, bundle: bundle, plugins: plugins)
        let work = request.work.appendingPathComponent(bundle.name)
        let turtle = work.appendingPathComponent("turtle")
        try attempt("writing the generated package") {
            try package.write()
            try removeIfPresent(turtle)
        }
        let swift = Build(package: package.folder, author: request.package)
        // Release, so whole-module as the Embedded build is: file by file, a debug build of a plugin's
        // `run` can fail the real-time checker on LV2Kit's generic code it cannot specialize.
        try swift.build(["-c", "release", "--product", GeneratedPackage.generator],
                        scratch: work.appendingPathComponent("host"), what: "the generator")
        let generator = work.appendingPathComponent("host/release/\(GeneratedPackage.generator)")
        try swift.run(generator, ["--turtle", turtle.path, "--swift", package.entryPoint.path])

        let embedded = ["-c", "release", "--product", GeneratedPackage.binaryProduct, "--disable-local-rpath",
                        "-Xswiftc", "-enable-experimental-feature", "-Xswiftc", "Embedded",
                        "-Xswiftc", "-Xfrontend", "-Xswiftc", "-function-sections"]
        let binary: URL
        switch request.platform {
        case .native:
            let scratch = work.appendingPathComponent("plugin")
            try swift.build(embedded, scratch: scratch, what: "the plugin")
            binary = scratch.appendingPathComponent("release/lib\(GeneratedPackage.binaryProduct).so")
        case .aarch64:
            let scratch = work.appendingPathComponent("aarch64")
            let script = request.swiftLV2.appendingPathComponent("scripts/swift-build-aarch64")
            try swift.build(embedded, scratch: scratch, what: "the plugin for aarch64", through: script)
            binary = scratch.appendingPathComponent("aarch64-none-none-elf/release/lib\(GeneratedPackage.binaryProduct).elf")
        }
        let strip = request.keepsSymbols ? nil : request.platform == .aarch64 ? "aarch64-linux-gnu-strip" : "strip"
        try attempt("assembling \(bundle.name).lv2") { try folder.assemble(turtleFrom: turtle, binary: binary, strip: strip) }
        let size = (try? FileManager.default.attributesOfItem(atPath: folder.binary.path)[.size] as? Int) ?? 0
        let symbols = strip == nil ? "with its symbols" : "stripped (--keep-symbols keeps its symbols for a debugger)"
        print("lv2-bundle: built \(folder.url.path) (\(plugins.map(\.type).joined(separator: ", "))): \(folder.binary.lastPathComponent) is \(Self.kilobytes(size)), \(symbols).")
    }

    /// A size as an author reads it: "48 KB".
    static func kilobytes(_ bytes: Int) -> String { "\((bytes + 512) / 1024) KB" }

    private func removeIfPresent(_ url: URL) throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }
}

/// Runs `body`; a file-system error becomes one sentence saying what was being done.
func attempt(_ doing: String, _ body: () throws -> Void) throws(BundleFailure) {
    do { try body() } catch let failure as BundleFailure { throw failure } catch {
        throw BundleFailure(message: "\(doing) failed: \(error.localizedDescription)")
    }
}
