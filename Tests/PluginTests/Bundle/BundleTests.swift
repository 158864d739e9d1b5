import Foundation
import TestSupport
import XCTest

/// The built bundle as hosts see it: one clean binary and valid Turtle.
final class BundleTests: XCTestCase {
    let plugins = ["urn:swiftlv2:sine-synth", "urn:swiftlv2:rate-adapter"]

    func testBinaryExportsOnlyTheLV2Entry() throws {
        let symbols = try runCommand("nm", ["-D", "--defined-only", Repository.pluginBinary.path])
        XCTAssertEqual(symbols.status, 0, symbols.standardError)
        let names = symbols.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").last }
        XCTAssertEqual(names, ["lv2_descriptor"])
    }

    func testBinaryNeedsOnlyLibcLibmAndLibsamplerate() throws {
        let readelf = try runCommand("readelf", ["-d", Repository.pluginBinary.path])
        let needed = readelf.standardOutput.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.dropLast() }.map(String.init).sorted()
        XCTAssertEqual(needed, ["libc.so.6", "libm.so.6", "libsamplerate.so.0"])
    }

    func testBinarySetsNoLibrarySearchPath() throws {
        // A RUNPATH of $ORIGIN only makes ld.so search the bundle for system libraries.
        let readelf = try runCommand("readelf", ["-d", Repository.pluginBinary.path])
        XCTAssertEqual(readelf.status, 0, readelf.standardError)
        XCTAssertFalse(readelf.standardOutput.contains("PATH)"), readelf.standardOutput)
    }

    func testBinaryLoadsOnOlderGlibcToo() throws {
        // Debian 11 and Ubuntu 20.04 ship glibc 2.31; nothing newer than exp()'s 2.29 may creep in.
        let versions = try runCommand("readelf", ["-V", Repository.pluginBinary.path]).standardOutput
        let glibc = versions.split(whereSeparator: { " \n".contains($0) }).filter { $0.hasPrefix("GLIBC_2.") }
        let newest = glibc.compactMap { Int($0.split(separator: ".")[1]) }.max() ?? 0
        XCTAssertLessThanOrEqual(newest, 29, "the binary needs GLIBC_2.\(newest)")
    }

    func testTurtleValidatesAgainstTheLV2Specifications() throws {
        try Self.assertValidTurtle(in: Repository.bundle)
    }

    /// Runs `sord_validate` over a bundle's Turtle and the LV2 specifications, as lv2-dev
    /// installs them: other vendors' bundles in /usr/lib/lv2 have errors of their own
    /// (x42-plugins adds 90), so they are left out.
    static func assertValidTurtle(in bundle: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let listing = try runCommand("dpkg", ["-L", "lv2-dev"])
        XCTAssertEqual(listing.status, 0, listing.standardError, file: file, line: line)
        let specifications = listing.standardOutput.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("/usr/lib/lv2/") && $0.hasSuffix(".ttl") }
        XCTAssertGreaterThan(specifications.count, 20, "lv2-dev's specification bundles", file: file, line: line)
        let ours = try FileManager.default.contentsOfDirectory(atPath: bundle.path)
            .filter { $0.hasSuffix(".ttl") }.map { bundle.appendingPathComponent($0).path }
        let result = try runCommand("sord_validate", specifications + ours)
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        XCTAssertTrue(result.standardOutput.contains("Found 0 errors"), result.standardOutput + result.standardError,
                      file: file, line: line)
    }

    func testLv2infoDescribesBothPluginsAndListsTheirPresets() throws {
        let presets = [
            "urn:swiftlv2:sine-synth": ["Mono lead", "Organ", "Pluck", "Slow pad"],
            "urn:swiftlv2:rate-adapter": ["AM radio", "Early digital 8-bit, dithered", "Retro 12 kHz crunch", "Telephone", "Transparent",
                                          "Vintage sampler 26 kHz"],
        ]
        for uri in plugins {
            let info = try runCommand("lv2info", [uri], environment: ["LV2_PATH": Repository.lv2PathWithSystemBundles])
            XCTAssertEqual(info.status, 0, info.standardError)
            let lines = info.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertTrue(lines.contains("Binary:            file://" + Repository.lv2PathWithOnlyOurBundle + "/swiftlv2.lv2/swiftlv2.so"),
                          info.standardOutput)
            XCTAssertTrue(lines.contains("Author:            The SwiftLV2 developers"), info.standardOutput)
            // lv2info lists preset labels one a line after "Presets:", in no fixed order.
            let listed = lines.drop { !$0.hasPrefix("Presets:") }.dropFirst().prefix { !$0.isEmpty }
            XCTAssertEqual(listed.sorted(), presets[uri], info.standardOutput)
        }
    }

    func testLoadsAndRunsInAHostWithoutSwift() throws {
        // lv2bench is plain C: it instantiates each plugin, connects default buffers and runs it.
        for uri in plugins {
            let bench = try runCommand("lv2bench", ["-n", "4096", uri],
                                       environment: ["LV2_PATH": Repository.lv2PathWithSystemBundles])
            XCTAssertEqual(bench.status, 0, bench.standardError)
            XCTAssertTrue(bench.standardOutput.contains(uri), bench.standardOutput + bench.standardError)
        }
    }
}
