import CLV2
@_spi(Generated) @testable import LV2Kit
@testable import LV2KitGenerator
import XCTest

/// Parameters driven as a host drives them: `patch:Set` and `patch:Get` on the control
/// input, files loaded by the worker and swapped in before a `run`, changes announced on
/// the notify output, and every writable parameter saved and restored with the state.
final class LV2KitParameterTests: XCTestCase {
    struct Player: LV2Plugin, ~Copyable {
        static let declaration = PluginDeclaration(
            uri: "urn:swiftlv2:test:player", name: "Player", shortDescription: "Test plugin", comment: "For LV2Kit's tests.",
            classes: [.instrument], version: Version(minor: 0, micro: 1), license: "http://opensource.org/licenses/isc")

        enum Port: Int, PortList {
            case control, notify

            var declaration: PortDeclaration {
                switch self {
                case .control: .eventInput("control", "Control", supports: [URI.midiEvent, URI.patchMessage],
                                           comment: "Notes and parameters.", designation: Designation.control)
                case .notify: .eventOutput("notify", "Notify", supports: [URI.patchMessage], comment: "Parameter changes.")
                }
            }
        }

        enum Parameter: Int, ParameterList {
            case sample, gain, loop, name, voices

            var declaration: ParameterDeclaration {
                switch self {
                case .sample: .path("urn:swiftlv2:test:player#sample", "Sample", fileTypes: ["wav", "flac"], default: "click.wav",
                                    comment: "The sound.")
                case .gain: .number("urn:swiftlv2:test:player#gain", "Gain", range: -40...12, default: 0, unit: .decibel,
                                    comment: "The level.")
                case .loop: .toggle("urn:swiftlv2:test:player#loop", "Loop", default: false, comment: "Play again.")
                case .name: .text("urn:swiftlv2:test:player#name", "Name", default: "none", comment: "A name.")
                case .voices: .integer("urn:swiftlv2:test:player#voices", "Voices", range: 1...8, default: 4,
                                       comment: "How many at once.").readOnly
                }
            }
        }

        struct File: BitwiseCopyable, Equatable {
            var serial: Int
            var pathLength: Int
        }

        struct Worker: LV2Worker {
            typealias Parameter = Player.Parameter
            nonisolated(unsafe) static var unloaded: [Int] = []
            private var loads = 0

            init(sampleRate: Double, host: borrowing HostFeatures) {}

            mutating func load(_ path: UnsafePointer<CChar>, for parameter: Parameter) -> File? {
                guard parameter == .sample, strstr(path, "missing") == nil else { return nil }
                loads += 1
                return File(serial: loads, pathLength: strlen(path))
            }

            mutating func unload(_ file: File) { Self.unloaded.append(file.serial) }
        }

        var changes: [String] = []
        var file: File?

        init?(sampleRate: Double, host: borrowing HostFeatures) {}

        mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {}

        mutating func parameterChanged(_ parameter: Parameter, to value: ParameterValue) {
            if case let .text(text) = value {
                changes.append("\(parameter) \(String(cString: text))")
            } else {
                changes.append("\(parameter) \(value.number)")
            }
        }

        mutating func fileLoaded(_ parameter: Parameter, _ file: File) { self.file = file }
    }

    typealias Glue = PluginGlue<Player>

