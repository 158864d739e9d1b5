@_exported import CLV2  // plugins use its types (LV2_URID, the status codes) too
@_exported import RealTimeMath  // and libm (`LibM`), which Embedded Swift cannot import as Glibc

/// The URIs LV2Kit looks for in what the host gives, and writes into what it returns.
///
/// They are `StaticString`s rather than the C headers' macros so that no `String`
/// is ever made: Embedded Swift builds these into the binary as plain C strings.
public enum URI {
    public static let uridMap: StaticString = "http://lv2plug.in/ns/ext/urid#map"
    public static let options: StaticString = "http://lv2plug.in/ns/ext/options#options"
    public static let log: StaticString = "http://lv2plug.in/ns/ext/log#log"
    public static let logError: StaticString = "http://lv2plug.in/ns/ext/log#Error"
    public static let logWarning: StaticString = "http://lv2plug.in/ns/ext/log#Warning"
    public static let logNote: StaticString = "http://lv2plug.in/ns/ext/log#Note"
    public static let logTrace: StaticString = "http://lv2plug.in/ns/ext/log#Trace"
    public static let workerSchedule: StaticString = "http://lv2plug.in/ns/ext/worker#schedule"
    public static let workerInterface: StaticString = "http://lv2plug.in/ns/ext/worker#interface"
    public static let stateInterface: StaticString = "http://lv2plug.in/ns/ext/state#interface"
    public static let stateMapPath: StaticString = "http://lv2plug.in/ns/ext/state#mapPath"
    public static let stateFreePath: StaticString = "http://lv2plug.in/ns/ext/state#freePath"
    public static let sequenceSize: StaticString = "http://lv2plug.in/ns/ext/buf-size#sequenceSize"
    public static let atomInt: StaticString = "http://lv2plug.in/ns/ext/atom#Int"
    public static let atomLong: StaticString = "http://lv2plug.in/ns/ext/atom#Long"
    public static let atomFloat: StaticString = "http://lv2plug.in/ns/ext/atom#Float"
    public static let atomDouble: StaticString = "http://lv2plug.in/ns/ext/atom#Double"
    public static let atomBool: StaticString = "http://lv2plug.in/ns/ext/atom#Bool"
    public static let atomPath: StaticString = "http://lv2plug.in/ns/ext/atom#Path"
    public static let atomChunk: StaticString = "http://lv2plug.in/ns/ext/atom#Chunk"
    public static let atomSequence: StaticString = "http://lv2plug.in/ns/ext/atom#Sequence"
    public static let atomBeatTime: StaticString = "http://lv2plug.in/ns/ext/atom#beatTime"
    public static let midiEvent: StaticString = "http://lv2plug.in/ns/ext/midi#MidiEvent"
    public static let atomLiteral: StaticString = "http://lv2plug.in/ns/ext/atom#Literal"
    public static let atomString: StaticString = "http://lv2plug.in/ns/ext/atom#String"
    public static let atomURID: StaticString = "http://lv2plug.in/ns/ext/atom#URID"
    public static let atomObject: StaticString = "http://lv2plug.in/ns/ext/atom#Object"
    public static let atomBlank: StaticString = "http://lv2plug.in/ns/ext/atom#Blank"
    public static let atomResource: StaticString = "http://lv2plug.in/ns/ext/atom#Resource"
    /// Event ports that take or send parameter messages (`patch:Set`, `patch:Get`) say so
    /// in their `supports`.
    public static let patchMessage: StaticString = "http://lv2plug.in/ns/ext/patch#Message"
    public static let patchSet: StaticString = "http://lv2plug.in/ns/ext/patch#Set"
    public static let patchGet: StaticString = "http://lv2plug.in/ns/ext/patch#Get"
    public static let patchProperty: StaticString = "http://lv2plug.in/ns/ext/patch#property"
    public static let patchValue: StaticString = "http://lv2plug.in/ns/ext/patch#value"
    public static let patchSubject: StaticString = "http://lv2plug.in/ns/ext/patch#subject"
    public static let timePosition: StaticString = "http://lv2plug.in/ns/ext/time#Position"
}

extension StaticString {
    /// The string as the `const char *` that C APIs such as `LV2_Descriptor.URI` take.
    @_spi(Generated) public var cString: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// Whether a C string from the host spells this URI.
    @_spi(Generated) public func matches(_ other: UnsafePointer<CChar>?) -> Bool {
        guard let other else { return false }
        return strcmp(other, cString) == 0
    }
}
