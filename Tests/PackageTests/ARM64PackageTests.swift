import Foundation
import TestSupport
import XCTest

/// The arm64 package `make deb PLATFORM=aarch64` builds (`make test` builds it before the
/// suites run): the aarch64 bundle alone, for a Raspberry Pi or a Zynthian running Debian.
final class ARM64PackageTests: XCTestCase {
    static func package() throws -> String {
        let changelog = DebianPackageTests.changelog
        let name = try DebianPackageTests.output("dpkg-parsechangelog", ["-l", changelog, "-S", "Source"])
        let version = try DebianPackageTests.output("dpkg-parsechangelog", ["-l", changelog, "-S", "Version"])
        let path = Repository.root.appendingPathComponent(".build-aarch64/deb/\(name)_\(version)_arm64.deb").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw PackageError(description: "\(path) is missing: run `make deb PLATFORM=aarch64` (`make test` does).")
        }
        return path
    }

    func testLintianReportsNoError() throws {
        let result = try runCommand("lintian", ["--tag-display-limit", "0", try Self.package()])
        XCTAssertEqual(result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("E:") }, [], result.standardOutput)
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
    }

    /// The bundle in /usr/lib/lv2/swiftlv2.lv2, the copyright and the changelog; no
    /// lv2render (it is built for this machine only), and dependencies on the libraries the
    /// plugins link, for arm64.
    func testPackageHoldsTheBundleAlone() throws {
        let package = try Self.package()
        XCTAssertEqual(try DebianPackageTests.output("dpkg-deb", ["-f", package, "Architecture"]), "arm64")
        let files = Set(try DebianPackageTests.output("dpkg-deb", ["--contents", package]).split(separator: "\n")
            .compactMap { $0.split(separator: " ").last.map { String($0.dropFirst()) } }
            .filter { !$0.hasSuffix("/") })
        let bundleFiles = try FileManager.default.contentsOfDirectory(atPath: Repository.aarch64Bundle.path)
        XCTAssertEqual(files, Set(bundleFiles.map { "/usr/lib/lv2/swiftlv2.lv2/\($0)" } + [
            "/usr/share/doc/swiftlv2/copyright", "/usr/share/doc/swiftlv2/changelog.gz",
        ]))
        let depends = try DebianPackageTests.output("dpkg-deb", ["-f", package, "Depends"])
        XCTAssertEqual(depends.split(separator: ",").map { $0.split(separator: " ")[0] }, ["libc6", "libsamplerate0"], depends)
    }

    /// Installed by dpkg into a temporary arm64 root (dpkg --root, arm64 added), Debian's
    /// arm64 lilv, run under qemu-user, finds both plugins there and instantiates each
    /// from the installed binary; removed, nothing is left.
    func testInstalledIntoAnARM64RootLilvFindsAndLoadsBothPlugins() throws {
        let host = try RenderHost.shared.get()
        if let problem = host.qemuProblem() { throw XCTSkip(problem) }
        let (root, dpkg) = try DebianPackageTests.temporaryRoot()
        try DebianPackageTests.succeed("dpkg", dpkg + ["--add-architecture", "arm64"])
        try DebianPackageTests.succeed("dpkg", dpkg + ["--install", try Self.package()])

        let listed = try host.listWithARM64Lilv(lv2Path: root.path("usr/lib/lv2"))
        XCTAssertEqual(listed.split(separator: "\n"), ["urn:swiftlv2:rate-adapter loads", "urn:swiftlv2:sine-synth loads"])

        try DebianPackageTests.assertPurgeLeavesNothing("swiftlv2:arm64", dpkg: dpkg, root: root)
    }
}
