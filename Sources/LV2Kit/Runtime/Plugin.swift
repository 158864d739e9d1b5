import CLV2
import CMath

/// A plugin: its declaration, its ports, and what it does with them.
///
/// A plugin is a non-copyable value that owns its buffers: it is built once in
/// `instantiate` (the only place that allocates) and lives at a fixed address until
/// `cleanup`, which runs its `deinit`. Everything but the declaration, `init` and `run`
/// has a default that does nothing.
public protocol LV2Plugin: ~Copyable {
    /// The plugin's ports, in index order (`enum Port: Int, PortList`).
    associatedtype Port: PortList
    /// The plugin's `patch:writable` and `patch:readable` parameters (none by default).
    associatedtype Parameter: ParameterList = NoParameters
    /// What runs on the host's worker thread: loads the files of path parameters and does
    /// the work `run` schedules (none by default).
    associatedtype Worker: LV2Worker = NoWorker<Parameter>

    /// What hosts learn of the plugin before loading it; the generator writes its Turtle from this.
    static var declaration: PluginDeclaration { get }
    /// Factory presets, written into the bundle by the generator.
    static var presets: [Preset<Port>] { get }

    /// Builds the plugin for the host's sample rate; nil refuses the instantiation. By
    /// then the glue has checked the rate against `declaration.sampleRates` and the
    /// host's features against `allRequiredFeatures`.
    init?(sampleRate: Double, host: borrowing HostFeatures)
    /// Returns the plugin to its freshly instantiated state, ready to `run` with the
    /// controls as they are now.
    mutating func activate(_ ports: borrowing Ports<Port>)
    /// The host stops running the plugin until the next `activate` (nothing by default).
    mutating func deactivate()
    /// Processes `frames` frames; must not allocate, lock or wait.
    mutating func run(_ ports: borrowing Ports<Port>, frames: Int)

    /// A number, toggle or text parameter changed: on the audio thread before a `run` (a
    /// `patch:Set` in that block), or in `restore`; and at `instantiate`, right after `init`,
    /// with each writable parameter's declared default.
    mutating func parameterChanged(_ parameter: Parameter, to value: ParameterValue)
    /// The worker loaded the file of a path parameter, on the audio thread between `run`s
    /// (or in `restore`). Use `file` until the next call for the same parameter: the one it
    /// replaces then goes to the worker's `unload`.
    mutating func fileLoaded(_ parameter: Parameter, _ file: Worker.File)

    /// `ExtensionData.state`: writes what the ports and parameters do not hold (the glue
    /// saves the parameters).
    func save(_ state: StateWriter) -> LV2_State_Status
    /// `ExtensionData.state`: takes back what `save` wrote (after the glue restored the parameters).
    mutating func restore(_ state: StateReader) -> LV2_State_Status
    /// On the audio thread before a `run`: an answer of the worker's `work`.
    mutating func workResponse(_ response: Worker.Response)
    /// After every `run` and its worker responses.
    mutating func endRun()
}

extension LV2Plugin where Self: ~Copyable {
    public static var presets: [Preset<Port>] { [] }
    public mutating func activate(_ ports: borrowing Ports<Port>) {}
    public mutating func deactivate() {}
    public mutating func parameterChanged(_ parameter: Parameter, to value: ParameterValue) {}
    public mutating func fileLoaded(_ parameter: Parameter, _ file: Worker.File) {}
    public func save(_ state: StateWriter) -> LV2_State_Status { LV2_STATE_SUCCESS }
    public mutating func restore(_ state: StateReader) -> LV2_State_Status { LV2_STATE_SUCCESS }
    public mutating func workResponse(_ response: Worker.Response) {}
    public mutating func endRun() {}

    /// The parameters' declarations, in order.
    public static var parameterDeclarations: [ParameterDeclaration] { Parameter.allCases.map { $0.declaration } }

    /// The features the host must give: the declared ones, and those parameters need
    /// (`urid:map` for their messages, `worker:schedule` to load files).
    public static var allRequiredFeatures: [Feature] {
        var features = declaration.requiredFeatures
        let parameters = parameterDeclarations
        func add(_ feature: Feature) {
            if !features.contains(where: { $0.uri.matches(feature.uri.cString) }) { features.append(feature) }
        }
        if !parameters.isEmpty { add(.uridMap) }
        if parameters.contains(where: { $0.isPath }) { add(.workerSchedule) }
        return features
    }

