import CLV2

/// The atom types state values are stored as, mapped once at `instantiate`.
public struct StateURIDs {
    /// Each named after its atom type (`int` is `atom:Int`, `chunk` is `atom:Chunk`).
    public let int, float, double, bool, path, chunk, string: LV2_URID

    init(_ host: borrowing HostFeatures) {
        int = host.urid(URI.atomInt)
        float = host.urid(URI.atomFloat)
        double = host.urid(URI.atomDouble)
        bool = host.urid(URI.atomBool)
        path = host.urid(URI.atomPath)
        chunk = host.urid(URI.atomChunk)
        string = host.urid(URI.atomString)
    }
}

/// What `save` writes with: each value under a key (a URID the plugin mapped), typed so
/// that the host can store it as text (`state:state` in Turtle, as jalv and Ardour do).
public struct StateWriter {
    private let store: LV2_State_Store_Function
    private let handle: LV2_State_Handle?
    private let urids: StateURIDs
    private let paths: StatePaths
    /// The features the host passed to this `save` (`state:mapPath`, `state:makePath`…).
    public let features: HostFeatures

    init(store: @escaping LV2_State_Store_Function, handle: LV2_State_Handle?, urids: StateURIDs,
         features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) {
        self.store = store
        self.handle = handle
        self.urids = urids
        self.features = HostFeatures(features)
        paths = StatePaths(self.features)
    }

    /// Stores plain bytes of an atom type; false when the host refused or the key is 0.
    @discardableResult
    public func store(_ key: LV2_URID, bytes: UnsafeRawBufferPointer, type: LV2_URID) -> Bool {
        guard key != 0, type != 0, let base = bytes.baseAddress else { return false }
        let flags = UInt32(LV2_STATE_IS_POD.rawValue | LV2_STATE_IS_PORTABLE.rawValue)
        return store(handle, key, base, bytes.count, type, flags) == LV2_STATE_SUCCESS
    }

    /// Stores bytes that only the plugin reads back (`atom:Chunk`).
    @discardableResult
    public func store(_ key: LV2_URID, chunk: UnsafeRawBufferPointer) -> Bool {
        store(key, bytes: chunk, type: urids.chunk)
    }

    /// Stores a whole number (`atom:Int`); false when it was not stored.
    @discardableResult
    public func store(_ key: LV2_URID, int value: Int32) -> Bool {
        withUnsafeBytes(of: value) { store(key, bytes: $0, type: urids.int) }
    }

    /// Stores a number (`atom:Float`); false when it was not stored.
    @discardableResult
    public func store(_ key: LV2_URID, float value: Float) -> Bool {
        withUnsafeBytes(of: value) { store(key, bytes: $0, type: urids.float) }
    }

    /// Stores a number (`atom:Double`); false when it was not stored.
    @discardableResult
    public func store(_ key: LV2_URID, double value: Double) -> Bool {
        withUnsafeBytes(of: value) { store(key, bytes: $0, type: urids.double) }
    }

    /// Stores on or off (`atom:Bool`); false when it was not stored.
    @discardableResult
    public func store(_ key: LV2_URID, bool value: Bool) -> Bool {
        withUnsafeBytes(of: Int32(value ? 1 : 0)) { store(key, bytes: $0, type: urids.bool) }
    }

    /// Stores a text (`atom:String`).
    @discardableResult
    public func store(_ key: LV2_URID, string: UnsafePointer<CChar>) -> Bool {
        store(key, bytes: UnsafeRawBufferPointer(start: string, count: strlen(string) + 1), type: urids.string)
    }

    /// Stores a file's path, made portable through the host's `state:mapPath` when it has
    /// one (and the host's copy freed with its `state:freePath`, when it gave one).
    @discardableResult
    public func store(_ key: LV2_URID, path: UnsafePointer<CChar>) -> Bool {
        guard let mapPath = paths.mapPath, let abstract = mapPath.pointee.abstract_path?(mapPath.pointee.handle, path) else {
            return store(key, bytes: UnsafeRawBufferPointer(start: path, count: strlen(path) + 1), type: urids.path)
        }
        defer { paths.release(abstract) }
        return store(key, bytes: UnsafeRawBufferPointer(start: abstract, count: strlen(abstract) + 1), type: urids.path)
    }
}

