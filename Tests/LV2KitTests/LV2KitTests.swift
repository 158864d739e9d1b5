import CLV2
@_spi(Generated) @testable import LV2Kit
@testable import LV2KitGenerator
import XCTest

/// LV2Kit's glue driven directly, as a host would through the generated descriptor: a
/// small plugin with CV ports, an event output and the worker, and the Turtle written
/// for it.
final class LV2KitTests: XCTestCase {
    /// Doubles its CV input into its CV output; a note on its event input asks the worker
    /// to "load" that note, and the response comes out as an event.
    struct Loader: LV2Plugin, ~Copyable {
        static let declaration = PluginDeclaration(
            uri: "urn:swiftlv2:test:loader", name: "Loader", shortDescription: "Test plugin", comment: "For LV2Kit's tests.",
            classes: [.utility], version: Version(minor: 0, micro: 1), license: "http://opensource.org/licenses/isc",
            requiredFeatures: [.uridMap, .workerSchedule], extensionData: [.worker])

        enum Port: Int, PortList {
            case cvIn, cvOut, events, loaded

            var declaration: PortDeclaration {
                switch self {
                case .cvIn: .cvInput("cv_in", "CV In", range: -1...1, unit: .coefficient, comment: "A control signal.")
                case .cvOut: .cvOutput("cv_out", "CV Out", range: -2...2, unit: .coefficient, comment: "Twice the input.")
                case .events: .eventInput("events", "Events", comment: "Notes to load.")
                case .loaded: .eventOutput("loaded", "Loaded", comment: "Each loaded note.")
                }
            }
        }

        /// "Loads" a note an octave up, on the worker thread.
        struct Worker: LV2Worker {
            init(sampleRate: Double, host: borrowing HostFeatures) {}
            mutating func work(_ request: UInt8) -> UInt8? { request + 12 }
        }

        let worker: WorkerSchedule
        var lastResponse: UInt8 = 0

        init?(sampleRate: Double, host: borrowing HostFeatures) {
            guard let worker = host.worker else { return nil }
            self.worker = worker
        }

        mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {
            if let input = ports.input(.cvIn), let output = ports.output(.cvOut) {
                for frame in 0..<frames { output[frame] = 2 * input[frame] }
            }
            for event in ports.events(.events, frames: frames) where event.type == ports.urids.midiEvent && event.body.count >= 2 {
                _ = worker.schedule(event.body[1])
            }
            if lastResponse != 0 {
                var out = ports.eventOutput(.loaded)
                out.appendMIDI(frame: 0, 0x90, lastResponse, 127)
                lastResponse = 0
            }
        }

        mutating func workResponse(_ response: UInt8) { lastResponse = response }
    }

    /// A worker message as LV2Kit lays it out: kind and parameter (32 bits each), then the payload.
    static func message(kind: UInt32, _ payload: [UInt8]) -> [UInt8] {
        withUnsafeBytes(of: kind) { Array($0) } + [0, 0, 0, 0] + payload
    }

    func testTheWorkerRunsWhatRunScheduledAndAnswersBeforeTheNextRun() throws {
        let host = TestHost()
        let handle = try XCTUnwrap(PluginGlue<Loader>.instantiate(sampleRate: 48000, bundlePath: "/", features: host.features))
        defer { PluginGlue<Loader>.cleanup(handle) }
        var cvIn = [Float](repeating: 0.25, count: 64), cvOut = [Float](repeating: 0, count: 64)
        let events = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
        let loaded = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
        defer { events.deallocate(); loaded.deallocate() }
        PluginGlue<Loader>.connect(handle, 0, &cvIn)
        PluginGlue<Loader>.connect(handle, 1, &cvOut)
        PluginGlue<Loader>.connect(handle, 2, events)
        PluginGlue<Loader>.connect(handle, 3, loaded)
        PluginGlue<Loader>.activate(handle)

        host.writeSequence(into: events, note: 60)
        host.prepareOutput(loaded, room: 256)
        PluginGlue<Loader>.run(handle, 64)
        XCTAssertEqual(cvOut, [Float](repeating: 0.5, count: 64), "CV through")
        XCTAssertEqual(host.scheduled, [Self.message(kind: 0, [60])], "run scheduled the note, typed")

        // What a host's worker thread does, then what it does before the next run.
        host.runWorker(PluginGlue<Loader>.work, handle)
        XCTAssertEqual(host.responses, [Self.message(kind: 1, [72])])
        host.deliverResponses(PluginGlue<Loader>.workResponse, handle)
        XCTAssertEqual(PluginGlue<Loader>.endRun(handle), LV2_WORKER_SUCCESS)

        host.writeSequence(into: events, note: nil)
        host.prepareOutput(loaded, room: 256)
        PluginGlue<Loader>.run(handle, 64)
        XCTAssertEqual(host.outputEvents(loaded), [[0x90, 72, 127]], "the response, out as an event")
        host.prepareOutput(loaded, room: 256)
        PluginGlue<Loader>.run(handle, 64)
        XCTAssertEqual(host.outputEvents(loaded), [], "an empty sequence when nothing happened")
    }