    /// The interfaces `extension_data` returns: the declared ones, and those parameters
    /// need (`state:interface` to save them, `worker:interface` to load files).
    public static var allExtensionData: [ExtensionData] {
        var interfaces = declaration.extensionData
        let parameters = parameterDeclarations
        func add(_ interface: ExtensionData) {
            if !interfaces.contains(where: { $0.uri.matches(interface.uri.cString) }) { interfaces.append(interface) }
        }
        if parameters.contains(where: { $0.isWritable }) { add(.state) }
        if parameters.contains(where: { $0.isPath }) { add(.worker) }
        return interfaces
    }
}

/// The C entry points of an `LV2_Descriptor`, written once for every plugin.
///
/// Swift cannot form a C function pointer inside generic code, so each plugin's
/// descriptor is a literal of one-line closures that call in here with the plugin's
/// type. The generator writes those literals (`Bundle.swift`), so a plugin's author
/// never does; see docs/lv2kit.md for why this is the smallest design that works.
@_spi(Generated) public enum PluginGlue<Plugin: LV2Plugin & ~Copyable> {
    typealias File = Plugin.Worker.File

    /// What a handle points to: the plugin and the ports the host connected, the
    /// parameters' values and files (audio thread), and the worker (worker thread).
    struct Instance: ~Copyable {
        var ports: Ports<Plugin.Port>
        var plugin: Plugin
        let state: StateURIDs
        let parameters: ParameterStore
        /// The event input that takes `patch:Set` and `patch:Get`, and the output that announces.
        let parameterInput: Int?
        let notifyOutput: Int?
        /// The file each path parameter has now, by parameter index.
        let files: UnsafeMutableBufferPointer<File?>
        let schedule: WorkerSchedule?
        /// A separate allocation, the only part of the instance `work` touches.
        let worker: UnsafeMutablePointer<WorkerSide>
    }

    /// The worker thread's own: the plugin's worker and the room to compose its answers in.
    struct WorkerSide: ~Copyable {
        var worker: Plugin.Worker
        let scratch: UnsafeMutableRawBufferPointer
        let log: Logger
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
        for feature in Plugin.allRequiredFeatures where feature.isPassedByHost && !host.provides(feature.uri) {
            host.log.error("refused: the host does not provide a feature the plugin requires: ", feature.uri.cString)
            return nil
        }
        let ports = Ports<Plugin.Port>(host: host, sampleRate: sampleRate)
        guard let plugin = Plugin(sampleRate: sampleRate, host: host) else { return nil }
        let portDeclarations = Plugin.Port.allCases.map { $0.declaration }
        let parameters = Plugin.parameterDeclarations
        let files = UnsafeMutableBufferPointer<File?>.allocate(capacity: parameters.count)
        files.initialize(repeating: nil)
        let worker = UnsafeMutablePointer<WorkerSide>.allocate(capacity: 1)
        let scratchSize = 16 + MemoryLayout<File>.stride + MemoryLayout<Plugin.Worker.Response>.stride + ParameterStore.textCapacity
        worker.initialize(to: WorkerSide(worker: Plugin.Worker(sampleRate: sampleRate, host: host),
                                         scratch: .allocate(byteCount: scratchSize, alignment: 16), log: host.log))
        let instance = UnsafeMutablePointer<Instance>.allocate(capacity: 1)
        instance.initialize(to: Instance(
            ports: ports, plugin: plugin, state: StateURIDs(host), parameters: ParameterStore(parameters, host: host),
            parameterInput: eventPort(portDeclarations, input: true), notifyOutput: eventPort(portDeclarations, input: false),
            files: files, schedule: host.worker, worker: worker))
        // The plugin hears its parameters' declared defaults at once, so that it never repeats
        // them; a host that loads the default state (`state:state`) then sets the same values.
        for (index, parameter) in parameters.enumerated() where parameter.isWritable && !parameter.isPath {
            instance.pointee.plugin.parameterChanged(Plugin.Parameter(rawValue: index)!, to: instance.pointee.parameters.value(at: index))
        }
        return LV2_Handle(instance)
    }

