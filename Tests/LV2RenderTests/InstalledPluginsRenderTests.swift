import Foundation
import LV2Host
import TestSupport
import XCTest

/// Every plugin with an audio output from the Debian packages a musician would have
/// (x42-plugins, setbfree, Ardour's plugins, lv2-examples; `make test` installs them)
/// renders: instruments with a note, effects with a tone, each in its own process.
final class InstalledPluginsRenderTests: XCTestCase {
    static let packages = ["x42-plugins", "setbfree", "ardour-lv2-plugins", "lv2-examples"]

    /// The bundles the packages install directly under /usr/lib/lv2, by `dpkg -L`.
    private func packagedBundles() throws -> Set<String> {
        let listing = try runCommand("dpkg", ["-L"] + Self.packages)
        XCTAssertEqual(listing.status, 0, listing.standardError)
        return Set(listing.standardOutput.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("/usr/lib/lv2/") && !$0.dropFirst("/usr/lib/lv2/".count).contains("/")
        })
    }

    func testEveryPackagedPluginWithAnAudioOutputRenders() throws {
        let folder = TemporaryFolder("installed")
        let tone = folder.path("tone.wav"), output = folder.path("out.wav")
        try writeWAV([TestSignals.sine(frequency: 440, sampleRate: 48000, seconds: 0.3)], sampleRate: 48000, to: tone)
        let bundles = try packagedBundles()
        let plugins = try LV2World(lv2Path: "/usr/lib/lv2").plugins.filter { plugin in
            bundles.contains(String(plugin.bundlePath.dropLast())) && !plugin.ports(.audio, input: false).isEmpty
        }
        // 90 on Debian 12: a much smaller number means a package is missing, not that all is well.
        XCTAssertGreaterThanOrEqual(plugins.count, 85)
        var failures: [String] = []
        for plugin in plugins {
            var arguments = ["render", plugin.uri, "--duration", "0.5", "-o", output]
            if plugin.midiInput != nil { arguments += ["--notes", "60@0:0.3"] }
            if !plugin.ports(.audio, input: true).isEmpty { arguments += ["--input", tone] }
            let result = try runCommand(LV2RenderTool.executable.path, arguments, environment: ["LV2_PATH": "/usr/lib/lv2"], timeout: 120)
            if result.status != 0 { failures.append("\(plugin.uri): \(result.standardError)") }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(plugins.count) failed")
    }
}
