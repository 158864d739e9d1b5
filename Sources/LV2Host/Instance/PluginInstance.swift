import AudioMIDIFiles
import CLV2
import CRemovalOnSignal
import Foundation

/// One live plugin: its library, its handle and a buffer for every port.
///
/// Every port is connected once, at creation, to memory this object owns; only
/// the audio outputs move, when `connectsInPlace` changes. The instance is
/// deactivated if needed and cleaned up when released.
public final class PluginInstance {
    public let plugin: PluginInfo
    public let features: HostFeatureSet
    public let maxBlockLength: Int
    public let sequenceSize: Int

    private let library: PluginLibrary
    /// Also for `PluginState`, which hands them to lilv as a `LilvInstance`.
    package let descriptor: UnsafePointer<LV2_Descriptor>
    package let handle: LV2_Handle
    /// One value per port index; only the control ports' entries are connected.
    private let controlValues: UnsafeMutableBufferPointer<Float>
    private let audioInputs: [UnsafeMutableBufferPointer<Float>]
    private let audioOutputs: [UnsafeMutableBufferPointer<Float>]
    private let cvBuffers: [UnsafeMutableBufferPointer<Float>]
    private let atomInputs: [AtomSequenceBuffer]
    private let atomOutputs: [AtomSequenceBuffer]
    /// Where `addMIDIEvent` writes: the atom input that takes MIDI, if any.
    private let midiSequence: AtomSequenceBuffer?
    /// Where `setParameter` writes: the atom input that takes `patch:Set`, if any.
    private let parameterSequence: AtomSequenceBuffer?
    /// Where `addPosition` writes: the atom input that takes `time:Position`, if any.
    private let timeSequence: AtomSequenceBuffer?
    private let sequenceType, chunkType, midiEventType: LV2_URID
    private var isActive = false
    /// The URI as C text, for the crash and hang reports of `calling` (plugin_calls.h).
    private let callName: UnsafeMutablePointer<CChar>
    /// The frames `run` has been given since the instance was made: where the next block starts.
    private var framesRun = 0

    /// When true, audio output i uses the same memory as audio input i (for the
    /// outputs that have a matching input), as `--in-place` asks.
    public var connectsInPlace = false {
        didSet { connectAudioOutputs() }
    }

    public convenience init(plugin: PluginInfo, sampleRate: Double, maxBlockLength: Int = 8192, sequenceSize: Int = 65536,
                            nominalBlockLength: Int? = nil) throws {
        try self.init(plugin: plugin, sampleRate: sampleRate, maxBlockLength: maxBlockLength, sequenceSize: sequenceSize,
                      nominalBlockLength: nominalBlockLength, urids: URIDTable())
    }

    /// `urids`: the world's table, for an instance that takes state the world has read.
    /// `plugin`'s ranges are taken as declared and scaled to `sampleRate` here (`instance.plugin` is scaled).
    package init(plugin declared: PluginInfo, sampleRate: Double, maxBlockLength: Int = 8192, sequenceSize: Int = 65536,
         nominalBlockLength: Int? = nil, urids: URIDTable) throws {
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw HostError("The sample rate must be a positive number of hertz, not \(sampleRate.compactDescription).")
        }
        let plugin = declared.scaled(toSampleRate: sampleRate)
        guard (1...Self.largestBlockLength).contains(maxBlockLength) else {
            throw HostError("The largest block must be between 1 and \(Self.largestBlockLength) frames, not \(maxBlockLength).")
        }
        guard (256...(1 << 26)).contains(sequenceSize) else {
            throw HostError("The atom sequence size must be between 256 and \(1 << 26) bytes, not \(sequenceSize).")
        }
        let features = HostFeatureSet(sampleRate: sampleRate, minBlockLength: 1, maxBlockLength: maxBlockLength,
                                       nominalBlockLength: min(nominalBlockLength ?? maxBlockLength, maxBlockLength),
                                       sequenceSize: sequenceSize, urids: urids, pluginName: plugin.name)
        let supported = features.supportedFeatureURIs
        let missing = plugin.requiredFeatures.filter { !supported.contains($0) }
        if !missing.isEmpty {
            let features = missing.count == 1 ? "the feature \(missing[0])" : "the features " + missing.joined(separator: " and ")
            throw HostError("The plugin \(plugin.uri) requires \(features), which lv2render does not provide.")
        }
        if let port = plugin.unsupportedPorts.first {
            throw HostError("The plugin \(plugin.uri) has port \(port) of a type lv2render cannot connect.")
        }
        guard !plugin.libraryPath.isEmpty else {
            throw HostError("The plugin \(plugin.uri) names no binary (lv2:binary) in its description.")
        }
        let library = try PluginLibrary(path: plugin.libraryPath)
        let descriptor = try library.descriptor(uri: plugin.uri)
        let callName = strdup(plugin.uri)!
        plugin_call_begin(callName, ("instantiate" as StaticString).cString, -1, -1)
        let made = descriptor.pointee.instantiate.flatMap { $0(descriptor, sampleRate, plugin.bundlePath, features.featureArray) }
        plugin_call_end()
        guard let handle = made else {
            free(callName)
            throw HostError("The plugin \(plugin.uri) failed to instantiate at \(sampleRate.compactDescription) Hz.")
        }

