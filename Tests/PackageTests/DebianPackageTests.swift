import Foundation
import SwiftLV2Version
import TestSupport
import XCTest

/// The Debian package `make deb` builds (`make test` builds it before the suites run).
///
/// It is installed and removed with dpkg into a temporary root (`dpkg --root`), never on
/// the machine itself: an installed copy in /usr/lib/lv2 would stand beside the
/// repository's bundle for every other test and host that reads the system's LV2 folders,
/// and a test run that dies half-way would leave it there.
final class DebianPackageTests: XCTestCase {
    static let changelog = Repository.root.appendingPathComponent("packaging/changelog").path

    /// The package's file, named from packaging/changelog as scripts/build-deb names it.
    static func package() throws -> String {
        let name = try output("dpkg-parsechangelog", ["-l", changelog, "-S", "Source"])
        let version = try output("dpkg-parsechangelog", ["-l", changelog, "-S", "Version"])
        let architecture = try output("dpkg", ["--print-architecture"])
        let path = Repository.root.appendingPathComponent(".build-deb/\(name)_\(version)_\(architecture).deb").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw PackageError(description: "\(path) is missing: run `make deb` (`make test` does).")
        }
        return path
    }

    /// The package's version is the project's, which lv2render prints and the plugins declare.
    func testThePackageHasTheProjectsVersion() throws {
        XCTAssertEqual(try Self.output("dpkg-parsechangelog", ["-l", Self.changelog, "-S", "Version"]), ProjectVersion.current)
    }

    func testLintianReportsNoError() throws {
        let result = try runCommand("lintian", ["--no-tag-display-limit", try Self.package()])
        let errors = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("E:") }
        XCTAssertEqual(errors, [], result.standardOutput + result.standardError)
        // Lintian exits 0 when it finds no error (warnings and notes included).
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
    }

    /// The bundle (every file `make` leaves in plugin.lv2) in /usr/lib/lv2/swiftlv2.lv2,
    /// lv2render in /usr/bin with its manual page and bash, zsh and fish completions, the
    /// copyright and the changelog, and dependencies read from the binaries: the libraries
    /// they link, never a Swift one.
    func testPackageHoldsTheBundleLV2RenderAndTheirDocumentation() throws {
        let package = try Self.package()
        // `dpkg-deb --contents` lists like `tar -tv`: the path (no spaces in ours) comes last.
        let files = Set(try Self.output("dpkg-deb", ["--contents", package]).split(separator: "\n")
            .compactMap { $0.split(separator: " ").last.map { String($0.dropFirst()) } }
            .filter { !$0.hasSuffix("/") })
        let bundleFiles = try FileManager.default.contentsOfDirectory(atPath: Repository.bundle.path)
            .filter { $0.hasSuffix(".ttl") || $0.hasSuffix(".so") }
        let pythonFiles = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("python/swiftlv2").path)
            .filter { $0.hasSuffix(".py") || $0 == "libswiftlv2host.so" || $0 == "py.typed" }
        let expected = Set(bundleFiles.map { "/usr/lib/lv2/swiftlv2.lv2/\($0)" } + [
            "/usr/bin/lv2render", "/usr/share/man/man1/lv2render.1.gz",
            "/usr/share/bash-completion/completions/lv2render", "/usr/share/zsh/vendor-completions/_lv2render",
            "/usr/share/fish/vendor_completions.d/lv2render.fish",
            "/usr/share/doc/swiftlv2/copyright", "/usr/share/doc/swiftlv2/changelog.gz",
        ] + pythonFiles.map { "/usr/lib/python3/dist-packages/swiftlv2/\($0)" })
        XCTAssertEqual(files, expected)

        let depends = try Self.output("dpkg-deb", ["-f", package, "Depends"])
        for library in ["libc6", "libsamplerate0", "liblilv-0-0", "libsndfile1"] {
            XCTAssertTrue(depends.contains("\(library) (>= "), "\(library) missing from Depends: \(depends)")
        }
        XCTAssertFalse(depends.lowercased().contains("swift"), depends)
    }

    /// Installed by dpkg into a temporary root: lilv lists both plugins there and lv2info
    /// describes them; the packaged lv2render, in a bare environment, finds them. lilv's
    /// default path holds /usr/lib/lv2, so installed for real they are on every host's
    /// path. Removed, nothing is left.
    func testInstalledThePluginsAreOnTheLV2PathAndRemovedNothingIsLeft() throws {
        let (root, dpkg) = try Self.temporaryRoot()
        try Self.succeed("dpkg", dpkg + ["--install", try Self.package()])

        let lv2Directory = root.path("usr/lib/lv2")
        let listed = try Self.output("lv2ls", [], environment: ["LV2_PATH": lv2Directory])
        XCTAssertEqual(listed.split(separator: "\n"), ["urn:swiftlv2:rate-adapter", "urn:swiftlv2:sine-synth"])
        let info = try Self.output("lv2info", ["urn:swiftlv2:rate-adapter"], environment: ["LV2_PATH": lv2Directory])
        XCTAssertTrue(info.contains("SwiftLV2 Rate Adapter"), info)
        let bare = try runCommand("/usr/bin/env", ["-i", "LV2_PATH=\(lv2Directory)", root.path("usr/bin/lv2render"), "list"])
        XCTAssertEqual(bare.status, 0, bare.standardError)
        XCTAssertEqual(bare.standardOutput.split(separator: "\n").count, 2, bare.standardOutput)

        // The system's python3 imports the module from the package and lists the plugins with it
        // (-B: no bytecode left behind in the root, which dpkg would not remove).
        let python = try runCommand("/usr/bin/env", ["-i", "LV2_PATH=\(lv2Directory)", "PYTHONPATH=\(root.path("usr/lib/python3/dist-packages"))",
                                                     "/usr/bin/python3", "-B", "-c", "import swiftlv2; print(*[p.uri for p in swiftlv2.plugins()])"])
        XCTAssertEqual(python.standardOutput, "urn:swiftlv2:rate-adapter urn:swiftlv2:sine-synth\n", python.standardError)

        // lilv's default path, as the library carries it: not by running lv2ls on it, which
        // reads every dynamic manifest there, and naspro-bridges' aborts lilv on Debian 12.
        let multiarch = try Self.output("gcc", ["-print-multiarch"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let library = try Self.output("strings", ["/usr/lib/\(multiarch)/liblilv-0.so.0"])
        let defaultPath = try XCTUnwrap(library.split(separator: "\n").first { $0.hasPrefix("~/.lv2:") })
        XCTAssertTrue(defaultPath.split(separator: ":").contains("/usr/lib/lv2"), String(defaultPath))

        try Self.assertPurgeLeavesNothing("swiftlv2", dpkg: dpkg, root: root)
    }

    /// lv2render and the Python module's library as installed need no library of the Swift
    /// toolchain: only system libraries resolve, and lv2render runs with an empty environment.
    func testPackagedLV2RenderNeedsNoSwiftToolchain() throws {
        let folder = TemporaryFolder("deb-contents")
        try Self.succeed("dpkg-deb", ["--extract", try Self.package(), folder.url.path])
        let lv2render = folder.path("usr/bin/lv2render")
        for binary in [lv2render, folder.path("usr/lib/python3/dist-packages/swiftlv2/libswiftlv2host.so")] {
            let libraries = try Self.output("ldd", [binary]).split(separator: "\n")
            XCTAssertFalse(libraries.isEmpty)
            for library in libraries {
                XCTAssertNil(library.range(of: "swift|Foundation|dispatch|BlocksRuntime|not found", options: .regularExpression),
                             String(library))
            }
        }
        let help = try runCommand("/usr/bin/env", ["-i", lv2render, "--help"])
        XCTAssertEqual(help.status, 0, help.standardError)
        XCTAssertTrue(help.standardOutput.hasPrefix("OVERVIEW: Render LV2 plugins offline"), help.standardOutput)
    }

    /// dpkg-shlibdeps finds every library the binaries link in use: none is a "useless
    /// dependency" (lv2render is linked with --as-needed), so Depends names only what they call.
    func testEveryLinkedLibraryIsUsed() throws {
        _ = try Self.package()
        let folder = Repository.root.appendingPathComponent(".build-deb")
        let result = try runCommand("dpkg-shlibdeps", ["-O", "root/usr/bin/lv2render", "root/usr/lib/lv2/swiftlv2.lv2/swiftlv2.so",
                                                       "root/usr/lib/python3/dist-packages/swiftlv2/libswiftlv2host.so"],
                                    currentDirectory: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(result.standardError.contains("useless"), result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix("shlibs:Depends="), result.standardOutput)
    }

    /// The manual page covers the exit statuses, batch naming and presets.
    func testTheManualPageCoversExitStatusBatchesAndPresets() throws {
        let folder = TemporaryFolder("deb-manual")
        try Self.succeed("dpkg-deb", ["--extract", try Self.package(), folder.url.path])
        let page = try Self.output("zcat", [folder.path("usr/share/man/man1/lv2render.1.gz")])
        for topic in ["Exit status: 0 on success", "DIR/NAME.wav", "--preset takes a preset's URI", "am-radio"] {
            XCTAssertTrue(page.contains(topic), "the manual page lacks \(topic)")
        }
    }

    /// `make install` into a fresh prefix: every file where its tools look, a report of where
    /// that was and whether the folder is on PATH; `make uninstall` removes every file.
    func testMakeInstallReportsWhereAndWhetherOnPath() throws {
        let prefix = TemporaryFolder("make-install")
        let bin = prefix.path("bin")
        let make = ["--no-print-directory", "-C", Repository.root.path, "PREFIX=\(prefix.url.path)", "LV2DIR=\(prefix.path("lv2"))"]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let offPath = try runCommand("make", make + ["install"], environment: ["PATH": path])
        XCTAssertEqual(offPath.status, 0, offPath.standardError)
        XCTAssertTrue(offPath.standardOutput.contains("Installed lv2render in \(bin)"), offPath.standardOutput)
        XCTAssertTrue(offPath.standardOutput.contains("\(bin) is not on your PATH"), offPath.standardOutput)
        let installed = ["bin/lv2render", "lv2/swiftlv2.lv2/swiftlv2.so", "share/man/man1/lv2render.1.gz",
                         "share/bash-completion/completions/lv2render", "share/zsh/site-functions/_lv2render",
                         "share/fish/vendor_completions.d/lv2render.fish"]
        for file in installed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.path(file)), file)
        }
        let completion = try String(contentsOfFile: prefix.path("share/bash-completion/completions/lv2render"), encoding: .utf8)
        XCTAssertTrue(completion.contains("render") && completion.contains("--preset"), "bash completion without subcommands or options")

        let onPath = try runCommand("make", make + ["install"], environment: ["PATH": bin + ":" + path])
        XCTAssertTrue(onPath.standardOutput.contains("\(bin) is on your PATH"), onPath.standardOutput)

        try Self.succeed("make", make + ["uninstall"])
        for file in installed {
            XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.path(file)), "\(file) left after make uninstall")
        }
    }

    // MARK: - Running the tools

    /// An empty temporary root for dpkg, and the options that install into it.
    static func temporaryRoot() throws -> (root: TemporaryFolder, dpkg: [String]) {
        let root = TemporaryFolder("dpkg-root")
        let database = root.url.appendingPathComponent("var/lib/dpkg")
        for folder in ["info", "updates", "triggers"] {
            try FileManager.default.createDirectory(at: database.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        _ = FileManager.default.createFile(atPath: database.appendingPathComponent("status").path, contents: nil)
        // The temporary root has none of the libraries the package depends on; dpkg's log
        // goes there too (by default dpkg appends to the machine's /var/log/dpkg.log).
        let dpkg = ["--root=\(root.url.path)", "--log=\(root.path("dpkg.log"))", "--force-not-root", "--force-depends",
                    "--force-script-chrootless"]
        return (root, dpkg)
    }

    /// Purges `package` from the temporary root: every file and folder of it goes.
    static func assertPurgeLeavesNothing(_ package: String, dpkg: [String], root: TemporaryFolder,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let installed = try output("dpkg", dpkg + ["--listfiles", package])
        try succeed("dpkg", dpkg + ["--purge", package])
        let left = installed.split(separator: "\n").filter { FileManager.default.fileExists(atPath: root.path(String($0))) }
        XCTAssertEqual(left, ["/."], "dpkg removed every file and folder of the package", file: file, line: line)
    }

    static func succeed(_ program: String, _ arguments: [String]) throws {
        _ = try output(program, arguments)
    }

    /// Standard output without its last newline; throws unless the program succeeds.
    static func output(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let result = try runCommand(program, arguments, environment: environment)
        guard result.status == 0 else {
            throw PackageError(description: "\(program) \(arguments.joined(separator: " ")) failed (status \(result.status)): \(result.standardError)")
        }
        var output = result.standardOutput
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }
}

struct PackageError: Error, CustomStringConvertible {
    let description: String
}