    func testAnEventOutputNeverWritesPastTheRoomTheHostGave() throws {
        let host = TestHost()
        let handle = try XCTUnwrap(PluginGlue<Loader>.instantiate(sampleRate: 48000, bundlePath: "/", features: host.features))
        defer { PluginGlue<Loader>.cleanup(handle) }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0xA5, count: 64)
        PluginGlue<Loader>.connect(handle, 3, buffer)
        // 16 bytes of room: an empty sequence fits, an event (16 + 8 bytes) does not.
        for room in [0, 16] {
            host.prepareOutput(buffer, room: room)
            let response = Self.message(kind: 1, [64])
            _ = PluginGlue<Loader>.workResponse(handle, UInt32(response.count), response)
            PluginGlue<Loader>.run(handle, 64)
            XCTAssertEqual(host.outputEvents(buffer), [], "room \(room)")
            XCTAssertEqual(buffer.load(fromByteOffset: 16, as: UInt8.self), 0xA5, "nothing written past the header")
        }
    }

    func testARequiredFeatureTheHostLacksRefusesTheInstance() {
        let host = TestHost(worker: false)
        withExtendedLifetime(host) {
            XCTAssertNil(PluginGlue<Loader>.instantiate(sampleRate: 48000, bundlePath: "/", features: host.features))
        }
    }

    func testTheTurtleDeclaresCVPortsEventOutputsAndTheWorker() throws {
        var bundle = BundleContents(binary: "loader.so", project: Project(
            uri: "urn:swiftlv2:test", name: "Tests", shortDescription: "Tests",
            maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))
        bundle.add(Loader.self)
        let turtle = try XCTUnwrap(TurtleFiles.all(bundle).first { $0.name == "loader.ttl" }?.text)
        for expected in ["a lv2:InputPort , lv2:CVPort", "a lv2:OutputPort , atom:AtomPort", "lv2:extensionData work:interface",
                         "lv2:requiredFeature urid:map , work:schedule", "opts:supportedOption bufsz:sequenceSize"] {
            XCTAssertTrue(turtle.contains(expected), "\(expected) in\n\(turtle)")
        }
        let entry = SourceFiles.entryPoint(bundle)
        XCTAssertTrue(entry.contains("work_response: { PluginGlue<LV2KitTests.Loader>.workResponse($0, $1, $2) }"), entry)
    }
}

/// Choices and toggles without units, and Turtle an author adds to what the generator writes.
final class GeneratorTests: XCTestCase {
    struct Switcher: LV2Plugin, ~Copyable {
        static let declaration = PluginDeclaration(
            uri: "urn:swiftlv2:test:switcher", name: "Switcher", shortDescription: "Test plugin", comment: "For LV2Kit's tests.",
            classes: [.utility], version: Version(minor: 0, micro: 1), license: "http://opensource.org/licenses/isc",
            project: Project(uri: "urn:swiftlv2:test", name: "Tests", shortDescription: "Tests",
                             maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers", email: "team@example.org")),
            extraTurtle: "<urn:swiftlv2:test:switcher> <urn:example:colour> \"green\" .")

        enum Port: Int, PortList {
            case mode, bypass

            var declaration: PortDeclaration {
                switch self {
                case .mode: .choice("mode", "Mode", labels: ["Soft", "Hard"], default: 0, comment: "How.")
                case .bypass: .toggle("bypass", "Bypass", default: false, comment: "Whether.")
                }
            }
        }

        init?(sampleRate: Double, host: borrowing HostFeatures) {}
        mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {}
    }

    func testChoicesAndTogglesNeedNoUnitAndAuthorsAddTheirOwnTurtle() throws {
        var bundle = BundleContents(binary: "switcher.so")
        bundle.add(Switcher.self)
        let turtle = try XCTUnwrap(TurtleFiles.all(bundle).first { $0.name == "switcher.ttl" }?.text)
        XCTAssertFalse(turtle.contains("units:"), turtle)
        XCTAssertTrue(turtle.contains("lv2:portProperty lv2:integer , lv2:enumeration"), turtle)
        XCTAssertTrue(turtle.hasSuffix("    ] .\n\n<urn:swiftlv2:test:switcher> <urn:example:colour> \"green\" .\n"), turtle)
    }

