import CLV2
@testable import LV2Host
import LV2Kit

/// A plugin driven through its descriptor by hand, for what `PluginInstance` (a
/// well-behaved host) never does: hand-made or NULL features, `run(0)`, `run` before
/// `activate`, blocks longer than announced, atom input written byte by byte.
///
/// Every port is connected to memory this object owns: control inputs hold their
/// defaults, audio buffers `capacity` frames, atom inputs and outputs `sequenceCapacity`
/// bytes (outputs prepared before each run as a host does).
final class RawInstance {
    let plugin: PluginInfo
    let capacity: Int
    /// The atom input, for tests to write events into; nil for plugins without one.
    let events: AtomSequenceBuffer?
    let sequenceType: LV2_URID
    let midiEventType: LV2_URID

    private let features: HandMadeFeatures
    private let library: PluginLibrary
    private let descriptor: UnsafePointer<LV2_Descriptor>
    private let handle: LV2_Handle
    private let controlValues: UnsafeMutableBufferPointer<Float>
    private let audioInputs: [UnsafeMutableBufferPointer<Float>]
    private let audioOutputs: [UnsafeMutableBufferPointer<Float>]
    private let eventOutputs: [AtomSequenceBuffer]
    /// A second set of output buffers, for hosts that move the outputs between runs.
    private let otherAudioOutputs: [UnsafeMutableBufferPointer<Float>]

    /// Nil when the plugin refuses to instantiate.
    /// - Parameter features: what `instantiate` gets; nil passes a NULL feature array.
    init?(_ plugin: PluginInfo, sampleRate: Double, features: HandMadeFeatures?,
          capacity: Int = 8192, sequenceCapacity: Int = 8192) throws {
        let library = try PluginLibrary(path: plugin.libraryPath)
        let descriptor = try library.descriptor(uri: plugin.uri)
        guard let handle = descriptor.pointee.instantiate(descriptor, sampleRate, plugin.bundlePath, features?.array) else {
            return nil
        }
        self.plugin = plugin
        self.capacity = capacity
        self.features = features ?? HandMadeFeatures()
        self.library = library
        self.descriptor = descriptor
        self.handle = handle
        sequenceType = self.features.urid(LV2URI.atomSequence)
        midiEventType = self.features.urid(LV2URI.midiEvent)
        controlValues = .allocate(capacity: plugin.portCount)
        controlValues.initialize(repeating: 0)
        audioInputs = plugin.ports(.audio, input: true).map { _ in Self.samples(capacity) }
        audioOutputs = plugin.ports(.audio, input: false).map { _ in Self.samples(capacity) }
        otherAudioOutputs = plugin.ports(.audio, input: false).map { _ in Self.samples(capacity) }
        events = plugin.midiInput.map { _ in AtomSequenceBuffer(capacity: sequenceCapacity) }
        eventOutputs = plugin.ports(.atom, input: false).map { _ in AtomSequenceBuffer(capacity: sequenceCapacity) }
        for port in plugin.ports where port.kind == .control {
            controlValues[port.index] = port.isInput ? port.initialValue : 0
        }
        events?.clear(sequenceType: sequenceType)
        connectAll()
    }

    deinit {
        descriptor.pointee.cleanup(handle)
        controlValues.deallocate()
        (audioInputs + audioOutputs + otherAudioOutputs).forEach { $0.deallocate() }
        events?.deallocate()
        eventOutputs.forEach { $0.deallocate() }
    }

    /// Connects every port to this object's memory, as `init` does.
    func connectAll() {
        for port in plugin.ports where port.kind == .control {
            connect(port.index, to: controlValues.baseAddress! + port.index)
        }
        for (port, buffer) in zip(plugin.ports(.audio, input: true), audioInputs) { connect(port.index, to: buffer.baseAddress) }
        connectAudioOutputs()
        if let midi = plugin.midiInput { connect(midi.index, to: events?.buffer) }
        for (port, sequence) in zip(plugin.ports(.atom, input: false), eventOutputs) { connect(port.index, to: sequence.buffer) }
    }

    /// Connects every port to NULL, as a host does before it has buffers for them.
    func disconnectAll() {
        for port in plugin.ports { connect(port.index, to: nil) }
    }

    private static func samples(_ count: Int) -> UnsafeMutableBufferPointer<Float> {
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
        buffer.initialize(repeating: 0)
        return buffer
    }

    func connect(_ port: Int, to data: UnsafeMutableRawPointer?) {
        descriptor.pointee.connect_port(handle, UInt32(port), data)
    }

    /// Sets a control input to any value at all.
    func setControl(_ symbol: String, _ value: Float) {
        controlValues[index(of: symbol)] = value
    }

    /// A control port's value (outputs such as `latency` too).
    func control(_ symbol: String) -> Float {
        controlValues[index(of: symbol)]
    }

    /// Every control input back to its default.
    func resetControls() {
        for port in plugin.ports(.control, input: true) { controlValues[port.index] = port.initialValue }
    }

