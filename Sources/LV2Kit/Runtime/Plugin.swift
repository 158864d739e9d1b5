import CLV2
import CMath

/// A plugin: its declaration, its ports, and what it does with them.
///
/// A plugin is a non-copyable value that owns its buffers: it is built once in
/// `instantiate` (the only place that allocates) and lives at a fixed address until
/// `cleanup`, which runs its `deinit`. Everything but the declaration, `init` and `run`
/// has a default that does nothing.
public protocol LV2Plugin: ~Copyable {
    associatedtype Port: PortList

    static var declaration: PluginDeclaration { get }
    /// Factory presets, written into the bundle by the generator.
    static var presets: [Preset<Port>] { get }

    /// Builds the plugin for the host's sample rate; nil refuses the instantiation. By
    /// then the glue has checked the rate against `declaration.sampleRates` and the
    /// host's features against `declaration.requiredFeatures`.
    init?(sampleRate: Double, host: borrowing HostFeatures)
    /// Returns the plugin to its freshly instantiated state, ready to `run` with the
    /// controls as they are now.
    mutating func activate(_ ports: borrowing Ports<Port>)
    mutating func deactivate()
    /// Processes `frames` frames; must not allocate, lock or wait.
    mutating func run(_ ports: borrowing Ports<Port>, frames: Int)

    /// `ExtensionData.state`: writes what the ports do not hold.
    func save(_ state: StateWriter) -> LV2_State_Status
    /// `ExtensionData.state`: takes back what `save` wrote.
    mutating func restore(_ state: StateReader) -> LV2_State_Status
    /// `ExtensionData.worker`, on the host's worker thread: does what `run` scheduled.
    mutating func work(_ request: UnsafeRawBufferPointer, respond: WorkerResponder) -> LV2_Worker_Status
    /// `ExtensionData.worker`, on the audio thread before a `run`: takes a response of `work`.
    mutating func workResponse(_ response: UnsafeRawBufferPointer) -> LV2_Worker_Status
    /// `ExtensionData.worker`, after every `run` and its responses.
    mutating func endRun() -> LV2_Worker_Status
}

extension LV2Plugin where Self: ~Copyable {
    public static var presets: [Preset<Port>] { [] }
    public mutating func activate(_ ports: borrowing Ports<Port>) {}
    public mutating func deactivate() {}
    public func save(_ state: StateWriter) -> LV2_State_Status { LV2_STATE_SUCCESS }
    public mutating func restore(_ state: StateReader) -> LV2_State_Status { LV2_STATE_SUCCESS }
    public mutating func work(_ request: UnsafeRawBufferPointer, respond: WorkerResponder) -> LV2_Worker_Status {
        LV2_WORKER_ERR_UNKNOWN
    }
    public mutating func workResponse(_ response: UnsafeRawBufferPointer) -> LV2_Worker_Status { LV2_WORKER_SUCCESS }
    public mutating func endRun() -> LV2_Worker_Status { LV2_WORKER_SUCCESS }
}

/// The C entry points of an `LV2_Descriptor`, written once for every plugin.
///
/// Swift cannot form a C function pointer inside generic code, so each plugin's
/// descriptor is a literal of one-line closures that call in here with the plugin's
/// type. The generator writes those literals (`Bundle.swift`), so a plugin's author
/// never does; see docs/lv2kit.md for why this is the smallest design that works.
@_spi(Generated) public enum PluginGlue<Plugin: LV2Plugin & ~Copyable> {
    /// What a handle points to: the plugin and the ports the host connected.
    struct Instance: ~Copyable {
        var ports: Ports<Plugin.Port>
        var plugin: Plugin
        let state: StateURIDs
    }

    public static func instantiate(
        sampleRate: Double, bundlePath: UnsafePointer<CChar>?, features: UnsafePointer<UnsafePointer<LV2_Feature>?>?
    ) -> LV2_Handle? {
        let declaration = Plugin.declaration
        let host = HostFeatures(features, bundlePath: bundlePath, name: declaration.name)
        guard sampleRate.isFinite, declaration.sampleRates.contains(sampleRate) else {
            host.log.error("refused: this sample rate is outside the range the plugin works at")
            return nil
        }
        for feature in declaration.requiredFeatures where feature.isPassedByHost && !host.provides(feature.uri) {
            host.log.error("refused: the host does not provide a feature the plugin requires: ", feature.uri.cString)
            return nil
        }
        let ports = Ports<Plugin.Port>(host: host)
        guard let plugin = Plugin(sampleRate: sampleRate, host: host) else { return nil }
        let instance = UnsafeMutablePointer<Instance>.allocate(capacity: 1)
        instance.initialize(to: Instance(ports: ports, plugin: plugin, state: StateURIDs(host)))
        return LV2_Handle(instance)
    }

