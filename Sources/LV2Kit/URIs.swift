@_exported import CLV2  // plugins use its types (LV2_URID, the status codes) too
@_exported import RealTimeMath  // and libm (`LibM`), which Embedded Swift cannot import as Glibc

/// The URIs LV2Kit looks for in what the host gives, and writes into what it returns.
///
/// They are `StaticString`s rather than the C headers' macros so that no `String`
/// is ever made: Embedded Swift builds these into the binary as plain C strings.
public enum URI {
    /// `urid:map`: the feature that maps URIs to the numbers (URIDs) events and state use.
    public static let uridMap: StaticString = "http://lv2plug.in/ns/ext/urid#map"
    /// `options:options`: the feature that passes the host's settings.
    public static let options: StaticString = "http://lv2plug.in/ns/ext/options#options"
    /// `log:log`: the feature of the host's log.
    public static let log: StaticString = "http://lv2plug.in/ns/ext/log#log"
    /// `log:Error`: a log message about something that failed.
    public static let logError: StaticString = "http://lv2plug.in/ns/ext/log#Error"
    /// `log:Warning`: a log message about something the user may want to fix.
    public static let logWarning: StaticString = "http://lv2plug.in/ns/ext/log#Warning"
    /// `log:Note`: a log message for information.
    public static let logNote: StaticString = "http://lv2plug.in/ns/ext/log#Note"
    /// `log:Trace`: a log message for debugging, which hosts may hide.
    public static let logTrace: StaticString = "http://lv2plug.in/ns/ext/log#Trace"
    /// `worker:schedule`: the feature that hands work to the host's worker thread.
    public static let workerSchedule: StaticString = "http://lv2plug.in/ns/ext/worker#schedule"
    /// `worker:interface`: the extension data through which the host calls the plugin's worker.
    public static let workerInterface: StaticString = "http://lv2plug.in/ns/ext/worker#interface"
    /// `state:interface`: the extension data through which the host saves and restores state.
    public static let stateInterface: StaticString = "http://lv2plug.in/ns/ext/state#interface"
    /// `state:mapPath`: the feature that maps paths in a state to and from the session's.
    public static let stateMapPath: StaticString = "http://lv2plug.in/ns/ext/state#mapPath"
    /// `state:freePath`: the feature that frees the paths `state:mapPath` returns.
    public static let stateFreePath: StaticString = "http://lv2plug.in/ns/ext/state#freePath"
    /// `bufsz:sequenceSize`: the option that gives the size of event ports' buffers.
    public static let sequenceSize: StaticString = "http://lv2plug.in/ns/ext/buf-size#sequenceSize"
    /// `atom:Int`: a 32-bit whole number.
    public static let atomInt: StaticString = "http://lv2plug.in/ns/ext/atom#Int"
    /// `atom:Long`: a 64-bit whole number.
    public static let atomLong: StaticString = "http://lv2plug.in/ns/ext/atom#Long"
    /// `atom:Float`: a 32-bit float.
    public static let atomFloat: StaticString = "http://lv2plug.in/ns/ext/atom#Float"
    /// `atom:Double`: a 64-bit float.
    public static let atomDouble: StaticString = "http://lv2plug.in/ns/ext/atom#Double"
    /// `atom:Bool`: on or off, as a 32-bit number.
    public static let atomBool: StaticString = "http://lv2plug.in/ns/ext/atom#Bool"
    /// `atom:Path`: a file path, as a C string.
    public static let atomPath: StaticString = "http://lv2plug.in/ns/ext/atom#Path"
    /// `atom:Chunk`: plain bytes.
    public static let atomChunk: StaticString = "http://lv2plug.in/ns/ext/atom#Chunk"
    /// `atom:Sequence`: the time-stamped events of an event port.
    public static let atomSequence: StaticString = "http://lv2plug.in/ns/ext/atom#Sequence"
    /// `atom:beatTime`: a sequence's time stamps in beats rather than frames.
    public static let atomBeatTime: StaticString = "http://lv2plug.in/ns/ext/atom#beatTime"
    /// `midi:MidiEvent`: a MIDI message.
    public static let midiEvent: StaticString = "http://lv2plug.in/ns/ext/midi#MidiEvent"
    /// `atom:Literal`: a text with a language or datatype.
    public static let atomLiteral: StaticString = "http://lv2plug.in/ns/ext/atom#Literal"
    /// `atom:String`: a text, as a C string.
    public static let atomString: StaticString = "http://lv2plug.in/ns/ext/atom#String"
    /// `atom:URID`: a mapped URI.
    public static let atomURID: StaticString = "http://lv2plug.in/ns/ext/atom#URID"
    /// `atom:Object`: a set of properties with a class (`patch:Set`, `time:Position`).
    public static let atomObject: StaticString = "http://lv2plug.in/ns/ext/atom#Object"
    /// `atom:Blank`: the object type older hosts send.
    public static let atomBlank: StaticString = "http://lv2plug.in/ns/ext/atom#Blank"
    /// `atom:Resource`: the object type with a URI some older hosts send.
    public static let atomResource: StaticString = "http://lv2plug.in/ns/ext/atom#Resource"
    /// Event ports that take or send parameter messages (`patch:Set`, `patch:Get`) say so
    /// in their `supports`.
    public static let patchMessage: StaticString = "http://lv2plug.in/ns/ext/patch#Message"
    /// `patch:Set`: sets a parameter (`patch:property`) to a value (`patch:value`).
    public static let patchSet: StaticString = "http://lv2plug.in/ns/ext/patch#Set"
    /// `patch:Get`: asks for a parameter's value, or all of them.
    public static let patchGet: StaticString = "http://lv2plug.in/ns/ext/patch#Get"
    /// `patch:property`: the parameter a patch message is about.
    public static let patchProperty: StaticString = "http://lv2plug.in/ns/ext/patch#property"
    /// `patch:value`: the value a `patch:Set` gives.
    public static let patchValue: StaticString = "http://lv2plug.in/ns/ext/patch#value"
    /// `patch:subject`: what a patch message is about, when not the plugin itself.
    public static let patchSubject: StaticString = "http://lv2plug.in/ns/ext/patch#subject"
    /// `time:Position`: the host's transport (tempo, bar, beat, speed) at a frame.
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
