import CLV2
@testable import LV2Host

/// A feature array written by hand, to play a host that gets it wrong: no URID map, a
/// map without its function, a map that returns 0, no options, options with odd keys,
/// types, sizes and values.
///
/// The URIDs come from a real `HostFeatureSet`, whose thread-safe map the
/// hand-made `urid:map` feature hands out, so the plugin and the test agree on every number.
final class HandMadeFeatures {
    enum URIDMap: Equatable {
        case working, withoutFunction, absent
        /// A map that answers 0 ("cannot map") for these URIs, or for every URI when nil.
        case zero(for: Set<String>?)
    }

    /// One `options:options` entry: key and type URIs and the bytes of the value.
    struct Option {
        var key: String
        var type: String
        var value: [UInt8]
        /// The size the entry claims, for entries that lie about it.
        var claimedSize: UInt32?

        init<Value>(_ key: String, type: String, _ value: Value, claimedSize: UInt32? = nil) {
            self.key = key
            self.type = type
            self.value = withUnsafeBytes(of: value) { Array($0) }
            self.claimedSize = claimedSize
        }

        static func int(_ key: String, _ value: Int32) -> Option { Option(key, type: LV2URI.atomInt, value) }
        static func long(_ key: String, _ value: Int64) -> Option { Option(key, type: LV2URI.atom + "Long", value) }
        static func float(_ key: String, _ value: Float) -> Option { Option(key, type: LV2URI.atomFloat, value) }
        static func double(_ key: String, _ value: Double) -> Option { Option(key, type: LV2URI.atom + "Double", value) }
    }

    /// The options a well-behaved host gives, as `HostFeatureSet` writes them.
    static func standardOptions(sampleRate: Double, maxBlockLength: Int32 = 8192, sequenceSize: Int32 = 8192) -> [Option] {
        [.float(LV2URI.sampleRate, Float(sampleRate)), .int(LV2URI.minBlockLength, 1),
         .int(LV2URI.maxBlockLength, maxBlockLength), .int(LV2URI.nominalBlockLength, maxBlockLength),
         .int(LV2URI.sequenceSize, sequenceSize)]
    }

    /// Only its URID table is used.
    private let host = HostFeatureSet(sampleRate: 48000, minBlockLength: 1, maxBlockLength: 1,
                                       nominalBlockLength: 1, sequenceSize: 256)
    private let map = UnsafeMutablePointer<LV2_URID_Map>.allocate(capacity: 1)
    private var forgetfulMap: ForgetfulMap?
    private let optionValues: [UnsafeMutableRawPointer]
    private let options: UnsafeMutableBufferPointer<LV2_Options_Option>
    private let features: UnsafeMutableBufferPointer<LV2_Feature>
    private let pointers: UnsafeMutableBufferPointer<UnsafePointer<LV2_Feature>?>

    /// - Parameters:
    ///   - entries: the `options:options` entries (the terminating entry is added); nil
    ///     leaves the feature out.
    ///   - optionsDataIsNull: lists `options:options` with NULL data.
    init(map kind: URIDMap = .working, options entries: [Option]? = nil, optionsDataIsNull: Bool = false) {
        map.initialize(to: Self.map(of: host))
        switch kind {
        case .withoutFunction: map.pointee.map = nil
        case let .zero(forgotten):
            let forgetful = ForgetfulMap(real: map.pointee, forgotten: forgotten)
            forgetfulMap = forgetful
            map.pointee = forgetful.feature
        case .working, .absent: break
        }

        let listsOptions = entries != nil || optionsDataIsNull
        let entries = entries ?? []
        optionValues = entries.map { entry in
            let memory = UnsafeMutableRawPointer.allocate(byteCount: max(entry.value.count, 1), alignment: 8)
            memory.copyMemory(from: entry.value, byteCount: entry.value.count)
            return memory
        }
        options = .allocate(capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() {
            options[index] = LV2_Options_Option(
                context: LV2_OPTIONS_INSTANCE, subject: 0, key: host.urid(entry.key),
                size: entry.claimedSize ?? UInt32(entry.value.count), type: host.urid(entry.type),
                value: UnsafeRawPointer(optionValues[index]))
        }
        options[entries.count] = LV2_Options_Option(context: LV2_OPTIONS_INSTANCE, subject: 0, key: 0, size: 0, type: 0, value: nil)

        var list: [LV2_Feature] = []
        if kind != .absent { list.append(LV2_Feature(URI: Self.mapURI, data: UnsafeMutableRawPointer(map))) }
        if listsOptions {
            list.append(LV2_Feature(URI: Self.optionsURI, data: optionsDataIsNull ? nil : UnsafeMutableRawPointer(options.baseAddress)))
        }
        features = .allocate(capacity: max(list.count, 1))
        _ = features.initialize(from: list)
        pointers = .allocate(capacity: list.count + 1)
        for index in list.indices { pointers[index] = UnsafePointer(features.baseAddress! + index) }
        pointers[list.count] = nil
    }

    deinit {
        optionValues.forEach { $0.deallocate() }
        map.deallocate()
        options.deallocate()
        features.deallocate()
        pointers.deallocate()
    }

    /// The NULL-terminated array for `instantiate`, valid while this object lives.
    var array: UnsafePointer<UnsafePointer<LV2_Feature>?> { UnsafePointer(pointers.baseAddress!) }

    func urid(_ uri: String) -> LV2_URID { host.urid(uri) }

    nonisolated(unsafe) private static let mapURI = UnsafePointer(strdup(LV2URI.uridMap)!)
    nonisolated(unsafe) private static let optionsURI = UnsafePointer(strdup(LV2URI.options)!)

    /// A `urid:map` that passes to a real one all but the URIs it forgets.
    private final class ForgetfulMap {
        let real: LV2_URID_Map
        let forgotten: Set<String>?

        init(real: LV2_URID_Map, forgotten: Set<String>?) {
            self.real = real
            self.forgotten = forgotten
        }

        var feature: LV2_URID_Map {
            LV2_URID_Map(handle: Unmanaged.passUnretained(self).toOpaque()) { handle, uri in
                let map = Unmanaged<ForgetfulMap>.fromOpaque(handle!).takeUnretainedValue()
                guard let uri, let forgotten = map.forgotten, !forgotten.contains(String(cString: uri)) else { return 0 }
                return map.real.map(map.real.handle, uri)
            }
        }
    }

    /// The `urid:map` in a real host's feature array.
    private static func map(of host: HostFeatureSet) -> LV2_URID_Map {
        var cursor = host.featureArray
        while let feature = cursor.pointee {
            if String(cString: feature.pointee.URI) == LV2URI.uridMap, let data = feature.pointee.data {
                return data.assumingMemoryBound(to: LV2_URID_Map.self).pointee
            }
            cursor += 1
        }
        preconditionFailure("HostFeatureSet gives no urid:map")
    }
}
