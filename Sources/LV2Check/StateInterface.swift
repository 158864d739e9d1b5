import LV2Host
import CLV2

/// One property of a plugin's state as its `save` stores it.
struct StateProperty {
    var key: LV2_URID
    var value: [UInt8]
    var type: LV2_URID
    var flags: UInt32
}

/// A plugin's `state:interface`, called directly rather than through lilv, so that a
/// check can save on another thread while `run` runs, and restore properties no
/// session file would hold (missing ones, unknown keys, wrong types).
struct StateInterface {
    private let interface: UnsafePointer<LV2_State_Interface>
    private let instance: PluginInstance

    /// Whether the binary gives the state interface, asked without an instance (so a
    /// plugin without one is not instantiated for nothing, nor its cleanup blamed here).
    static func isProvided(by plugin: PluginInfo) throws -> Bool {
        let library = try PluginLibrary(path: plugin.libraryPath)
        return try withExtendedLifetime(library) {
            try library.descriptor(uri: plugin.uri).pointee.extension_data?(LV2URI.stateInterface) != nil
        }
    }

    /// nil when the binary gives no state interface.
    init?(_ instance: PluginInstance) {
        guard let data = instance.descriptor.pointee.extension_data?(LV2URI.stateInterface) else { return nil }
        interface = data.assumingMemoryBound(to: LV2_State_Interface.self)
        self.instance = instance
    }

    /// Calls `save` and returns what it stored.
    func save() -> (status: LV2_State_Status, properties: [StateProperty]) {
        let store = PropertyStore()
        let flags = UInt32(LV2_STATE_IS_POD.rawValue | LV2_STATE_IS_PORTABLE.rawValue)
        let status = withExtendedLifetime(store) {
            interface.pointee.save?(instance.handle, { handle, key, value, size, type, flags in
                guard let handle, let value else { return LV2_STATE_ERR_UNKNOWN }
                let store = Unmanaged<PropertyStore>.fromOpaque(handle).takeUnretainedValue()
                let bytes = Array(UnsafeRawBufferPointer(start: value, count: size))
                store.properties.append(StateProperty(key: key, value: bytes, type: type, flags: flags))
                return LV2_STATE_SUCCESS
            }, Unmanaged.passUnretained(store).toOpaque(), flags, instance.features.stateCallFeatureArray)
        } ?? LV2_STATE_ERR_UNKNOWN
        return (status, store.properties)
    }

    /// Calls `restore`, answering its questions from `properties` (nothing for any other key).
    @discardableResult
    func restore(_ properties: [StateProperty]) -> LV2_State_Status {
        let store = PropertyStore()
        store.properties = properties
        return withExtendedLifetime(store) {
            interface.pointee.restore?(instance.handle, { handle, key, size, type, flags in
                guard let handle else { return nil }
                let store = Unmanaged<PropertyStore>.fromOpaque(handle).takeUnretainedValue()
                return store.answer(key, size, type, flags)
            }, Unmanaged.passUnretained(store).toOpaque(), 0, instance.features.stateCallFeatureArray)
        } ?? LV2_STATE_ERR_UNKNOWN
    }
}

/// The store and retrieve functions' handle: the properties, and the memory each answer
/// lives in until the store goes (a plugin may read it until `restore` returns).
private final class PropertyStore {
    var properties: [StateProperty] = []
    private var answers: [UnsafeMutableRawBufferPointer] = []

    func answer(_ key: UInt32, _ size: UnsafeMutablePointer<Int>?, _ type: UnsafeMutablePointer<UInt32>?,
                _ flags: UnsafeMutablePointer<UInt32>?) -> UnsafeRawPointer? {
        guard let property = properties.first(where: { $0.key == key }) else { return nil }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(property.value.count, 1), alignment: 16)
        property.value.withUnsafeBytes { memory.copyMemory(from: $0) }
        answers.append(memory)
        size?.pointee = property.value.count
        type?.pointee = property.type
        flags?.pointee = property.flags
        return UnsafeRawPointer(memory.baseAddress)
    }

    deinit {
        answers.forEach { $0.deallocate() }
    }
}