        self.plugin = plugin
        self.features = features
        self.maxBlockLength = maxBlockLength
        self.sequenceSize = sequenceSize
        self.library = library
        self.descriptor = descriptor
        self.handle = handle
        self.callName = callName
        features.worker.attach(descriptor, handle, callName: callName)
        sequenceType = features.urid(LV2URI.atomSequence)
        chunkType = features.urid(LV2URI.atomChunk)
        midiEventType = features.urid(LV2URI.midiEvent)

        controlValues = .allocate(capacity: max(plugin.portCount, 1))
        controlValues.initialize(repeating: 0)
        for port in plugin.ports(.control, input: true) {
            // Offline, the host runs as fast as it can: a render is free-wheeling.
            controlValues[port.index] = port.designation == LV2URI.freeWheeling ? 1 : port.initialValue
        }
        audioInputs = plugin.ports(.audio, input: true).map { _ in Self.allocateSamples(maxBlockLength) }
        audioOutputs = plugin.ports(.audio, input: false).map { _ in Self.allocateSamples(maxBlockLength) }
        cvBuffers = plugin.ports.filter { $0.kind == .cv }.map { _ in Self.allocateSamples(maxBlockLength) }
        let atomInputs = plugin.ports(.atom, input: true).map { _ in AtomSequenceBuffer(capacity: sequenceSize) }
        let midiPosition = plugin.midiInput.flatMap { midi in plugin.ports(.atom, input: true).firstIndex { $0.index == midi.index } }
        self.atomInputs = atomInputs
        atomOutputs = plugin.ports(.atom, input: false).map { _ in AtomSequenceBuffer(capacity: sequenceSize) }
        midiSequence = midiPosition.map { atomInputs[$0] }
        let parameterPosition = plugin.parameterInput.flatMap { input in plugin.ports(.atom, input: true).firstIndex { $0.index == input.index } }
        parameterSequence = parameterPosition.map { atomInputs[$0] }
        let timePosition = plugin.ports(.atom, input: true).firstIndex { $0.supportsTimePosition }
        timeSequence = timePosition.map { atomInputs[$0] }

