import CLV2

/// What a host offers at `instantiate`: the URID map and the options it announced.
///
/// Reading the feature array and the options list is the only work here; a
/// missing or malformed entry is simply absent, never a crash.
///
/// Hosts differ in how they send options, so each is read as leniently as its meaning
/// allows: a number may come as `atom:Int`, `atom:Long`, `atom:Float` or `atom:Double`,
/// with a size of at least its type's. The block-length options are not read at all:
/// both plugins take any `run` length, whatever was announced, because hosts send
/// blocks longer than their announced maximum and lengths that change every cycle.
public struct HostFeatures {
    /// The host's `urid:map`, if it gave one.
    public let uridMap: UnsafeMutablePointer<LV2_URID_Map>?
    /// `bufsz:sequenceSize`: the capacity in bytes of atom port buffers, if announced.
    public let sequenceSize: Int?

    public init(_ features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) {
        var map: UnsafeMutablePointer<LV2_URID_Map>? = nil
        var options: UnsafePointer<LV2_Options_Option>? = nil
        if var cursor = features {
            while let feature = cursor.pointee {
                if URI.uridMap.matches(feature.pointee.URI) {
                    map = feature.pointee.data?.assumingMemoryBound(to: LV2_URID_Map.self)
                } else if URI.options.matches(feature.pointee.URI) {
                    options = feature.pointee.data.map { UnsafePointer($0.assumingMemoryBound(to: LV2_Options_Option.self)) }
                }
                cursor += 1
            }
        }
        if let candidate = map, candidate.pointee.map == nil { map = nil }
        uridMap = map
        sequenceSize = OptionsReader(options: options, map: map).positiveInteger(URI.sequenceSize)
    }

    /// Maps a URI to its URID, or 0 when the host gave no map.
    public func urid(_ uri: StaticString) -> LV2_URID { mapURI(uri, with: uridMap) }
}

/// The host's `urid:map` applied to a URI; 0 without a map.
private func mapURI(_ uri: StaticString, with map: UnsafeMutablePointer<LV2_URID_Map>?) -> LV2_URID {
    guard let map, let function = map.pointee.map else { return 0 }
    return function(map.pointee.handle, uri.cString)
}

/// Finds values in an `options:options` list (terminated by a zero key and NULL value).
struct OptionsReader {
    let options: UnsafePointer<LV2_Options_Option>?
    let map: UnsafeMutablePointer<LV2_URID_Map>?

    private func urid(_ uri: StaticString) -> LV2_URID { mapURI(uri, with: map) }

    /// The option's value as a whole number above zero, whatever numeric atom type the host used.
    func positiveInteger(_ key: StaticString) -> Int? {
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
            guard number.isFinite, number >= 1, number < 1e9 else { return nil }
            return Int(number)
        }
        return nil
    }
}
