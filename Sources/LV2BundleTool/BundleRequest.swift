import Foundation

/// What to build: the package, each bundle (a library product) with its Swift modules, where
/// SwiftLV2 is, and what the author asked for.
struct BundleRequest {
    struct BundleProduct {
        /// The product's name, which names the bundle (`NAME.lv2`) and its binary (`NAME.so`).
        let name: String
        let modules: [(name: String, folder: URL)]
    }

    enum Platform: String { case native, aarch64 }

    var package: URL
    var work: URL
    var swiftLV2: URL
    var swiftLV2Identity: String
    var bundles: [BundleProduct] = []
    var clean = false
    var platform = Platform.native
    /// Ship the binary with its symbols and debug information (for a debugger); stripped by default.
    var keepsSymbols = false

    static let usage = "usage: swift package --allow-writing-to-package-directory lv2-bundle [--clean] [--platform aarch64] [--keep-symbols]"

    init(arguments: [String]) throws(BundleFailure) {
        var rest = arguments[...]
        var values: [String: String] = [:]
        func value(_ flag: String) throws(BundleFailure) -> String {
            guard let value = rest.popFirst() else { throw BundleFailure(message: "\(flag) needs a value.", status: 2) }
            return value
        }
        // The facts the command plugin passes, up to `--`.
        while let flag = rest.popFirst(), flag != "--" {
            switch flag {
            case "--package", "--work", "--swiftlv2", "--swiftlv2-identity": values[flag] = try value(flag)
            case "--bundle": bundles.append(BundleProduct(name: try value(flag), modules: []))
            case "--module":
                let name = try value(flag), folder = URL(fileURLWithPath: try value(flag))
                guard let last = bundles.popLast() else { throw BundleFailure(message: "--module comes after a --bundle.", status: 2) }
                bundles.append(BundleProduct(name: last.name, modules: last.modules + [(name, folder)]))
            default: throw BundleFailure(message: "\(flag) is not an option of the tool.", status: 2)
            }
        }
        guard let package = values["--package"], let work = values["--work"], let swiftLV2 = values["--swiftlv2"],
              let identity = values["--swiftlv2-identity"] else {
            throw BundleFailure(message: "the tool needs --package, --work, --swiftlv2 and --swiftlv2-identity.", status: 2)
        }
        self.package = URL(fileURLWithPath: package)
        self.work = URL(fileURLWithPath: work)
        self.swiftLV2 = URL(fileURLWithPath: swiftLV2)
        swiftLV2Identity = identity
        // What the author typed after `lv2-bundle`.
        while let flag = rest.popFirst() {
            switch flag {
            case "--clean": clean = true
            case "--keep-symbols": keepsSymbols = true
            case "--platform":
                let name = try value(flag)
                guard let platform = Platform(rawValue: name) else {
                    throw BundleFailure(message: "--platform \(name) is not a platform lv2-bundle builds for: say aarch64, or leave it out.", status: 2)
                }
                self.platform = platform
            case "--help", "-h": throw BundleFailure(message: Self.usage, status: 0)
            default: throw BundleFailure(message: "\(flag) is not an option of lv2-bundle. \(Self.usage)", status: 2)
            }
        }
    }
}
