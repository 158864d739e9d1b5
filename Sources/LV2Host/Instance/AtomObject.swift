import CLV2

/// The body of an `atom:Object` (`patch:Set`, `time:Position`), built property by
/// property as `lv2_atom_forge` lays it out: id and type, then each key, context and
/// value atom, every value padded to 8 bytes. Host code, made before a block, not in it.
struct AtomObject {
    private(set) var body: [UInt8]
    private let features: HostFeatureSet

    init(type: String, features: HostFeatureSet) {
        self.features = features
        body = Self.word(0) + Self.word(features.urid(type))
    }

    private static func word(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    mutating func add(_ key: String, type: String, _ value: [UInt8]) {
        body += Self.word(features.urid(key)) + Self.word(0) + Self.word(UInt32(value.count)) + Self.word(features.urid(type))
        body += value + [UInt8](repeating: 0, count: (8 - value.count % 8) % 8)
    }

    mutating func add<T: FixedWidthInteger>(_ key: String, type: String, integer value: T) {
        add(key, type: type, withUnsafeBytes(of: value) { Array($0) })
    }

    mutating func add(_ key: String, float value: Float) {
        add(key, type: LV2URI.atomFloat, withUnsafeBytes(of: value) { Array($0) })
    }

    mutating func add(_ key: String, double value: Double) {
        add(key, type: LV2URI.atom + "Double", withUnsafeBytes(of: value) { Array($0) })
    }
}
