import CLV2

/// The URIs the plugins look for in what the host gives them.
///
/// They are `StaticString`s rather than the C headers' macros so that no `String`
/// is ever made: Embedded Swift builds these into the binary as plain C strings.
public enum URI {
    public static let uridMap: StaticString = "http://lv2plug.in/ns/ext/urid#map"
    public static let options: StaticString = "http://lv2plug.in/ns/ext/options#options"
    public static let sequenceSize: StaticString = "http://lv2plug.in/ns/ext/buf-size#sequenceSize"
    public static let atomInt: StaticString = "http://lv2plug.in/ns/ext/atom#Int"
    public static let atomLong: StaticString = "http://lv2plug.in/ns/ext/atom#Long"
    public static let atomFloat: StaticString = "http://lv2plug.in/ns/ext/atom#Float"
    public static let atomDouble: StaticString = "http://lv2plug.in/ns/ext/atom#Double"
    public static let atomSequence: StaticString = "http://lv2plug.in/ns/ext/atom#Sequence"
    public static let atomBeatTime: StaticString = "http://lv2plug.in/ns/ext/atom#beatTime"
    public static let midiEvent: StaticString = "http://lv2plug.in/ns/ext/midi#MidiEvent"
}

extension StaticString {
    /// The string as the `const char *` that C APIs such as `LV2_Descriptor.URI` take.
    public var cString: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// Whether a C string from the host spells this URI.
    public func matches(_ other: UnsafePointer<CChar>?) -> Bool {
        guard let other else { return false }
        return strcmp(other, cString) == 0
    }
}