    /// The event port that carries parameter messages: the first input (or output) that
    /// supports `patch:Message`; for input, else the one designated `lv2:control`.
    private static func eventPort(_ ports: [PortDeclaration], input: Bool) -> Int? {
        func supportsPatch(_ port: PortDeclaration) -> Bool {
            guard case let .events(supports) = port.kind, port.isInput == input else { return false }
            return supports.contains { URI.patchMessage.matches($0.cString) }
        }
        if let index = ports.firstIndex(where: supportsPatch) { return index }
        guard input else { return nil }
        return ports.firstIndex {
            if case .events = $0.kind, $0.isInput, let designation = $0.designation {
                Designation.control.matches(designation.cString)
            } else { false }
        }
    }

    public static func connect(_ handle: LV2_Handle?, _ port: UInt32, _ data: UnsafeMutableRawPointer?) {
        instance(handle)?.pointee.ports.connect(port, to: data)
    }

    public static func activate(_ handle: LV2_Handle?) {
        guard let instance = instance(handle) else { return }
        instance.pointee.ports.settleSmoothedControls()
        instance.pointee.plugin.activate(instance.pointee.ports)
    }

    /// Runs one block with denormals flushed to zero, then gives the host back its
    /// thread's floating-point mode. Before the plugin's `run`, takes the block's
    /// parameter messages and announces what changed. (Generic code cannot carry
    /// `@_noAllocation`; every call made here does.)
    public static func run(_ handle: LV2_Handle?, _ frames: UInt32) {
        guard let instance = instance(handle) else { return }
        let floatMode = swiftlv2_enter_flush_to_zero()
        instance.pointee.ports.prepareEventOutputs()
        instance.pointee.ports.prepareSmoothedControls()
        if instance.pointee.parameters.count > 0 { takeParameterMessages(instance, frames: Int(frames)) }
        instance.pointee.plugin.run(instance.pointee.ports, frames: Int(frames))
        swiftlv2_restore_float_mode(floatMode)
    }

    private static func takeParameterMessages(_ instance: UnsafeMutablePointer<Instance>, frames: Int) {
        if let input = instance.pointee.parameterInput {
            for event in instance.pointee.ports.buffers.events(input, frames: frames) {
                guard let message = instance.pointee.parameters.read(event) else { continue }
                switch message {
                case let .set(index, value):
                    switch instance.pointee.parameters.set(index, to: value) {
                    case let .value(value)?: instance.pointee.plugin.parameterChanged(Plugin.Parameter(rawValue: index)!, to: value)
                    case let .load(request)?: _ = instance.pointee.schedule?.scheduleBytes(request)
                    case nil: break
                    }
                case let .get(index): instance.pointee.parameters.announce(index)
                }
            }
        }
        if let notify = instance.pointee.notifyOutput {
            var output = instance.pointee.ports.buffers.eventOutput(notify)
            instance.pointee.parameters.writeAnnouncements(&output)
        }
    }

    public static func deactivate(_ handle: LV2_Handle?) {
        instance(handle)?.pointee.plugin.deactivate()
    }

    public static func cleanup(_ handle: LV2_Handle?) {
        guard let instance = instance(handle) else { return }
        let worker = instance.pointee.worker
        for file in instance.pointee.files { if let file { worker.pointee.worker.unload(file) } }
        instance.pointee.files.deallocate()
        instance.deinitialize(count: 1)
        instance.deallocate()
        worker.pointee.scratch.deallocate()
        worker.deinitialize(count: 1)
        worker.deallocate()
    }

    /// `extension_data`: the interface for `uri` when the declaration lists it.
    public static func extensionData(_ uri: UnsafePointer<CChar>?, state: UnsafeRawPointer?,
                                     worker: UnsafeRawPointer?) -> UnsafeRawPointer? {
        if ExtensionData.state.uri.matches(uri) { return state }
        if ExtensionData.worker.uri.matches(uri) { return worker }
        return nil
    }

    // MARK: state:interface

