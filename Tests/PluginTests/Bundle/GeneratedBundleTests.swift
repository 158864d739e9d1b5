import SwiftLV2Engines
import Foundation
import LV2Host
import LV2Kit
import RateAdapter
import SineSynth
import TestSupport
import XCTest

/// The bundle's Turtle, entry point and C header are written by `generate-bundle` from the
/// plugins' declarations; what is in the work tree must be exactly what it writes, and what hosts
/// read from the Turtle must be what the plugins do.
final class GeneratedBundleTests: XCTestCase {
    /// Runs the generator into a fresh folder and compares every file with the one in the
    /// work tree, so that a declaration edited without `make generate` fails here at once.
    /// (Whether those files are committed is the Makefile's `generated-committed`, which
    /// `make test` runs.)
    func testFilesAreExactlyWhatTheGeneratorWritesNow() throws {
        let output = TemporaryFolder("generated")
        let generator = LV2RenderTool.executable.deletingLastPathComponent().appendingPathComponent("generate-bundle")
        let bundle = output.url.appendingPathComponent("plugin.lv2")
        let result = try runCommand(generator.path, [
            "--turtle", bundle.path, "--swift", output.url.appendingPathComponent("Bundle.swift").path,
            "--header", output.url.appendingPathComponent("ports.h").path,
        ])
        XCTAssertEqual(result.status, 0, result.standardError)

        let turtle = try FileManager.default.contentsOfDirectory(atPath: bundle.path).sorted()
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("plugin.lv2").path)
        XCTAssertEqual(turtle, onDisk.filter { $0.hasSuffix(".ttl") }.sorted(), "the bundle's Turtle files")
        let pairs = turtle.map { (bundle.appendingPathComponent($0), "plugin.lv2/" + $0) } + [
            (output.url.appendingPathComponent("Bundle.swift"), "Sources/SwiftLV2Plugins/Bundle.swift"),
            (output.url.appendingPathComponent("ports.h"), "Sources/SwiftLV2Plugins/ports.h"),
        ]
        for (generated, path) in pairs {
            let text = try String(contentsOf: generated, encoding: .utf8)
            let file = try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
            XCTAssertEqual(text, file, "\(path) differs from what the generator writes now: run make generate")
        }
    }

    /// What lilv reads from the generated Turtle is what the plugins' `Ports` use: the same
    /// ports in the same order, with the same ranges and defaults.
    func testHostsReadTheDeclaredPorts() throws {
        let world = try LV2World(lv2Path: Repository.lv2PathWithOnlyOurBundle)
        try assertTurtleMatches(SineSynth.Port.self, world.plugin(uri: SineSynth.declaration.uri.description))
        try assertTurtleMatches(RateAdapter.Port.self, world.plugin(uri: RateAdapter.declaration.uri.description))
    }

    private func assertTurtleMatches<Port: PortList>(_: Port.Type, _ info: PluginInfo) {
        XCTAssertEqual(info.ports.map(\.symbol), Port.allCases.map { $0.declaration.symbol.description })
        for (declared, read) in zip(Port.allCases.map(\.declaration), info.ports) {
            XCTAssertEqual(read.isInput, declared.isInput, read.symbol)
            XCTAssertEqual(read.minimum, declared.range?.lowerBound, read.symbol)
            XCTAssertEqual(read.maximum, declared.range?.upperBound, read.symbol)
            if declared.isInput { XCTAssertEqual(read.defaultValue, declared.defaultValue, read.symbol) }
        }
    }

    func testEveryControlReadsItsDeclaredDefaultWhileUnconnected() {
        let ports = Ports<SineSynth.Port>()
        for port in SineSynth.Port.allCases where port.declaration.defaultValue != nil {
            XCTAssertEqual(ports.control(port), port.declaration.defaultValue, "\(port)")
        }
        XCTAssertEqual(SynthSettings.defaults.gainDecibels, Double(SineSynth.Port.gain.declaration.defaultValue!))
        XCTAssertEqual(RateAdapterSettings.defaults.rate, Double(RateAdapter.Port.rate.declaration.defaultValue!))
        XCTAssertEqual(RateAdapterSettings.lowestRate, Double(RateAdapter.Port.rate.declaration.range!.lowerBound))
    }
}
