import CLV2

/// What a host offers at `instantiate`: the feature array, read once into typed
/// fields (the URID map, the log, the options, the worker), and the bundle's path.
///
/// Reading the feature array and the options list is the only work here; a
/// missing or malformed entry is simply absent, never a crash.
///
/// Hosts differ in how they send options, so each is read as leniently as its meaning
/// allows: a number may come as `atom:Int`, `atom:Long`, `atom:Float` or `atom:Double`,
/// with a size of at least its type's. LV2Kit reads no block-length option: a plugin
/// built on it takes any `run` length, whatever was announced, because hosts send
/// blocks longer than their announced maximum and lengths that change every cycle.
public struct HostFeatures {
    /// The feature array as the host passed it, for features LV2Kit has no type for.
    public let array: UnsafePointer<UnsafePointer<LV2_Feature>?>?
    /// The host's `urid:map`, if it gave one with its function.
    public let uridMap: UnsafeMutablePointer<LV2_URID_Map>?
    /// The host's `options:options` list.
    public let options: Options
    /// `bufsz:sequenceSize`: the capacity in bytes of atom port buffers, if announced.
    public let sequenceSize: Int?
    /// `worker:schedule`, for plugins that declare `ExtensionData.worker`.
    public let worker: WorkerSchedule?
    /// `log:log`; its messages go to standard error when the host gave none.
    public let log: Logger
    /// The bundle's folder, ending in a slash. Valid only during `instantiate`: copy what
    /// you need of it (`strdup`), or build the paths you need there.
    public let bundlePath: UnsafePointer<CChar>?

    /// Reads the feature array `instantiate` got.
    ///
    /// - Parameter name: the plugin's name, which prefixes its log messages.
    public init(_ features: UnsafePointer<UnsafePointer<LV2_Feature>?>?, bundlePath: UnsafePointer<CChar>? = nil,
                name: StaticString = "LV2 plugin") {
        array = features
        var map = feature(URI.uridMap, in: features)?.assumingMemoryBound(to: LV2_URID_Map.self)
        if let candidate = map, candidate.pointee.map == nil { map = nil }
        uridMap = map
        options = Options(feature(URI.options, in: features).map { UnsafePointer($0.assumingMemoryBound(to: LV2_Options_Option.self)) },
                          map: map)
        sequenceSize = options.positiveInteger(URI.sequenceSize)
        worker = feature(URI.workerSchedule, in: features).flatMap { WorkerSchedule($0.assumingMemoryBound(to: LV2_Worker_Schedule.self)) }
        log = Logger(feature(URI.log, in: features)?.assumingMemoryBound(to: LV2_Log_Log.self), map: map, prefix: name)
        self.bundlePath = bundlePath
    }

    /// Maps a URI to its URID, or 0 when the host gave no map (or its map gave 0).
    public func urid(_ uri: StaticString) -> LV2_URID { mapURI(uri, with: uridMap) }

    /// The data of a feature LV2Kit has no type for; nil when absent or without data.
    public func data(of uri: StaticString) -> UnsafeMutableRawPointer? { feature(uri, in: array) }

    /// Whether the host passed a feature with this URI (with data or without).
    public func provides(_ uri: StaticString) -> Bool { entry(uri, in: array) != nil }
}

/// The first entry of the host's feature array with this URI.
private func entry(_ uri: StaticString, in features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) -> UnsafePointer<LV2_Feature>? {
    guard var cursor = features else { return nil }
    while let entry = cursor.pointee {
        if uri.matches(entry.pointee.URI) { return entry }
        cursor += 1
    }
    return nil
}

/// A feature's data pointer from the host's array; nil when absent or without data.
private func feature(_ uri: StaticString, in features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) -> UnsafeMutableRawPointer? {
    entry(uri, in: features)?.pointee.data
}

/// The host's `urid:map` applied to a URI; 0 without a map.
func mapURI(_ uri: StaticString, with map: UnsafeMutablePointer<LV2_URID_Map>?) -> LV2_URID {
    guard let map, let function = map.pointee.map else { return 0 }
    return function(map.pointee.handle, uri.cString)
}

/// The host's `options:options` list (terminated by a zero key and NULL value), read
/// by key, whatever numeric atom type the host used.
public struct Options {
    private let options: UnsafePointer<LV2_Options_Option>?
    private let map: UnsafeMutablePointer<LV2_URID_Map>?

    init(_ options: UnsafePointer<LV2_Options_Option>?, map: UnsafeMutablePointer<LV2_URID_Map>?) {
        self.options = options
        self.map = map
    }

    private func urid(_ uri: StaticString) -> LV2_URID { mapURI(uri, with: map) }

    /// The option's value as a whole number from 1 to a billion (a sample count, a size).
    public func positiveInteger(_ key: StaticString) -> Int? {
        guard let number = number(key), number >= 1, number < 1e9 else { return nil }
        return Int(number)
    }

    /// The option's value as a finite number (`param:sampleRate`, …).
    public func number(_ key: StaticString) -> Double? {
        guard var option = options, map != nil else { return nil }
        let keyURID = urid(key)
        let int = urid(URI.atomInt), long = urid(URI.atomLong)
        let float = urid(URI.atomFloat), double = urid(URI.atomDouble)
        while option.pointee.key != 0 || option.pointee.value != nil {
            defer { option += 1 }
            let entry = option.pointee
            guard entry.key == keyURID, keyURID != 0, let value = entry.value else { continue }
            let number: Double
            if entry.type == int && entry.size >= 4 {
                number = Double(value.loadUnaligned(as: Int32.self))
            } else if entry.type == long && entry.size >= 8 {
                number = Double(value.loadUnaligned(as: Int64.self))
            } else if entry.type == float && entry.size >= 4 {
                number = Double(value.loadUnaligned(as: Float.self))
            } else if entry.type == double && entry.size >= 8 {
                number = value.loadUnaligned(as: Double.self)
            } else {
                continue
            }
            return number.isFinite ? number : nil
        }
        return nil
    }
}