    /// An instance with its two ports connected, activated.
    final class Rig {
        let host: TestHost
        let handle: LV2_Handle
        let control = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8)
        let notify = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 8)

        init(worker: Bool = true) throws {
            host = TestHost(worker: worker)
            handle = try XCTUnwrap(Glue.instantiate(sampleRate: 48000, bundlePath: "/", features: host.features))
            Glue.connect(handle, 0, control)
            Glue.connect(handle, 1, notify)
            Glue.activate(handle)
            Player.Worker.unloaded = []
        }

        deinit {
            Glue.cleanup(handle)
            control.deallocate()
            notify.deallocate()
        }

        var plugin: Player {
            _read { yield handle.assumingMemoryBound(to: Glue.Instance.self).pointee.plugin }
        }

        func urid(_ uri: String) -> LV2_URID { host.urid(uri) }

        /// Runs one block whose control input holds these messages, each an object of
        /// `otype` with (key, value) properties; returns the notify output's objects.
        @discardableResult
        func run(_ messages: [(otype: String, properties: [(String, ForgeValue)])] = []) -> [[String: AtomValueCopy]] {
            host.writeSequence(into: control, note: nil)
            let features = HostFeatures(host.features)
            var writer = AtomSequenceWriter(control.assumingMemoryBound(to: LV2_Atom_Sequence.self), capacity: 4096,
                                            urids: SequenceURIDs(features), atoms: AtomURIDs(features))
            for message in messages {
                XCTAssertTrue(writer.beginObject(frame: 0, otype: urid(message.otype)))
                for (key, value) in message.properties { XCTAssertTrue(writer.addProperty(urid(key), value)) }
                XCTAssertTrue(writer.endObject())
            }
            host.prepareOutput(notify, room: 4096)
            Glue.run(handle, 64)
            let atoms = AtomURIDs(features)
            return host.outputEventsWithTypes(notify).compactMap { type, body in
                body.withUnsafeBytes { bytes in
                    guard atoms.isObject(type) else { return nil }
                    let object = AtomObject(bytes)
                    var copy: [String: AtomValueCopy] = ["otype": .urid(object.otype)]
                    for (key, value) in object { copy[host.uri(key)] = AtomValueCopy(value, atoms) }
                    return copy
                }
            }
        }
    }

    /// A property's value copied out of the atom, for assertions.
    enum AtomValueCopy: Equatable {
        case urid(LV2_URID), number(Double), text(String), other

        init(_ value: AtomValue, _ atoms: AtomURIDs) {
            if let urid = value.urid(atoms) { self = .urid(urid) }
            else if let number = value.number(atoms) { self = .number(number) }
            else if let text = value.text(atoms) { self = .text(String(cString: text.baseAddress!)) }
            else { self = .other }
        }
    }

    /// A C string that outlives the message it is forged into.
    private func text(_ string: String) -> UnsafePointer<CChar> {
        let copy = UnsafePointer(strdup(string)!)
        addTeardownBlock { free(UnsafeMutablePointer(mutating: copy)) }
        return copy
    }

    static let patch = "http://lv2plug.in/ns/ext/patch#"
    static let uri = "urn:swiftlv2:test:player#"

    static func set(_ parameter: String, _ value: ForgeValue, rig: Rig) -> (otype: String, properties: [(String, ForgeValue)]) {
        (patch + "Set", [(patch + "property", .urid(rig.urid(uri + parameter))), (patch + "value", value)])
    }

    func testTheTurtleDeclaresEachParameterWithItsRangeAndTheFeaturesItNeeds() throws {
        var bundle = BundleContents(binary: "player.so", project: Project(
            uri: "urn:swiftlv2:test", name: "Tests", shortDescription: "Tests",
            maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))
        bundle.add(Player.self)
        let turtle = try XCTUnwrap(TurtleFiles.all(bundle).first { $0.name == "player.ttl" }?.text)
        for expected in [
            "patch:writable <urn:swiftlv2:test:player#sample> , <urn:swiftlv2:test:player#gain> , <urn:swiftlv2:test:player#loop> , <urn:swiftlv2:test:player#name>",
            "patch:readable <urn:swiftlv2:test:player#voices>",
            "<urn:swiftlv2:test:player#sample>\n    a lv2:Parameter ;\n    rdfs:label \"Sample\" ;\n    rdfs:comment \"The sound.\" ;\n    rdfs:range atom:Path .",
            "rdfs:range atom:Float ;\n    lv2:default 0.0 ;\n    lv2:minimum -40.0 ;\n    lv2:maximum 12.0 ;\n    units:unit units:db .",
            "rdfs:range atom:Int ;\n    lv2:default 4 ;\n    lv2:minimum 1 ;\n    lv2:maximum 8 .",
            "rdfs:range atom:Bool ;\n    lv2:default false .",
            "rdfs:range atom:String ;\n    lv2:default \"none\" .",
            // Derived from the parameters, not declared by hand.
            "lv2:requiredFeature urid:map , work:schedule", "lv2:extensionData state:interface , work:interface",
            "atom:supports midi:MidiEvent , patch:Message",
            // The declared defaults as the default state, which hosts restore after instantiating.
            "lv2:optionalFeature log:log , state:loadDefaultState , opts:options",
            "    state:state [\n        <urn:swiftlv2:test:player#sample> <click.wav> ;\n        <urn:swiftlv2:test:player#gain> \"0.0\"^^xsd:float ;\n"
                + "        <urn:swiftlv2:test:player#loop> false ;\n        <urn:swiftlv2:test:player#name> \"none\"\n    ] .\n",
        ] {
            XCTAssertTrue(turtle.contains(expected), "\(expected) in\n\(turtle)")
        }
        let entry = SourceFiles.entryPoint(bundle)
        XCTAssertTrue(entry.contains("save: { PluginGlue<LV2KitParameterTests.Player>.save"), entry)
        XCTAssertTrue(entry.contains("work: { PluginGlue<LV2KitParameterTests.Player>.work"), entry)
    }

    /// What the plugin hears at `instantiate`: each writable number, toggle and text at its
    /// declared default (the file waits for the host's default state or a `patch:Set`).
    static let declaredDefaults = ["gain 0.0", "loop 0.0", "name none"]

    func testThePluginHearsItsDeclaredDefaultsAtInstantiate() throws {
        XCTAssertEqual(try Rig().plugin.changes, Self.declaredDefaults)
        XCTAssertNil(try Rig().plugin.file)
    }

    func testANumberIsClampedGivenToThePluginAndAnnounced() throws {
        let rig = try Rig()
        let notified = rig.run([Self.set("gain", .float(20), rig: rig), Self.set("loop", .bool(true), rig: rig),
                                Self.set("voices", .int(2), rig: rig)])
        XCTAssertEqual(rig.plugin.changes, Self.declaredDefaults + ["gain 12.0", "loop 1.0"],
                       "clamped into the range; a readable one is not set")
        let set = AtomValueCopy.urid(rig.urid(Self.patch + "Set"))
        XCTAssertEqual(notified, [
            ["otype": set, Self.patch + "property": .urid(rig.urid(Self.uri + "gain")), Self.patch + "value": .number(12)],
            ["otype": set, Self.patch + "property": .urid(rig.urid(Self.uri + "loop")), Self.patch + "value": .number(1)],
        ])
        XCTAssertEqual(rig.run(), [], "announced once")
    }

    func testGetAnswersEveryParameterWithItsValue() throws {
        let rig = try Rig()
        let notified = rig.run([(Self.patch + "Get", [])])
        XCTAssertEqual(notified.map { $0[Self.patch + "value"] }, [.number(0), .number(0), .text("none"), .number(4)],
                       "gain, loop, name and the readable voices; no sample, since none is loaded")
        let one = rig.run([(Self.patch + "Get", [(Self.patch + "property", .urid(rig.urid(Self.uri + "name")))])])
        XCTAssertEqual(one.map { $0[Self.patch + "value"] }, [.text("none")])
    }

    func testAFileIsLoadedByTheWorkerAndSwappedInBeforeTheNextRun() throws {
        let rig = try Rig()
        rig.run([Self.set("sample", .path(text("/samples/kick.wav")), rig: rig)])
        XCTAssertNil(rig.plugin.file, "not loaded on the audio thread")
        XCTAssertEqual(rig.host.scheduled.count, 1)
        rig.host.runWorker(Glue.work, rig.handle)
        XCTAssertEqual(rig.host.responses.count, 1)
        rig.host.deliverResponses(Glue.workResponse, rig.handle)
        XCTAssertEqual(rig.plugin.file, Player.File(serial: 1, pathLength: 17))
        XCTAssertEqual(rig.run().map { $0[Self.patch + "value"] }, [.text("/samples/kick.wav")], "the new file announced")

        // A second file replaces the first, which goes back to the worker to be freed.
        rig.run([Self.set("sample", .path(text("/samples/snare.wav")), rig: rig)])
        rig.host.runWorker(Glue.work, rig.handle)
        rig.host.deliverResponses(Glue.workResponse, rig.handle)
        XCTAssertEqual(rig.plugin.file?.serial, 2)
        XCTAssertEqual(Player.Worker.unloaded, [])
        rig.host.runWorker(Glue.work, rig.handle)
        XCTAssertEqual(Player.Worker.unloaded, [1], "the old file freed on the worker thread")

        // A file the worker cannot load, or of a type the parameter does not take, leaves the current one.
        rig.run([Self.set("sample", .path(text("/samples/missing.wav")), rig: rig),
                 Self.set("sample", .path(text("/samples/notes.txt")), rig: rig),
                 Self.set("sample", .path(text("/samples.wav/notes")), rig: rig)])
        XCTAssertEqual(rig.host.scheduled.count, 3)
        rig.host.runWorker(Glue.work, rig.handle)
        XCTAssertEqual(rig.host.responses, [])
        XCTAssertEqual(rig.plugin.file?.serial, 2)
        XCTAssertEqual(rig.run([(Self.patch + "Get", [(Self.patch + "property", .urid(rig.urid(Self.uri + "sample")))])])
            .map { $0[Self.patch + "value"] }, [.text("/samples/snare.wav")])
    }

    func testTheStateSavesEveryWritableParameterAndRestoresItWithoutPluginCode() throws {
        let rig = try Rig()
        rig.run([Self.set("sample", .path(text("/samples/kick.wav")), rig: rig), Self.set("gain", .float(-6), rig: rig),
                 Self.set("name", .string(text("drums")), rig: rig)])
        rig.host.runWorker(Glue.work, rig.handle)
        rig.host.deliverResponses(Glue.workResponse, rig.handle)

        let state = StateHost(rig.host)
        XCTAssertEqual(state.save(Glue.save, rig.handle), LV2_STATE_SUCCESS)
        XCTAssertEqual(state.stored[Self.uri + "sample"]?.text, "kick.wav", "made portable through state:mapPath")
        XCTAssertEqual(state.stored[Self.uri + "gain"]?.type, "http://lv2plug.in/ns/ext/atom#Float")
        XCTAssertEqual(state.stored[Self.uri + "name"]?.text, "drums")
        XCTAssertNil(state.stored[Self.uri + "voices"], "a readable parameter is not state")
        XCTAssertEqual(state.freed, 1, "the host's abstract path freed with its state:freePath")

        // Restored: the file loads at once, in restore (which hosts call alone, since LV2Kit
        // does not declare state:threadSafeRestore), even when the host passes worker:schedule.
        for worker in [false, true] {
            let restored = try Rig()
            XCTAssertEqual(state.restore(Glue.restore, restored.handle, worker: worker ? restored.host : nil), LV2_STATE_SUCCESS)
            XCTAssertEqual(restored.plugin.changes, Self.declaredDefaults + ["gain -6.0", "loop 0.0", "name drums"])
            XCTAssertEqual(restored.plugin.file, Player.File(serial: 1, pathLength: 17), "/samples/ + kick.wav")
            XCTAssertEqual(restored.host.scheduled, [])
        }
        XCTAssertEqual(state.freed, 3, "the host's absolute paths freed too")
    }
}