    struct Keyed: LV2Plugin, ~Copyable {
        static let declaration = PluginDeclaration(
            uri: "urn:swiftlv2:test:keyed", name: "Keyed", shortDescription: "Test plugin", comment: "For LV2Kit's tests.",
            classes: [.dynamics, .compressor], version: Version(minor: 0, micro: 1), license: "http://opensource.org/licenses/isc",
            mainInput: main,
            project: Project(uri: "urn:swiftlv2:test", name: "Tests", shortDescription: "Tests",
                             maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))
        static let main = PortGroup("in", "Input", types: [PortGroup.inputGroup, PortGroup.monoGroup])
        static let key = PortGroup.sideChain("key", "Key", of: main)

        enum Port: Int, PortList {
            case input, key, output

            var declaration: PortDeclaration {
                switch self {
                case .input: .audioInput("in", "In", comment: "The signal.", group: Keyed.main)
                case .key: .sideChainInput("key", "Key", comment: "What turns it down.", group: Keyed.key)
                case .output: .audioOutput("out", "Out", comment: "The signal, turned down.")
                }
            }
        }

        init?(sampleRate: Double, host: borrowing HostFeatures) {}
        mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {}
    }

    /// A side-chain in one word: the port is `lv2:isSideChain`, its group `pg:sideChainOf` the main one.
    func testASideChainInputAndItsGroupAreDeclaredAsSuch() throws {
        var bundle = BundleContents(binary: "keyed.so")
        bundle.add(Keyed.self)
        XCTAssertEqual(DeclarationCheck.problems(in: bundle), [])
        let turtle = try XCTUnwrap(TurtleFiles.all(bundle).first { $0.name == "keyed.ttl" }?.text)
        for expected in ["<urn:swiftlv2:test:keyed#key>\n    a pg:InputGroup , pg:MonoGroup ;\n    pg:sideChainOf <urn:swiftlv2:test:keyed#in> ;",
                         "lv2:symbol \"key\" ;\n        lv2:name \"Key\" ;\n        rdfs:comment \"What turns it down.\" ;\n        pg:group <urn:swiftlv2:test:keyed#key> ;\n        lv2:portProperty lv2:isSideChain",
                         "a lv2:DynamicsPlugin , lv2:CompressorPlugin , doap:Project"] {
            XCTAssertTrue(turtle.contains(expected), "\(expected) in\n\(turtle)")
        }
    }

    /// The project a plugin's declaration names is the bundle's: described once in the
    /// manifest, with its maintainer, and linked from the plugin.
    func testTheProjectComesFromTheDeclaration() throws {
        var bundle = BundleContents(binary: "switcher.so")
        bundle.add(Switcher.self)
        XCTAssertEqual(DeclarationCheck.problems(in: bundle), [])
        let files = TurtleFiles.all(bundle)
        let manifest = try XCTUnwrap(files.first { $0.name == "manifest.ttl" }?.text)
        XCTAssertTrue(manifest.contains("<urn:swiftlv2:test>\n    a doap:Project ;\n    doap:name \"Tests\" ;"), manifest)
        XCTAssertTrue(manifest.contains("foaf:mbox <mailto:team@example.org> ;"), manifest)
        let turtle = try XCTUnwrap(files.first { $0.name == "switcher.ttl" }?.text)
        XCTAssertTrue(turtle.contains("lv2:project <urn:swiftlv2:test> ;\n    doap:maintainer <urn:swiftlv2:team> ;"), turtle)
    }
}

/// The host side of the tests: a URID map, `worker:schedule` recording what it is given,
/// and atom sequences written and read by hand.
final class TestHost {
    private var uris: [String] = []
    var scheduled: [[UInt8]] = []
    var responses: [[UInt8]] = []
    private let map = UnsafeMutablePointer<LV2_URID_Map>.allocate(capacity: 1)
    private let schedule = UnsafeMutablePointer<LV2_Worker_Schedule>.allocate(capacity: 1)
    private let featureStructs = UnsafeMutablePointer<LV2_Feature>.allocate(capacity: 2)
    private let array = UnsafeMutablePointer<UnsafePointer<LV2_Feature>?>.allocate(capacity: 3)

    init(worker: Bool = true) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        map.initialize(to: LV2_URID_Map(handle: me) { handle, uri in TestHost.from(handle).urid(String(cString: uri!)) })
        schedule.initialize(to: LV2_Worker_Schedule(handle: me) { handle, size, data in
            TestHost.from(handle).scheduled.append(Array(UnsafeRawBufferPointer(start: data, count: Int(size))))
            return LV2_WORKER_SUCCESS
        })
        featureStructs[0] = LV2_Feature(URI: URI.uridMap.cString, data: map)
        featureStructs[1] = LV2_Feature(URI: URI.workerSchedule.cString, data: schedule)
        array[0] = UnsafePointer(featureStructs)
        array[1] = worker ? UnsafePointer(featureStructs + 1) : nil
        array[2] = nil
    }

