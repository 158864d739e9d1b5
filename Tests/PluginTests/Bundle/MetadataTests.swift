import LV2Host
import TestSupport
import XCTest

/// What hosts show of our plugins, read through lilv as they read it: every plugin and
/// control explained in a line, every control bounded and with a unit or a kind that
/// needs none, every preset labelled, explained and within the ranges.
final class MetadataTests: XCTestCase {
    static let uris = [SynthPluginTests.uri, RateAdapterHarness.uri]
    static let enabledDesignation = "http://lv2plug.in/ns/lv2core#enabled"

    var world: LV2World!
    var plugins: [PluginInfo] = []

    override func setUpWithError() throws {
        world = try LV2World(lv2Path: Repository.lv2PathWithOnlyOurBundle)
        plugins = try Self.uris.map { try world.plugin(uri: $0) }
    }

    func testEveryPluginIsExplained() {
        for plugin in plugins {
            XCTAssertFalse(plugin.comment?.isEmpty ?? true, plugin.uri)
        }
    }

    func testEveryControlHasARangeADefaultAUnitAndAComment() throws {
        for plugin in plugins {
            for port in plugin.ports where port.kind == .control {
                let name = "\(plugin.uri) \(port.symbol)"
                XCTAssertFalse(port.comment?.isEmpty ?? true, "\(name) has no rdfs:comment")
                let minimum = try XCTUnwrap(port.minimum, "\(name) has no minimum")
                let maximum = try XCTUnwrap(port.maximum, "\(name) has no maximum")
                XCTAssertLessThan(minimum, maximum, name)
                if port.isInput {
                    let value = try XCTUnwrap(port.defaultValue, "\(name) has no default")
                    XCTAssertTrue((minimum...maximum).contains(value), "\(name) default \(value)")
                }
                XCTAssertTrue(port.unitURI != nil || port.isInteger || port.isToggled || port.isEnumeration,
                              "\(name) has no unit and is neither integer, toggle nor enumeration")
                if port.isLogarithmic {
                    XCTAssertGreaterThan(minimum, 0, "\(name) is logarithmic, so its range must stay above 0")
                }
                if port.isEnumeration {
                    let values = port.scalePoints.map(\.value)
                    XCTAssertEqual(values, Array(stride(from: minimum, through: maximum, by: 1)), "\(name): a label for every value")
                }
            }
        }
    }

    func testEveryPresetIsLabelledExplainedAndInRange() throws {
        for plugin in plugins {
            XCTAssertGreaterThanOrEqual(plugin.presets.count, 4, plugin.uri)
            for preset in plugin.presets {
                XCTAssertNotEqual(preset.label, preset.uri, "\(preset.uri) has no rdfs:label")
                XCTAssertFalse(preset.comment?.isEmpty ?? true, "\(preset.uri) has no rdfs:comment")
                for (symbol, value) in try world.presetControls(preset.uri, for: plugin) {
                    let port = try plugin.port(symbol: symbol)
                    let name = "\(preset.uri) \(symbol)"
                    XCTAssertTrue(port.kind == .control && port.isInput, name)
                    XCTAssertNotEqual(port.designation, Self.enabledDesignation, "\(name): bypass belongs to the host")
                    XCTAssertTrue((port.minimum! ... port.maximum!).contains(value), "\(name) = \(value)")
                    if port.isInteger { XCTAssertEqual(value, value.rounded(), name) }
                }
            }
        }
    }

    /// lv2render, our own host, shows what the plugin and each control are for.
    func testLv2renderInfoShowsTheComments() throws {
        let rateAdapter = try XCTUnwrap(plugins.last)
        let info = try LV2RenderTool.run(["info", rateAdapter.uri])
        XCTAssertEqual(info.status, 0, info.standardError)
        for comment in [rateAdapter.comment] + rateAdapter.ports.map(\.comment) {
            XCTAssertTrue(info.standardOutput.contains(try XCTUnwrap(comment)), info.standardOutput)
        }
    }
}