    /// Saves every writable parameter under its URI (a file by its path, made portable by
    /// `state:mapPath`), then whatever the plugin's `save` adds.
    public static func save(_ handle: LV2_Handle?, _ store: LV2_State_Store_Function?, _ storeHandle: LV2_State_Handle?,
                            _ flags: UInt32, _ features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) -> LV2_State_Status {
        guard let instance = instance(handle), let store else { return LV2_STATE_ERR_UNKNOWN }
        let writer = StateWriter(store: store, handle: storeHandle, urids: instance.pointee.state, features: features)
        for index in 0..<instance.pointee.parameters.count where instance.pointee.parameters.isWritable(index) {
            let key = instance.pointee.parameters.key(index)
            switch instance.pointee.parameters.value(at: index) {
            case let .number(value):
                if case let .number(_, _, _, isWhole) = Plugin.Parameter(rawValue: index)!.declaration.kind, isWhole {
                    writer.store(key, int: Int32(value))
                } else {
                    writer.store(key, float: value)
                }
            case let .toggle(isOn): writer.store(key, bool: isOn)
            case let .text(text):
                if instance.pointee.parameters.isPath(index) {
                    if text[0] != 0 { writer.store(key, path: text) }
                } else {
                    writer.store(key, string: text)
                }
            }
        }
        return instance.pointee.plugin.save(writer)
    }

    /// Restores the parameters the state holds (files loaded at once, by the worker's `load`
    /// on this thread), then calls the plugin's `restore`.
    public static func restore(_ handle: LV2_Handle?, _ retrieve: LV2_State_Retrieve_Function?,
                               _ retrieveHandle: LV2_State_Handle?, _ flags: UInt32,
                               _ features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) -> LV2_State_Status {
        guard let instance = instance(handle), let retrieve else { return LV2_STATE_ERR_UNKNOWN }
        let reader = StateReader(retrieve: retrieve, handle: retrieveHandle, urids: instance.pointee.state, features: features)
        for index in 0..<instance.pointee.parameters.count where instance.pointee.parameters.isWritable(index) {
            let key = instance.pointee.parameters.key(index)
            guard let value = reader.value(key) else { continue }
            let parameter = Plugin.Parameter(rawValue: index)!
            guard instance.pointee.parameters.isPath(index) else {
                if case let .value(newValue)? = instance.pointee.parameters.set(index, to: value) {
                    instance.pointee.plugin.parameterChanged(parameter, to: newValue)
                }
                continue
            }
            reader.withPath(key) { path in
                // Loaded here, not through the worker: LV2Kit does not declare
                // `state:threadSafeRestore`, so the host calls restore alone, with no `run` or
                // `work` at the same time, and a `worker:schedule` among its features need not
                // work (jalv 1.6.6 passes one whose worker does not exist).
                guard parameter.declaration.accepts(path) else { return }
                let worker = instance.pointee.worker
                if let file = worker.pointee.worker.load(path, for: Plugin.Worker.Parameter(rawValue: index)!) {
                    install(file, path: path, at: index, in: instance) { worker.pointee.worker.unload($0) }
                }
            }
        }
        return instance.pointee.plugin.restore(reader)
    }

    // MARK: worker:interface