    deinit {
        map.deallocate()
        schedule.deallocate()
        featureStructs.deallocate()
        array.deallocate()
    }

    var features: UnsafePointer<UnsafePointer<LV2_Feature>?> { UnsafePointer(array) }

    /// The `worker:schedule` feature's data, for hosts that pass it to `restore` too.
    var scheduleFeature: UnsafeMutableRawPointer { UnsafeMutableRawPointer(schedule) }

    static func from(_ handle: UnsafeMutableRawPointer?) -> TestHost {
        Unmanaged<TestHost>.fromOpaque(handle!).takeUnretainedValue()
    }

    func uri(_ urid: LV2_URID) -> String { urid >= 1 && Int(urid) <= uris.count ? uris[Int(urid) - 1] : "" }

    func urid(_ uri: String) -> LV2_URID {
        if let index = uris.firstIndex(of: uri) { return LV2_URID(index + 1) }
        uris.append(uri)
        return LV2_URID(uris.count)
    }

    /// What a host's worker thread does with what was scheduled: `work` each request,
    /// collecting the responses.
    func runWorker(_ work: (LV2_Handle?, LV2_Worker_Respond_Function?, LV2_Worker_Respond_Handle?, UInt32, UnsafeRawPointer?)
                       -> LV2_Worker_Status, _ handle: LV2_Handle) {
        let requests = scheduled
        scheduled = []
        for request in requests {
            let status = request.withUnsafeBytes { bytes in
                work(handle, { handle, size, data in
                    TestHost.from(handle).responses.append(Array(UnsafeRawBufferPointer(start: data, count: Int(size))))
                    return LV2_WORKER_SUCCESS
                }, Unmanaged.passUnretained(self).toOpaque(), UInt32(bytes.count), bytes.baseAddress)
            }
            XCTAssertEqual(status, LV2_WORKER_SUCCESS)
        }
    }

    /// What a host does before the next `run`: hands the responses to `work_response`.
    func deliverResponses(_ workResponse: (LV2_Handle?, UInt32, UnsafeRawPointer?) -> LV2_Worker_Status, _ handle: LV2_Handle) {
        let delivered = responses
        responses = []
        for response in delivered {
            XCTAssertEqual(response.withUnsafeBytes { workResponse(handle, UInt32($0.count), $0.baseAddress) }, LV2_WORKER_SUCCESS)
        }
    }

    /// An input sequence holding one note on, or nothing.
    func writeSequence(into buffer: UnsafeMutableRawPointer, note: UInt8?) {
        let sequence = buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self)
        sequence.pointee.atom.type = urid("http://lv2plug.in/ns/ext/atom#Sequence")
        sequence.pointee.atom.size = 8
        guard let note else { return }
        let event = buffer + 16
        event.storeBytes(of: Int64(0), as: Int64.self)
        event.storeBytes(of: UInt32(3), toByteOffset: 8, as: UInt32.self)
        event.storeBytes(of: urid("http://lv2plug.in/ns/ext/midi#MidiEvent"), toByteOffset: 12, as: UInt32.self)
        for (offset, byte) in [0x90, note, 100].enumerated() { (event + 16 + offset).storeBytes(of: byte, as: UInt8.self) }
        sequence.pointee.atom.size += 24
    }

    /// An output buffer announcing `room` bytes, as the atom spec has hosts do.
    func prepareOutput(_ buffer: UnsafeMutableRawPointer, room: Int) {
        let atom = buffer.assumingMemoryBound(to: LV2_Atom.self)
        atom.pointee.type = urid("http://lv2plug.in/ns/ext/atom#Chunk")
        atom.pointee.size = UInt32(room)
    }

    /// The types and bodies of the events in an output sequence.
    func outputEventsWithTypes(_ buffer: UnsafeMutableRawPointer) -> [(LV2_URID, [UInt8])] {
        let sequence = buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self)
        let ids = SequenceURIDs(HostFeatures(features))
        return AtomEvents(UnsafePointer(sequence), capacity: nil, ids: ids, blockLength: 64).map { ($0.type, Array($0.body)) }
    }

    /// The bodies of the events in an output sequence.
    func outputEvents(_ buffer: UnsafeMutableRawPointer) -> [[UInt8]] {
        let sequence = buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self)
        let ids = SequenceURIDs(HostFeatures(features))
        return AtomEvents(UnsafePointer(sequence), capacity: nil, ids: ids, blockLength: 64).map { Array($0.body) }
    }
}
