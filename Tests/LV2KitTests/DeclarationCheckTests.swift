import Foundation
@testable import LV2Kit
@testable import LV2KitGenerator
import XCTest

/// The generator refuses each declaration a host would read wrongly, with one sentence
/// naming the plugin and the port, exit status 1, and nothing written.
final class DeclarationCheckTests: XCTestCase {
    func testEachBadDeclarationGetsItsSentenceAndNothingIsWritten() throws {
        let cases: [(bundle: BundleContents, sentence: String)] = [
            (bundle(DefaultAboveRange.self), #"Port "gain" of <urn:swiftlv2:test:faulty> has the default 12, outside its range -60…6."#),
            (bundle(RepeatedSymbol.self), #"Port "gain" of <urn:swiftlv2:test:faulty> repeats a symbol another of its ports has: each port needs its own."#),
            (bundle(LogarithmicFromZero.self), #"Port "time" of <urn:swiftlv2:test:faulty> is logarithmic, but its range 0…2000 includes zero or less."#),
            (bundle(IntegerDefaultNotWhole.self), #"Port "voices" of <urn:swiftlv2:test:faulty> has the default 2.5, but the port takes whole numbers only."#),
            (bundle(EnumerationDefaultNotAScalePoint.self), #"Port "bits" of <urn:swiftlv2:test:faulty> has the default 4, but the port is an enumeration and that is none of its scale points (0, 8, 16)."#),
            (bundle(PresetOutsideRange.self), #"Preset "loud" of <urn:swiftlv2:test:faulty> sets port "gain" to 20, outside its range -60…6."#),
            (bundle(PresetNotWhole.self), #"Preset "half" of <urn:swiftlv2:test:faulty> sets port "voices" to 1.5, but the port takes whole numbers only."#),
            (bundle(PresetNotAScalePoint.self), #"Preset "odd" of <urn:swiftlv2:test:faulty> sets port "bits" to 12, but the port is an enumeration and that is none of its scale points (0, 8, 16)."#),
            (bundle(SymbolNotAnIdentifier.self), #"Port "2nd gain" of <urn:swiftlv2:test:faulty> has a symbol LV2 does not allow: letters, digits and underscores, not starting with a digit."#),
            (bundle(ParameterDefaultAboveRange.self), #"Parameter <urn:swiftlv2:test:faulty#level> of <urn:swiftlv2:test:faulty> has the default 20, outside its range -40…12."#),
            (bundle(IntegerParameterDefaultNotWhole.self), #"Parameter <urn:swiftlv2:test:faulty#steps> of <urn:swiftlv2:test:faulty> has the default 2.5, but the parameter takes whole numbers only."#),
            (bundle(RepeatedParameterURI.self), #"Parameter <urn:swiftlv2:test:faulty#level> of <urn:swiftlv2:test:faulty> repeats the URI of another of its parameters: each parameter needs its own."#),
            (bundle(ParameterURIOfAPreset.self), #"Parameter <urn:swiftlv2:test:faulty#quiet> of <urn:swiftlv2:test:faulty> has the URI of the plugin, one of its presets or one of its port groups: each needs its own."#),
            (bundle(FileTypeWithADot.self), #"Parameter <urn:swiftlv2:test:faulty#sample> of <urn:swiftlv2:test:faulty> takes the file type ".wav", which no file name ends with: give extensions without their dot, such as "wav"."#),
            (bundle(DefaultFile<OutsideTheBundle>.self), #"Parameter <urn:swiftlv2:test:faulty#sample> of <urn:swiftlv2:test:faulty> has the default file "../kick.wav", which is not a path inside the bundle: name it relative to the bundle, such as "click.wav"."#),
            (bundle(DefaultFile<Absolute>.self), #"Parameter <urn:swiftlv2:test:faulty#sample> of <urn:swiftlv2:test:faulty> has the default file "/usr/share/kick.wav", which is not a path inside the bundle: name it relative to the bundle, such as "click.wav"."#),
            (bundle(DefaultFile<WithASpace>.self), #"Parameter <urn:swiftlv2:test:faulty#sample> of <urn:swiftlv2:test:faulty> has the default file "big kick.wav", whose name has a character Turtle cannot write in a relative IRI (a space, <, >, ", {, }, |, ^, `, \ or %)."#),
            (bundle(SideChainOfNoGroup.self), #"Port group "key" of <urn:swiftlv2:test:faulty> is the side-chain of "main", which is none of its port groups."#),
            (bundle(DefaultFile<OfAnotherType>.self), #"Parameter <urn:swiftlv2:test:faulty#sample> of <urn:swiftlv2:test:faulty> has the default file "kick.mp3", of a type the parameter does not take."#),
        ]
        for (bundle, sentence) in cases {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("declaration-check-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let header = folder.appendingPathComponent("ports.h").path
            XCTAssertThrowsError(try BundleGenerator(bundle).generate(arguments: ["--turtle", folder.path, "--header", header])) { error in
                XCTAssertEqual(error as? BundleGenerator.Failure,
                               BundleGenerator.Failure(message: "generate-bundle: " + sentence, status: 1))
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "nothing written for: \(sentence)")
        }
    }

    /// As an executable: `main` prints the sentence on standard error and exits with 1. The
    /// test runs itself again in a child process, which calls `main` with a bad declaration.
    func testTheExecutableExitsWithStatusOneAndSaysWhy() throws {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["SWIFTLV2_GENERATOR_CHILD"] {
            BundleGenerator(bundle(DefaultAboveRange.self)).main(arguments: ["--turtle", folder])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("declaration-check-\(UUID())")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["LV2KitTests.DeclarationCheckTests/testTheExecutableExitsWithStatusOneAndSaysWhy"]
        child.environment = environment.merging(["SWIFTLV2_GENERATOR_CHILD": folder.path]) { $1 }
        let errors = Pipe()
        child.standardError = errors
        child.standardOutput = FileHandle.nullDevice
        try child.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        XCTAssertEqual(child.terminationStatus, 1)
        XCTAssertTrue(said.contains(#"generate-bundle: Port "gain" of <urn:swiftlv2:test:faulty> has the default 12, outside its range -60…6."# + "\n"), said)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "nothing written")
    }

    /// The manifest describes one project: a bundle given none needs its plugins to name one.
    func testABundleWithoutAProjectIsRefused() {
        var bundle = BundleContents(binary: "faulty.so")
        bundle.add(Faulty<Good>.self)
        XCTAssertEqual(DeclarationCheck.problems(in: bundle),
                       ["No plugin in faulty.so names its project: give its declaration a `project: Project(…)`."])
    }

    func testAGoodDeclarationPasses() {
        XCTAssertEqual(DeclarationCheck.problems(in: bundle(Good.self)), [])
        XCTAssertEqual(DeclarationCheck.problems(in: bundle(GoodParameters.self)), [])
    }

    private func bundle<Ports: FaultyPorts>(_ ports: Ports.Type) -> BundleContents {
        bundle(of: Faulty<Ports>.self)
    }

    private func bundle<Parameter: ParameterList>(_ parameters: Parameter.Type) -> BundleContents {
        bundle(of: WithParameters<Parameter>.self)
    }

    private func bundle<Plugin: LV2Plugin & ~Copyable>(of plugin: Plugin.Type) -> BundleContents {
        var bundle = BundleContents(binary: "faulty.so", project: Project(
            uri: "urn:swiftlv2:test", name: "Tests", shortDescription: "Tests",
            maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))
        bundle.add(plugin)
        return bundle
    }
}

/// A plugin that is only a declaration: its ports and presets are the `Port` type's.
private struct Faulty<Port: FaultyPorts>: LV2Plugin, ~Copyable {
    static var declaration: PluginDeclaration {
        PluginDeclaration(uri: "urn:swiftlv2:test:faulty", name: "Faulty", shortDescription: "Test plugin",
                          comment: "For the generator's checks.", classes: [.utility], version: Version(minor: 0, micro: 1),
                          license: "http://opensource.org/licenses/isc")
    }
    static var presets: [Preset<Port>] { Port.presets }
    init?(sampleRate: Double, host: borrowing HostFeatures) { nil }
    mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {}
}

/// The good ports and presets, with the `Parameter` type's parameters.
private struct WithParameters<Parameter: ParameterList>: LV2Plugin, ~Copyable {
    typealias Port = Good
    static var declaration: PluginDeclaration { Faulty<Good>.declaration }
    static var presets: [Preset<Good>] { Good.presets }
    init?(sampleRate: Double, host: borrowing HostFeatures) { nil }
    mutating func run(_ ports: borrowing Ports<Good>, frames: Int) {}
}

private protocol FaultyPorts: PortList {
    static var presets: [Preset<Self>] { get }
}

extension FaultyPorts {
    static var presets: [Preset<Self>] { [] }
}

/// Good ports, which the faulty declarations start from.
private enum Sound {
    static let voice = Unit.custom(label: "voice", symbol: "voices", render: "%.0f voices")
    static let gain = PortDeclaration.control("gain", "Gain", range: -60...6, default: 0, unit: .decibel, comment: "Level.")
    static let voices = PortDeclaration.control("voices", "Voices", range: 1...8, default: 2, unit: voice,
                                                properties: [.integer], comment: "Notes at once.")
    static let bits = PortDeclaration(
        symbol: "bits", name: "Bits", kind: .control, isInput: true, comment: "Word length.", range: 0...16, defaultValue: 0,
        unit: .custom(label: "bit", symbol: "bits", render: "%.0f bits"), properties: [.integer, .enumeration],
        scalePoints: [ScalePoint(label: "Off", value: 0), ScalePoint(label: "8", value: 8), ScalePoint(label: "16", value: 16)])
}

private enum Good: Int, FaultyPorts {
    case gain, voices, bits
    var declaration: PortDeclaration { [Sound.gain, Sound.voices, Sound.bits][rawValue] }
    static var presets: [Preset<Self>] { [Preset("quiet", label: "Quiet", comment: "Soft.", values: [(.gain, -20), (.voices, 4), (.bits, 8)])] }
}

private enum DefaultAboveRange: Int, FaultyPorts {
    case gain
    var declaration: PortDeclaration { .control("gain", "Gain", range: -60...6, default: 12, unit: .decibel, comment: "Level.") }
}

private enum SideChainOfNoGroup: Int, FaultyPorts {
    case key
    var declaration: PortDeclaration {
        .sideChainInput("key", "Key", comment: "Steers.", group: .sideChain("key", "Key", of: PortGroup("main", "Main")))
    }
}

private enum RepeatedSymbol: Int, FaultyPorts {
    case first, second
    var declaration: PortDeclaration { Sound.gain }
}

private enum LogarithmicFromZero: Int, FaultyPorts {
    case time
    var declaration: PortDeclaration {
        .control("time", "Time", range: 0...2000, default: 100, unit: .milliseconds, properties: [.logarithmic], comment: "How long.")
    }
}

private enum IntegerDefaultNotWhole: Int, FaultyPorts {
    case voices
    var declaration: PortDeclaration {
        .control("voices", "Voices", range: 1...8, default: 2.5, unit: Sound.voice, properties: [.integer], comment: "Notes at once.")
    }
}

private enum EnumerationDefaultNotAScalePoint: Int, FaultyPorts {
    case bits
    var declaration: PortDeclaration {
        var declaration = Sound.bits
        declaration.defaultValue = 4
        return declaration
    }
}

private enum PresetOutsideRange: Int, FaultyPorts {
    case gain
    var declaration: PortDeclaration { Sound.gain }
    static var presets: [Preset<Self>] { [Preset("loud", label: "Loud", comment: "Too loud.", values: [(.gain, 20)])] }
}

private enum PresetNotWhole: Int, FaultyPorts {
    case voices
    var declaration: PortDeclaration { Sound.voices }
    static var presets: [Preset<Self>] { [Preset("half", label: "Half", comment: "A voice and a half.", values: [(.voices, 1.5)])] }
}

private enum PresetNotAScalePoint: Int, FaultyPorts {
    case bits
    var declaration: PortDeclaration { Sound.bits }
    static var presets: [Preset<Self>] { [Preset("odd", label: "Odd", comment: "Between points.", values: [(.bits, 12)])] }
}

private enum SymbolNotAnIdentifier: Int, FaultyPorts {
    case gain
    var declaration: PortDeclaration { .control("2nd gain", "Gain", range: -60...6, default: 0, unit: .decibel, comment: "Level.") }
}

/// Good parameters, which the faulty ones start from.
private enum GoodParameters: Int, ParameterList {
    case sample, level, steps
    var declaration: ParameterDeclaration {
        switch self {
        case .sample: .path("urn:swiftlv2:test:faulty#sample", "Sample", fileTypes: ["wav", "FLAC"], default: "sounds/kick.flac",
                            comment: "A sound.")
        case .level: Self.loudness
        case .steps: .integer("urn:swiftlv2:test:faulty#steps", "Steps", range: 1...8, default: 2, comment: "How many.")
        }
    }
    static let loudness = ParameterDeclaration.number("urn:swiftlv2:test:faulty#level", "Level", range: -40...12, default: 0,
                                                   unit: .decibel, comment: "Loudness.")
}

private enum ParameterDefaultAboveRange: Int, ParameterList {
    case level
    var declaration: ParameterDeclaration {
        .number("urn:swiftlv2:test:faulty#level", "Level", range: -40...12, default: 20, unit: .decibel, comment: "Loudness.")
    }
}

/// `.integer` takes whole numbers only; the general initializer does not.
private enum IntegerParameterDefaultNotWhole: Int, ParameterList {
    case steps
    var declaration: ParameterDeclaration {
        ParameterDeclaration(uri: "urn:swiftlv2:test:faulty#steps", label: "Steps", comment: "How many.",
                             kind: .number(range: 1...8, defaultValue: 2.5, unit: nil, isWhole: true))
    }
}

private enum RepeatedParameterURI: Int, ParameterList {
    case first, second
    var declaration: ParameterDeclaration { GoodParameters.loudness }
}

private enum ParameterURIOfAPreset: Int, ParameterList {
    case quiet
    var declaration: ParameterDeclaration { .toggle("urn:swiftlv2:test:faulty#quiet", "Quiet", default: false, comment: "Softly.") }
}

private enum FileTypeWithADot: Int, ParameterList {
    case sample
    var declaration: ParameterDeclaration {
        .path("urn:swiftlv2:test:faulty#sample", "Sample", fileTypes: [".wav"], comment: "A sound.")
    }
}

/// A default file that the generator refuses, named by `Name`.
private enum DefaultFile<Name: DefaultFileName>: Int, ParameterList {
    case sample
    var declaration: ParameterDeclaration {
        .path("urn:swiftlv2:test:faulty#sample", "Sample", fileTypes: ["wav"], default: Name.file, comment: "A sound.")
    }
}

private protocol DefaultFileName: Sendable { static var file: StaticString { get } }
private enum OutsideTheBundle: DefaultFileName { static let file: StaticString = "../kick.wav" }
private enum Absolute: DefaultFileName { static let file: StaticString = "/usr/share/kick.wav" }
private enum WithASpace: DefaultFileName { static let file: StaticString = "big kick.wav" }
private enum OfAnotherType: DefaultFileName { static let file: StaticString = "kick.mp3" }