    /// On the worker thread: touches only the instance's `worker`.
    public static func work(_ handle: LV2_Handle?, _ respond: LV2_Worker_Respond_Function?,
                            _ respondHandle: LV2_Worker_Respond_Handle?, _ size: UInt32,
                            _ data: UnsafeRawPointer?) -> LV2_Worker_Status {
        guard let instance = instance(handle), let respond,
              let message = ReceivedWorkerMessage(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : Int(size)))
        else { return LV2_WORKER_ERR_UNKNOWN }
        let side = instance.pointee.worker
        func answer(_ bytes: UnsafeRawBufferPointer) -> LV2_Worker_Status {
            respond(respondHandle, UInt32(bytes.count), bytes.baseAddress)
        }
        switch message.kind {
        case .request:
            guard let request = message.payload(Plugin.Worker.Request.self) else { return LV2_WORKER_ERR_UNKNOWN }
            guard let response = side.pointee.worker.work(request) else { return LV2_WORKER_SUCCESS }
            var reply = WorkerMessage(header: WorkerMessageHeader(.response), payload: response)
            return withUnsafeBytes(of: &reply) { answer($0) }
        case .load:
            guard let parameter = Plugin.Worker.Parameter(rawValue: message.parameter),
                  let path = ReceivedWorkerMessage.cString(in: message.bytes, from: MemoryLayout<WorkerMessageHeader>.size)
            else { return LV2_WORKER_ERR_UNKNOWN }
            guard Plugin.Parameter(rawValue: message.parameter)?.declaration.accepts(path) == true else {
                side.pointee.log.warning("refused a file of a type the parameter does not take: ", path)
                return LV2_WORKER_SUCCESS
            }
            guard let file = side.pointee.worker.load(path, for: parameter) else { return LV2_WORKER_SUCCESS }
            // The answer: the header, the file, then the path it came from.
            let scratch = side.pointee.scratch.baseAddress!
            let offset = WorkerMessageHeader.payloadOffset(alignment: MemoryLayout<File>.alignment)
            let pathOffset = offset + MemoryLayout<File>.stride
            let length = strlen(path) + 1
            guard pathOffset + length <= side.pointee.scratch.count else {
                side.pointee.worker.unload(file)
                return LV2_WORKER_ERR_NO_SPACE
            }
            scratch.storeBytes(of: WorkerMessageHeader(.loaded, parameter: message.parameter), as: WorkerMessageHeader.self)
            (scratch + offset).storeBytes(of: file, as: File.self)
            (scratch + pathOffset).copyMemory(from: path, byteCount: length)
            let status = answer(UnsafeRawBufferPointer(start: scratch, count: pathOffset + length))
            if status != LV2_WORKER_SUCCESS { side.pointee.worker.unload(file) }
            return status
        case .unload:
            guard let file = message.payload(File.self) else { return LV2_WORKER_ERR_UNKNOWN }
            side.pointee.worker.unload(file)
            return LV2_WORKER_SUCCESS
        case .response, .loaded:
            return LV2_WORKER_ERR_UNKNOWN
        }
    }

    /// On the audio thread: a response of the plugin's worker, or a loaded file to swap in.
    public static func workResponse(_ handle: LV2_Handle?, _ size: UInt32, _ body: UnsafeRawPointer?) -> LV2_Worker_Status {
        guard let instance = instance(handle),
              let message = ReceivedWorkerMessage(UnsafeRawBufferPointer(start: body, count: body == nil ? 0 : Int(size)))
        else { return LV2_WORKER_ERR_UNKNOWN }
        switch message.kind {
        case .response:
            guard let response = message.payload(Plugin.Worker.Response.self) else { return LV2_WORKER_ERR_UNKNOWN }
            instance.pointee.plugin.workResponse(response)
        case .loaded:
            guard message.parameter < instance.pointee.parameters.count, let file = message.payload(File.self),
                  let path = message.path(after: File.self) else { return LV2_WORKER_ERR_UNKNOWN }
            let schedule = instance.pointee.schedule
            install(file, path: path, at: message.parameter, in: instance) { old in
                // Freed on the worker thread; should the queue be full, it is kept rather
                // than freed here.
                var request = WorkerMessage(header: WorkerMessageHeader(.unload, parameter: message.parameter), payload: old)
                _ = withUnsafeBytes(of: &request) { schedule?.scheduleBytes($0) }
            }
        default:
            return LV2_WORKER_ERR_UNKNOWN
        }
        return LV2_WORKER_SUCCESS
    }

    public static func endRun(_ handle: LV2_Handle?) -> LV2_Worker_Status {
        guard let instance = instance(handle) else { return LV2_WORKER_ERR_UNKNOWN }
        instance.pointee.plugin.endRun()
        return LV2_WORKER_SUCCESS
    }

    /// Makes `file` the parameter's file: the plugin gets it, its path is kept (and will be
    /// announced), and the file it replaces goes to `unload`.
    private static func install(_ file: File, path: UnsafePointer<CChar>, at index: Int,
                                in instance: UnsafeMutablePointer<Instance>, unload: (File) -> Void) {
        let old = instance.pointee.files[index]
        instance.pointee.files[index] = file
        _ = instance.pointee.parameters.setText(index, path)
        instance.pointee.plugin.fileLoaded(Plugin.Parameter(rawValue: index)!, file)
        if let old { unload(old) }
    }

    private static func instance(_ handle: LV2_Handle?) -> UnsafeMutablePointer<Instance>? {
        handle?.assumingMemoryBound(to: Instance.self)
    }
}