        connectFixedPorts()
        connectAudioOutputs()
        clearEvents()
    }

    /// Called just before the instance is deactivated and cleaned up (the checker names
    /// that step, since plugins crash in cleanup too).
    public var willCleanUp: (() -> Void)?

    deinit {
        willCleanUp?()
        deactivate()
        calling("cleanup") { descriptor.pointee.cleanup?(handle) }
        free(callName)
        controlValues.deallocate()
        (audioInputs + audioOutputs + cvBuffers).forEach { $0.deallocate() }
        (atomInputs + atomOutputs).forEach { $0.deallocate() }
    }

    /// Blocks longer than this are refused: a megaframe is 20 s at 48 kHz.
    public static let largestBlockLength = 1 << 20

    private static func allocateSamples(_ count: Int) -> UnsafeMutableBufferPointer<Float> {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Float>.stride, alignment: 64)
        let samples = memory.initializeMemory(as: Float.self, repeating: 0, count: count)
        return UnsafeMutableBufferPointer(start: samples, count: count)
    }

    private func connect(_ port: PortInfo, to location: UnsafeMutableRawPointer?) {
        calling("connect_port") { descriptor.pointee.connect_port?(handle, UInt32(port.index), location) }
    }

    /// Makes `body`, a call into the plugin named `call`, known to lv2render's crash and hang
    /// reports (plugin_calls.h). Not for the run path: an unspecialized generic has the runtime
    /// allocate and lock for its type's metadata on first use (`run` brackets its call by hand).
    package func calling<Result>(_ call: StaticString, _ body: () throws -> Result) rethrows -> Result {
        plugin_call_begin(callName, call.cString, -1, -1)
        defer { plugin_call_end() }
        return try body()
    }

    private func connectFixedPorts() {
        for port in plugin.ports where port.kind == .control {
            connect(port, to: controlValues.baseAddress! + port.index)
        }
        for (port, buffer) in zip(plugin.ports(.audio, input: true), audioInputs) {
            connect(port, to: buffer.baseAddress)
        }
        for (port, buffer) in zip(plugin.ports.filter { $0.kind == .cv }, cvBuffers) {
            connect(port, to: buffer.baseAddress)
        }
        for (port, sequence) in zip(plugin.ports(.atom, input: true), atomInputs) {
            connect(port, to: sequence.buffer)
        }
        for (port, sequence) in zip(plugin.ports(.atom, input: false), atomOutputs) {
            connect(port, to: sequence.buffer)
        }
    }

    private func connectAudioOutputs() {
        for (i, port) in plugin.ports(.audio, input: false).enumerated() {
            connect(port, to: audioOutput(i).baseAddress)
        }
    }

    // MARK: - Controls

    /// Sets a control input; the value must lie in the port's range (in hertz for an
    /// `lv2:sampleRate` port).
    public func setControl(_ symbol: String, _ value: Float) throws {
        let port = try controlInput(symbol)
        guard value.isFinite else {
            throw HostError("The value for \(symbol) must be a finite number.")
        }
        if let minimum = port.minimum, let maximum = port.maximum {
            // Compared one by one: a plugin's description may give NaN or a minimum above
            // its maximum, and a `ClosedRange` of those would trap.
            guard minimum <= maximum else {
                throw HostError("The plugin \(plugin.uri) gives its port \(symbol) the impossible range \(port.rangeDescription), so lv2render cannot set it.")
            }
            guard value >= minimum, value <= maximum else {
                throw HostError("The value \(value.compactDescription) for \(symbol) is outside its range \(port.rangeDescription).")
            }
        }
        controlValues[port.index] = value
    }

    /// Sets a control input to `value`, or to the nearest end of its range when it lies
    /// outside; returns the value set.
    @discardableResult
    func setControlClamped(_ port: PortInfo, _ value: Float) -> Float {
        var clamped = value
        if let minimum = port.minimum, let maximum = port.maximum, minimum <= maximum {
            clamped = Swift.min(Swift.max(value, minimum), maximum)
        }
        controlValues[port.index] = clamped
        return clamped
    }

    /// Sets a control input to any value at all, NaN and out-of-range included:
    /// for tests that check a plugin survives what a careless host might send.
    public func setControlUnchecked(_ symbol: String, _ value: Float) throws {
        controlValues[try controlInput(symbol).index] = value
    }

    private func controlInput(_ symbol: String) throws -> PortInfo {
        let port = try plugin.port(symbol: symbol)
        guard port.kind == .control, port.isInput else {
            throw HostError("The port \(symbol) of plugin \(plugin.uri) is not a control input.")
        }
        return port
    }

    /// The current value of a control input or output (e.g. "latency").
    public func control(_ symbol: String) throws -> Float {
        let port = try plugin.port(symbol: symbol)
        guard port.kind == .control else {
            throw HostError("The port \(symbol) of plugin \(plugin.uri) is not a control port.")
        }
        return controlValues[port.index]
    }

    /// The latency the plugin reports on its latency port, in whole frames (0 without one).
    public var reportedLatency: Int {
        guard let index = plugin.latencyPortIndex, index < controlValues.count else { return 0 }
        let value = controlValues[index]
        guard value.isFinite, value > 0 else { return 0 }
        return Int(min(value, 1e9).rounded())
    }

    // MARK: - CV

    /// The buffer behind the CV input `symbol`, `maxBlockLength` samples long; nil when the
    /// plugin has no CV input of that symbol. The plugin only reads it, so what is written stays.
    public func cvInput(_ symbol: String) -> UnsafeMutableBufferPointer<Float>? {
        cvInputs[symbol]
    }

    /// Found once: the renderer asks for automated CV inputs every block.
    private lazy var cvInputs: [String: UnsafeMutableBufferPointer<Float>] = Dictionary(
        zip(plugin.ports.filter { $0.kind == .cv }, cvBuffers).filter { $0.0.isInput }.map { ($0.0.symbol, $0.1) },
        uniquingKeysWith: { first, _ in first })

    // MARK: - Audio

    public var audioInputCount: Int { audioInputs.count }
    public var audioOutputCount: Int { audioOutputs.count }

    /// The buffer behind audio input `i`, `maxBlockLength` samples long.
    public func audioInput(_ i: Int) -> UnsafeMutableBufferPointer<Float> {
        audioInputs[i]
    }

    /// The buffer behind audio output `i`: input i's when connected in place.
    public func audioOutput(_ i: Int) -> UnsafeMutableBufferPointer<Float> {
        connectsInPlace && i < audioInputs.count ? audioInputs[i] : audioOutputs[i]
    }

    // MARK: - Events

    /// When set, every emptied input sequence carries this time unit and padding word, as
    /// a host that never writes them leaves them (Carla 2.6 hands over malloc's leftovers).
    public var sloppySequenceHeader: (unit: UInt32, pad: UInt32)? {
        didSet { clearEvents() }
    }

    /// Empties the MIDI input sequence (run does this itself after each block).
    public func clearEvents() {
        for index in atomInputs.indices {
            atomInputs[index].clear(sequenceType: sequenceType)
            if let header = sloppySequenceHeader {
                atomInputs[index].claimUnit(header.unit)
                atomInputs[index].claimPad(header.pad)
            }
        }
    }

    /// Adds a MIDI message at `frame` within the next block. Events must be added
    /// in time order. Returns false when the plugin has no atom input or the
    /// sequence (`sequenceSize` bytes) is full.
    @discardableResult
    public func addMIDIEvent(frame: Int, bytes: [UInt8]) -> Bool {
        midiSequence?.append(frame: frame, type: midiEventType, bytes: bytes) ?? false
    }

    /// The MIDI messages the plugin wrote to its atom outputs in the last block of
    /// `frames`, by frame within it (outputs in port order, each in its own order).
    public func midiOutput(frames: Int) -> [(frame: Int, bytes: [UInt8])] {
        atomOutputs.flatMap { $0.outputEvents(type: midiEventType, sequenceType: sequenceType, frames: frames) }
            .enumerated().sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }.map(\.element)
    }

    /// Whether the plugin has an atom output MIDI may come out of.
    public var hasAtomOutput: Bool { !atomOutputs.isEmpty }

    /// Whether `addMIDIEvent` has anywhere to deliver to.
    public var acceptsMIDI: Bool { midiSequence != nil }

    /// Sends `patch:Set` for a parameter at the start of the next block. The plugin takes
    /// it in `run`, perhaps through the worker (eg-sampler loads its sample there).
    public func setParameter(_ parameter: ParameterInfo, _ value: PatchValue) throws {
        guard let parameterSequence else {
            throw HostError("The plugin \(plugin.uri) has no atom input for parameter messages, so \(parameter.uri) cannot be set.")
        }
        let (type, body) = value.atom
        var object = AtomObject(type: LV2URI.patchSet, features: features)
        object.add(LV2URI.patchProperty, type: LV2URI.atom + "URID", integer: features.urid(parameter.propertyURI))
        object.add(LV2URI.patchValue, type: type, body)
        guard parameterSequence.append(frame: 0, type: features.urid(LV2URI.atomObject), bytes: object.body) else {
            throw HostError("The parameter value for \(parameter.uri) does not fit in the plugin's atom input.")
        }
    }

    /// Whether the plugin takes `time:Position` on an atom input.
    public var acceptsTime: Bool { timeSequence != nil }

    /// Whether the time and the MIDI go into the same sequence, so must be added in time order.
    var sharesTimeAndMIDI: Bool { timeSequence != nil && timeSequence?.buffer == midiSequence?.buffer }

    /// Adds a `time:Position` at `frame` within the next block, rolling at speed 1.
    func addPosition(frame: Int, _ position: Transport.Position) throws {
        guard let timeSequence else { return }
        var object = AtomObject(type: LV2URI.timePosition, features: features)
        object.add(LV2URI.time + "frame", type: LV2URI.atom + "Long", integer: Int64(position.frame))
        object.add(LV2URI.time + "speed", float: 1)
        object.add(LV2URI.time + "bar", type: LV2URI.atom + "Long", integer: Int64(position.bar))
        object.add(LV2URI.time + "barBeat", float: Float(position.barBeat))
        object.add(LV2URI.time + "beat", double: position.beat)
        object.add(LV2URI.time + "beatUnit", type: LV2URI.atomInt, integer: Int32(position.meter.beatUnit))
        object.add(LV2URI.time + "beatsPerBar", float: Float(position.meter.beatsPerBar))
        object.add(LV2URI.time + "beatsPerMinute", float: Float(position.beatsPerMinute))
        guard timeSequence.append(frame: frame, type: features.urid(LV2URI.atomObject), bytes: object.body) else {
            throw HostError("The time position does not fit in the atom input of \(plugin.uri); use smaller blocks.")
        }
    }

    /// Sets the control inputs designated `time:beatsPerMinute`, `time:bar` and the like
    /// to `position`, for the block that starts there.
    func followTime(_ position: Transport.Position) {
        for port in timeControls {
            let value: Double
            switch port.designation.map({ String($0.dropFirst(LV2URI.time.count)) }) {
            case "beatsPerMinute": value = position.beatsPerMinute
            case "beatsPerBar": value = position.meter.beatsPerBar
            case "beatUnit": value = Double(position.meter.beatUnit)
            case "speed": value = 1
            case "bar": value = Double(position.bar)
            case "barBeat": value = position.barBeat
            case "beat": value = position.beat
            case "frame": value = Double(position.frame)
            default: continue
            }
            controlValues[port.index] = Float(value)
        }
    }

    /// Found once: looking them up every block was a tenth of lv2render's time at `--block 1`.
    private lazy var timeControls: [PortInfo] =
        plugin.ports(.control, input: true).filter { $0.designation?.hasPrefix(LV2URI.time) ?? false }

    // MARK: - Running

    public func activate() {
        guard !isActive else { return }
        calling("activate") { descriptor.pointee.activate?(handle) }
        isActive = true
    }

    /// Runs one block of `frames` (0 … maxBlockLength), delivers the worker's responses,
    /// then empties the input sequences so the next block starts with no events.
    /// Allocates and locks nothing (the plugin tests check this with RTProbe), so
    /// the loops here and in `clearEvents` go by index: an unoptimized build
    /// allocates for `forEach` and for `for … in` over an array, not for indices.
    public func run(frames: Int) {
        precondition(frames >= 0 && frames <= maxBlockLength, "block length outside 0...maxBlockLength")
        for index in atomOutputs.indices {
            atomOutputs[index].prepareForOutput(chunkType: chunkType)
        }
        // Bracketed by hand, not through the generic `calling` (see PluginWorker.begin); the
        // name from a StaticString, since a String bridged to C is a copy on the heap.
        plugin_call_begin(callName, ("run" as StaticString).cString, Int64(framesRun), Int64(frames))
        descriptor.pointee.run?(handle, UInt32(frames))
        features.worker.deliverResponses()
        plugin_call_end()
        framesRun += frames
        clearEvents()
    }

    /// Connects the audio and CV ports to NULL, as hosts that only want a plugin's latency
    /// do before a `run(0)`; there is no way back for this instance.
    public func disconnectSignalPorts() {
        for port in plugin.ports where port.kind == .audio || port.kind == .cv {
            connect(port, to: nil)
        }
    }

    /// Runs a block of no frames when the worker holds responses (work that restoring a state
    /// or a preset scheduled: a-fluidsynth loads its SoundFont so), so that they are answered
    /// before the next frame. The instance must be active.
    public func answerPendingWork() {
        if features.worker.hasResponses { run(frames: 0) }
    }

    public func deactivate() {
        guard isActive else { return }
        calling("deactivate") { descriptor.pointee.deactivate?(handle) }
        isActive = false
    }
}

extension StaticString {
    /// The literal as C text, for plugin_calls.h: no copy, so nothing allocates on the run path.
    var cString: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