    private func index(of symbol: String) -> Int {
        guard let port = plugin.ports.first(where: { $0.symbol == symbol && $0.kind == .control }) else {
            preconditionFailure("\(plugin.uri) has no control port \(symbol)")
        }
        return port.index
    }

    /// When true, audio output i shares audio input i's buffer, as hosts that process in place do.
    var connectsInPlace = false {
        didSet { connectAudioOutputs() }
    }

    /// When true, the audio outputs are connected to the second set of buffers.
    var usesOtherOutputs = false {
        didSet { connectAudioOutputs() }
    }

    private func connectAudioOutputs() {
        for (index, port) in plugin.ports(.audio, input: false).enumerated() { connect(port.index, to: audioOutput(index).baseAddress) }
    }

    func audioInput(_ index: Int) -> UnsafeMutableBufferPointer<Float> { audioInputs[index] }
    func audioOutput(_ index: Int) -> UnsafeMutableBufferPointer<Float> {
        connectsInPlace && index < audioInputs.count ? audioInputs[index]
            : usesOtherOutputs ? otherAudioOutputs[index] : audioOutputs[index]
    }
    var audioInputCount: Int { audioInputs.count }
    var audioOutputCount: Int { audioOutputs.count }

    func activate() { descriptor.pointee.activate?(handle) }
    func deactivate() { descriptor.pointee.deactivate?(handle) }

    /// Runs one block of any length (the audio buffers hold `capacity` frames); the
    /// atom input is left as the test wrote it.
    func run(frames: Int) {
        precondition(frames <= capacity, "the buffers hold \(capacity) frames")
        eventOutputs.forEach { $0.prepareForOutput(chunkType: features.urid(LV2URI.atomChunk)) }
        descriptor.pointee.run(handle, UInt32(frames))
    }

    /// The events the plugin wrote to event output `index` in the last run, read as a
    /// plugin reads its input (LV2Kit's `AtomEvents`, which checks every size).
    func outputEvents(_ index: Int) -> [(frame: Int, bytes: [UInt8])] {
        let sequence = UnsafePointer(eventOutputs[index].buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self))
        let ids = SequenceURIDs(HostFeatures(features.array))
        return AtomEvents(sequence, capacity: eventOutputs[index].capacity, ids: ids, blockLength: Int(Int32.max))
            .map { ($0.frame, Array($0.body)) }
    }

    /// The plugin's `state:interface`, if its `extension_data` gives one.
    private var stateInterface: UnsafePointer<LV2_State_Interface>? {
        descriptor.pointee.extension_data?("http://lv2plug.in/ns/ext/state#interface")?.assumingMemoryBound(to: LV2_State_Interface.self)
    }

    /// Saves the plugin's state as a host does; nil when it has no state interface or fails.
    func saveState() -> SavedState? {
        guard let save = stateInterface?.pointee.save else { return nil }
        let state = SavedState()
        let status = save(handle, { handle, key, value, size, type, _ in
            guard let handle, let value else { return LV2_STATE_ERR_UNKNOWN }
            Unmanaged<SavedState>.fromOpaque(handle).takeUnretainedValue().values[key] =
                (type, Array(UnsafeRawBufferPointer(start: value, count: size)))
            return LV2_STATE_SUCCESS
        }, Unmanaged.passUnretained(state).toOpaque(), 0, nil)
        return status == LV2_STATE_SUCCESS ? state : nil
    }

    /// Restores a saved state as a host does; false when the plugin refused.
    func restoreState(_ state: SavedState) -> Bool {
        guard let restore = stateInterface?.pointee.restore else { return false }
        let status = restore(handle, { handle, key, size, type, flags in
            guard let handle, let size, let type else { return nil }
            return Unmanaged<SavedState>.fromOpaque(handle).takeUnretainedValue().retrieve(key, size: size, type: type)
        }, Unmanaged.passUnretained(state).toOpaque(), 0, nil)
        return status == LV2_STATE_SUCCESS
    }
}

/// What `saveState` got: each key's type and bytes.
final class SavedState {
    var values: [LV2_URID: (type: LV2_URID, bytes: [UInt8])] = [:]
    /// Copies handed to the plugin by `retrieve`, valid until this object goes.
    private var handedOut: [UnsafeMutableRawPointer] = []

    deinit { handedOut.forEach { $0.deallocate() } }

    fileprivate func retrieve(_ key: LV2_URID, size: UnsafeMutablePointer<Int>, type: UnsafeMutablePointer<UInt32>) -> UnsafeRawPointer? {
        guard let value = values[key] else { return nil }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(1, value.bytes.count), alignment: 8)
        copy.copyMemory(from: value.bytes, byteCount: value.bytes.count)
        handedOut.append(copy)
        size.pointee = value.bytes.count
        type.pointee = value.type
        return UnsafeRawPointer(copy)
    }
}