    public static func connect(_ handle: LV2_Handle?, _ port: UInt32, _ data: UnsafeMutableRawPointer?) {
        instance(handle)?.pointee.ports.connect(port, to: data)
    }

    public static func activate(_ handle: LV2_Handle?) {
        guard let instance = instance(handle) else { return }
        instance.pointee.plugin.activate(instance.pointee.ports)
    }

    /// Runs one block with denormals flushed to zero, then gives the host back its
    /// thread's floating-point mode. (Generic code cannot carry `@_noAllocation`; every
    /// call made here does: the plugin's `run` and `prepareEventOutputs`.)
    public static func run(_ handle: LV2_Handle?, _ frames: UInt32) {
        guard let instance = instance(handle) else { return }
        let floatMode = swiftlv2_enter_flush_to_zero()
        instance.pointee.ports.prepareEventOutputs()
        instance.pointee.plugin.run(instance.pointee.ports, frames: Int(frames))
        swiftlv2_restore_float_mode(floatMode)
    }

    public static func deactivate(_ handle: LV2_Handle?) {
        instance(handle)?.pointee.plugin.deactivate()
    }

    public static func cleanup(_ handle: LV2_Handle?) {
        guard let instance = instance(handle) else { return }
        instance.deinitialize(count: 1)
        instance.deallocate()
    }

    /// `extension_data`: the interface for `uri` when the declaration lists it.
    public static func extensionData(_ uri: UnsafePointer<CChar>?, state: UnsafeRawPointer?,
                                     worker: UnsafeRawPointer?) -> UnsafeRawPointer? {
        if ExtensionData.state.uri.matches(uri) { return state }
        if ExtensionData.worker.uri.matches(uri) { return worker }
        return nil
    }

    // MARK: state:interface

    public static func save(_ handle: LV2_Handle?, _ store: LV2_State_Store_Function?, _ storeHandle: LV2_State_Handle?,
                            _ flags: UInt32, _ features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) -> LV2_State_Status {
        guard let instance = instance(handle), let store else { return LV2_STATE_ERR_UNKNOWN }
        return instance.pointee.plugin.save(StateWriter(store: store, handle: storeHandle, urids: instance.pointee.state,
                                                        features: features))
    }

    public static func restore(_ handle: LV2_Handle?, _ retrieve: LV2_State_Retrieve_Function?,
                               _ retrieveHandle: LV2_State_Handle?, _ flags: UInt32,
                               _ features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) -> LV2_State_Status {
        guard let instance = instance(handle), let retrieve else { return LV2_STATE_ERR_UNKNOWN }
        return instance.pointee.plugin.restore(StateReader(retrieve: retrieve, handle: retrieveHandle,
                                                           urids: instance.pointee.state, features: features))
    }

    // MARK: worker:interface

    public static func work(_ handle: LV2_Handle?, _ respond: LV2_Worker_Respond_Function?,
                            _ respondHandle: LV2_Worker_Respond_Handle?, _ size: UInt32,
                            _ data: UnsafeRawPointer?) -> LV2_Worker_Status {
        guard let instance = instance(handle), let respond else { return LV2_WORKER_ERR_UNKNOWN }
        return instance.pointee.plugin.work(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : Int(size)),
                                            respond: WorkerResponder(respond: respond, handle: respondHandle))
    }

    public static func workResponse(_ handle: LV2_Handle?, _ size: UInt32, _ body: UnsafeRawPointer?) -> LV2_Worker_Status {
        guard let instance = instance(handle) else { return LV2_WORKER_ERR_UNKNOWN }
        return instance.pointee.plugin.workResponse(UnsafeRawBufferPointer(start: body, count: body == nil ? 0 : Int(size)))
    }

    public static func endRun(_ handle: LV2_Handle?) -> LV2_Worker_Status {
        instance(handle)?.pointee.plugin.endRun() ?? LV2_WORKER_ERR_UNKNOWN
    }

    private static func instance(_ handle: LV2_Handle?) -> UnsafeMutablePointer<Instance>? {
        handle?.assumingMemoryBound(to: Instance.self)
    }
}
