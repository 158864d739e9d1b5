import Foundation
import LV2Host
import TestSupport

/// An example package in Examples/, built once per test run by its own `make`, as a
/// newcomer builds it: a plugin on LV2Kit used as a package, compiled as Embedded Swift
/// into a library that carries its own copy of the runtime.
final class ExamplePackage: @unchecked Sendable {
    static let arpeggiator = ExamplePackage("Arpeggiator", bundle: "arpeggiator", uri: "urn:swiftlv2:examples:arpeggiator")
    static let sampler = ExamplePackage("Sampler", bundle: "sampler", uri: "urn:swiftlv2:examples:sampler")
    static let delay = ExamplePackage("Delay", bundle: "delay", uri: "urn:swiftlv2:examples:delay")

    let uri: String
    let folder: URL
    /// The bundle's name without `.lv2`, which is also its binary's.
    private let bundle: String

    private init(_ name: String, bundle: String, uri: String) {
        self.uri = uri
        self.bundle = bundle
        folder = Repository.root.appendingPathComponent("Examples/" + name)
    }

    /// A folder to put on `LV2_PATH` that holds only the example's bundle.
    func lv2Directory() throws -> String { try built.get() }

    /// The bundle folder, in the package.
    var bundleFolder: URL { folder.appendingPathComponent(bundle + ".lv2") }

    /// The shared object, in the bundle.
    func binary() throws -> String { try lv2Directory() + "/\(bundle).lv2/\(bundle).so" }

    private lazy var built = Result {
        let make = try runCommand("make", ["-C", folder.path])
        guard make.status == 0 else { throw HostError("make in \(folder.path) failed: \(make.standardError)") }
        return Repository.lv2Path(holdingOnly: bundleFolder, as: bundle + ".lv2")
    }
}