/// The host's side of `state:interface`: a store that keeps what `save` gives, and the
/// `state:mapPath` and `state:freePath` features (paths under /samples/ made relative).
final class StateHost {
    struct Value { var type: String; var bytes: [UInt8]; var text: String { String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) } }
    let host: TestHost
    var stored: [String: Value] = [:]
    var freed = 0
    private let mapPath = UnsafeMutablePointer<LV2_State_Map_Path>.allocate(capacity: 1)
    private let freePath = UnsafeMutablePointer<LV2_State_Free_Path>.allocate(capacity: 1)

    init(_ host: TestHost) {
        self.host = host
        let me = Unmanaged.passUnretained(self).toOpaque()
        mapPath.initialize(to: LV2_State_Map_Path(handle: me, abstract_path: { _, path in
            strdup(String(cString: path!).replacingOccurrences(of: "/samples/", with: ""))
        }, absolute_path: { _, path in
            strdup("/samples/" + String(cString: path!))
        }))
        freePath.initialize(to: LV2_State_Free_Path(handle: me) { handle, path in
            free(path)
            Unmanaged<StateHost>.fromOpaque(handle!).takeUnretainedValue().freed += 1
        })
    }

    deinit {
        mapPath.deallocate()
        freePath.deallocate()
        kept.forEach { $0.deallocate() }
    }

    private func withFeatures<R>(worker: TestHost?, _ body: (UnsafePointer<UnsafePointer<LV2_Feature>?>) -> R) -> R {
        var entries = [LV2_Feature(URI: URI.stateMapPath.cString, data: mapPath),
                       LV2_Feature(URI: URI.stateFreePath.cString, data: freePath)]
        if let worker { entries.append(LV2_Feature(URI: URI.workerSchedule.cString, data: worker.scheduleFeature)) }
        return entries.withUnsafeBufferPointer { structs in
            let array = (0..<structs.count).map { Optional(structs.baseAddress! + $0) } + [nil]
            return array.withUnsafeBufferPointer { body($0.baseAddress!) }
        }
    }

    func save(_ save: (LV2_Handle?, LV2_State_Store_Function?, LV2_State_Handle?, UInt32, UnsafePointer<UnsafePointer<LV2_Feature>?>?) -> LV2_State_Status,
              _ handle: LV2_Handle) -> LV2_State_Status {
        withFeatures(worker: nil) { features in
            save(handle, { handle, key, value, size, type, _ in
                let me = Unmanaged<StateHost>.fromOpaque(handle!).takeUnretainedValue()
                me.stored[me.host.uri(key)] = Value(type: me.host.uri(type), bytes: Array(UnsafeRawBufferPointer(start: value, count: size)))
                return LV2_STATE_SUCCESS
            }, Unmanaged.passUnretained(self).toOpaque(), 0, features)
        }
    }

    func restore(_ restore: (LV2_Handle?, LV2_State_Retrieve_Function?, LV2_State_Handle?, UInt32, UnsafePointer<UnsafePointer<LV2_Feature>?>?) -> LV2_State_Status,
                 _ handle: LV2_Handle, worker: TestHost?) -> LV2_State_Status {
        withFeatures(worker: worker) { features in
            restore(handle, { handle, key, size, type, flags in
                let me = Unmanaged<StateHost>.fromOpaque(handle!).takeUnretainedValue()
                guard let value = me.stored[me.host.uri(key)] else { return nil }
                size?.pointee = value.bytes.count
                type?.pointee = me.host.urid(value.type)
                flags?.pointee = 0
                // Kept alive by the host for the call, as hosts keep their state.
                let copy = UnsafeMutableRawPointer.allocate(byteCount: value.bytes.count, alignment: 8)
                copy.copyMemory(from: value.bytes, byteCount: value.bytes.count)
                me.kept.append(copy)
                return UnsafeRawPointer(copy)
            }, Unmanaged.passUnretained(self).toOpaque(), 0, features)
        }
    }

    var kept: [UnsafeMutableRawPointer] = []
}