/// What `restore` reads with: the value stored under a key, if it has the type asked for.
public struct StateReader {
    private let retrieve: LV2_State_Retrieve_Function
    private let handle: LV2_State_Handle?
    private let urids: StateURIDs
    private let paths: StatePaths
    /// The features the host passed to this `restore`: `worker:schedule` when it may run
    /// beside `run` (`state:threadSafeRestore`), `state:mapPath`…
    public let features: HostFeatures

    init(retrieve: @escaping LV2_State_Retrieve_Function, handle: LV2_State_Handle?, urids: StateURIDs,
         features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) {
        self.retrieve = retrieve
        self.handle = handle
        self.urids = urids
        self.features = HostFeatures(features)
        paths = StatePaths(self.features)
    }

    /// The value stored under `key`, of whatever type; valid until `restore` returns.
    public func value(_ key: LV2_URID) -> AtomValue? {
        var size = 0, storedType: UInt32 = 0, flags: UInt32 = 0
        guard key != 0, let value = retrieve(handle, key, &size, &storedType, &flags) else { return nil }
        return AtomValue(type: storedType, body: UnsafeRawBufferPointer(start: value, count: size))
    }

    /// The bytes stored under `key` if their type is `type`; valid until `restore` returns.
    public func bytes(_ key: LV2_URID, type: LV2_URID) -> UnsafeRawBufferPointer? {
        var size = 0, storedType: UInt32 = 0, flags: UInt32 = 0
        guard key != 0, let value = retrieve(handle, key, &size, &storedType, &flags), storedType == type, type != 0 else {
            return nil
        }
        return UnsafeRawBufferPointer(start: value, count: size)
    }

    /// Bytes stored with `store(_:chunk:)`.
    public func chunk(_ key: LV2_URID) -> UnsafeRawBufferPointer? { bytes(key, type: urids.chunk) }
    /// The whole number stored under `key`, if it was stored as one.
    public func int(_ key: LV2_URID) -> Int32? { load(key, type: urids.int) }
    /// The `atom:Float` stored under `key`, if there is one.
    public func float(_ key: LV2_URID) -> Float? { load(key, type: urids.float) }
    /// The `atom:Double` stored under `key`, if there is one.
    public func double(_ key: LV2_URID) -> Double? { load(key, type: urids.double) }
    /// The `atom:Bool` stored under `key`, if there is one.
    public func bool(_ key: LV2_URID) -> Bool? { load(key, type: urids.bool, as: Int32.self).map { $0 != 0 } }

    /// Calls `body` with a stored path made absolute through the host's `state:mapPath`,
    /// then frees the host's copy (with its `state:freePath`, when it gave one); nil when
    /// no path is stored under `key`.
    @discardableResult
    public func withPath<Result>(_ key: LV2_URID, _ body: (UnsafePointer<CChar>) -> Result) -> Result? {
        guard let stored = bytes(key, type: urids.path), let text = stored.baseAddress?.assumingMemoryBound(to: CChar.self),
              stored.count > 0, text[stored.count - 1] == 0 else { return nil }
        guard let mapPath = paths.mapPath, let absolute = mapPath.pointee.absolute_path?(mapPath.pointee.handle, text) else {
            return body(text)
        }
        defer { paths.release(absolute) }
        return body(absolute)
    }

    private func load<Value: BitwiseCopyable>(_ key: LV2_URID, type: LV2_URID, as _: Value.Type = Value.self) -> Value? {
        guard let stored = bytes(key, type: type), stored.count == MemoryLayout<Value>.size else { return nil }
        return stored.loadUnaligned(as: Value.self)
    }
}

/// `state:mapPath` and `state:freePath`, which hosts pass to `save` and `restore` rather
/// than to `instantiate`.
private struct StatePaths {
    let mapPath: UnsafeMutablePointer<LV2_State_Map_Path>?
    let freePath: UnsafeMutablePointer<LV2_State_Free_Path>?

    init(_ features: HostFeatures) {
        mapPath = features.data(of: URI.stateMapPath)?.assumingMemoryBound(to: LV2_State_Map_Path.self)
        freePath = features.data(of: URI.stateFreePath)?.assumingMemoryBound(to: LV2_State_Free_Path.self)
    }

    /// Frees a path the host made, as the host says (the spec: with `free` when it gave no `freePath`).
    func release(_ path: UnsafeMutablePointer<CChar>) {
        if let freePath, let function = freePath.pointee.free_path {
            function(freePath.pointee.handle, path)
        } else {
            free(path)
        }
    }
}
