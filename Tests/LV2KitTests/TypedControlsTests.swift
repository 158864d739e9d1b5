import CLV2
@_spi(Generated) @testable import LV2Kit
@testable import LV2KitGenerator
import XCTest

/// A choice declared from a Swift enum and a control smoothed by LV2Kit, driven through the
/// glue as a host drives them, and the Turtle the choice becomes.
final class TypedControlsTests: XCTestCase {
    enum Shape: Int, ChoiceList {
        case sine, square, saw
        var label: StaticString {
            switch self {
            case .sine: "Sine"
            case .square: "Square"
            case .saw: "Saw"
            }
        }
    }

    /// Writes its smoothed gain, sample by sample, and the shape's case number + 10.
    struct Shaper: LV2Plugin, ~Copyable {
        static let declaration = PluginDeclaration(
            uri: "urn:swiftlv2:test:shaper", name: "Shaper", shortDescription: "Test plugin", comment: "For LV2Kit's tests.",
            classes: [.utility], version: Version(minor: 0, micro: 1), license: "http://opensource.org/licenses/isc",
            project: Project(uri: "urn:swiftlv2:test", name: "Tests", shortDescription: "Tests",
                             maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))

        enum Port: Int, PortList {
            case gain, shape, out, shown

            var declaration: PortDeclaration {
                switch self {
                case .gain: .control("gain", "Gain", range: 0...1, default: 1, unit: .coefficient, smoothing: 0.001, comment: "How loud.")
                case .shape: .choice("shape", "Shape", default: Shape.square, comment: "Which wave.")
                case .out: .cvOutput("out", "Out", range: 0...1, unit: .coefficient, comment: "The gain, sample by sample.")
                case .shown: .controlOutput("shown", "Shown", range: 10...12, unit: .coefficient, comment: "The shape + 10.")
                }
            }
        }

        init?(sampleRate: Double, host: borrowing HostFeatures) {}

        mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {
            if let out = ports.output(.out, frames: frames) {
                for frame in out.indices { out[frame] = ports.smoothed(.gain) }
            }
            let shape: Shape = ports.choice(.shape)
            ports.write(Float(shape.rawValue + 10), to: .shown)
        }
    }

    /// A change of the gain glides over its 1 ms (48 samples at 48 kHz) in equal steps, across
    /// blocks, and lands on the value; at `activate` it starts at the value set then.
    func testASmoothedControlGlidesSampleBySampleToEachNewValue() throws {
        let host = TestHost()
        let handle = try XCTUnwrap(PluginGlue<Shaper>.instantiate(sampleRate: 48000, bundlePath: "/", features: host.features))
        defer { PluginGlue<Shaper>.cleanup(handle) }
        var gain: Float = 0.5, shape: Float = 2, shown: Float = 0
        var out = [Float](repeating: -1, count: 32)
        PluginGlue<Shaper>.connect(handle, 0, &gain)
        PluginGlue<Shaper>.connect(handle, 1, &shape)
        PluginGlue<Shaper>.connect(handle, 2, &out)
        PluginGlue<Shaper>.connect(handle, 3, &shown)
        PluginGlue<Shaper>.activate(handle)
        PluginGlue<Shaper>.run(handle, 32)
        XCTAssertEqual(out, [Float](repeating: 0.5, count: 32), "no glide from the default: it starts where the host set it")
        XCTAssertEqual(shown, 12, "the choice read back as the enum's case")

        gain = 1
        var glide: [Float] = []
        for _ in 0..<2 {
            PluginGlue<Shaper>.run(handle, 32)
            glide += out
        }
        let steps = zip(glide.dropFirst(), glide).map { $0 - $1 }
        XCTAssertEqual(glide[0], 0.5 + 0.5 / 48, accuracy: 1e-6)
        XCTAssertEqual(glide[47], 1, "lands on the value after 48 samples")
        XCTAssertEqual(Array(glide[47...]), [Float](repeating: 1, count: 17))
        XCTAssertEqual(steps[..<47].max()! - steps[..<47].min()!, 0, accuracy: 1e-6, "equal steps, across the blocks")

        shape = 7  // outside the range: clamped to the last case
        PluginGlue<Shaper>.run(handle, 32)
        XCTAssertEqual(shown, 12)
        shape = 0
        PluginGlue<Shaper>.run(handle, 32)
        XCTAssertEqual(shown, 10)
    }

    /// The enum's cases become the port's scale points, in order, with its labels.
    func testAChoiceFromAnEnumIsAnEnumerationOfItsLabels() throws {
        var bundle = BundleContents(binary: "shaper.so")
        bundle.add(Shaper.self)
        XCTAssertEqual(DeclarationCheck.problems(in: bundle), [])
        let turtle = try XCTUnwrap(TurtleFiles.all(bundle).first { $0.name == "shaper.ttl" }?.text)
        let expected = """
            lv2:portProperty lv2:integer , lv2:enumeration ;
                    lv2:default 1 ;
                    lv2:minimum 0 ;
                    lv2:maximum 2 ;
                    lv2:scalePoint [ rdfs:label "Sine" ; rdf:value 0 ] ,
                        [ rdfs:label "Square" ; rdf:value 1 ] ,
                        [ rdfs:label "Saw" ; rdf:value 2 ]
            """
        XCTAssertTrue(turtle.contains(expected), turtle)
    }
}
