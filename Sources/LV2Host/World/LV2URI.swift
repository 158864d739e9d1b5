/// The LV2 URIs the host uses. The C headers spell these as concatenated macros,
/// which Swift does not import, so they are written out here once.
package enum LV2URI {
    package static let core = "http://lv2plug.in/ns/lv2core#"
    package static let atom = "http://lv2plug.in/ns/ext/atom#"
    static let bufSize = "http://lv2plug.in/ns/ext/buf-size#"
    static let log = "http://lv2plug.in/ns/ext/log#"
    static let urid = "http://lv2plug.in/ns/ext/urid#"
    static let worker = "http://lv2plug.in/ns/ext/worker#"
    static let state = "http://lv2plug.in/ns/ext/state#"

    // Features.
    static let uridMap = urid + "map"
    static let uridUnmap = urid + "unmap"
    static let options = "http://lv2plug.in/ns/ext/options#options"
    static let logLog = log + "log"
    static let boundedBlockLength = bufSize + "boundedBlockLength"
    static let workerSchedule = worker + "schedule"
    static let loadDefaultState = state + "loadDefaultState"
    static let stateMapPath = state + "mapPath"
    static let stateMakePath = state + "makePath"
    static let stateFreePath = state + "freePath"
    static let threadSafeRestore = state + "threadSafeRestore"
    /// Plugin properties that some plugins list as features; they ask nothing of the host.
    package static let hardRTCapable = core + "hardRTCapable"
    static let inPlaceBroken = core + "inPlaceBroken"
    static let isLive = core + "isLive"
    /// The designation of a control input that tells a plugin the host runs faster than real time.
    package static let freeWheeling = core + "freeWheeling"

    // Extension data.
    static let workerInterface = worker + "interface"
    package static let stateInterface = state + "interface"

    // Options.
    static let sampleRate = "http://lv2plug.in/ns/ext/parameters#sampleRate"
    package static let minBlockLength = bufSize + "minBlockLength"
    package static let maxBlockLength = bufSize + "maxBlockLength"
    static let nominalBlockLength = bufSize + "nominalBlockLength"
    static let sequenceSize = bufSize + "sequenceSize"

    // Atoms and events.
    package static let atomInt = atom + "Int"
    static let atomFloat = atom + "Float"
    static let atomSequence = atom + "Sequence"
    static let atomChunk = atom + "Chunk"
    static let atomSupports = atom + "supports"
    static let midiEvent = "http://lv2plug.in/ns/ext/midi#MidiEvent"

    // Parameters.
    static let patch = "http://lv2plug.in/ns/ext/patch#"
    static let patchWritable = patch + "writable"
    static let patchReadable = patch + "readable"
    static let patchMessage = patch + "Message"
    static let patchSet = patch + "Set"
    static let patchProperty = patch + "property"
    static let patchValue = patch + "value"
    static let atomObject = atom + "Object"
    static let rdfsRange = "http://www.w3.org/2000/01/rdf-schema#range"

    // Time.
    static let time = "http://lv2plug.in/ns/ext/time#"
    static let timePosition = time + "Position"

    // Log levels.
    static let logError = log + "Error"
    static let logWarning = log + "Warning"
    static let logTrace = log + "Trace"

    // Port and plugin descriptions.
    static let audioPort = core + "AudioPort"
    static let controlPort = core + "ControlPort"
    static let cvPort = core + "CVPort"
    static let atomPort = atom + "AtomPort"
    static let inputPort = core + "InputPort"
    static let outputPort = core + "OutputPort"
    static let integer = core + "integer"
    static let toggled = core + "toggled"
    static let enumeration = core + "enumeration"
    static let designation = core + "designation"
    static let connectionOptional = core + "connectionOptional"
    static let port = core + "port"
    static let index = core + "index"
    static let minorVersion = core + "minorVersion"
    static let microVersion = core + "microVersion"
    static let instrumentPlugin = core + "InstrumentPlugin"
    static let midiPlugin = core + "MIDIPlugin"
    static let sampleRateProperty = core + "sampleRate"
    static let isSideChain = core + "isSideChain"
    static let portGroups = "http://lv2plug.in/ns/ext/port-groups#"
    static let portGroup = portGroups + "group"
    static let mainInput = portGroups + "mainInput"
    static let sideChainOf = portGroups + "sideChainOf"
    static let lv2Symbol = core + "symbol"
    static let lv2Name = core + "name"
    static let logarithmic = "http://lv2plug.in/ns/ext/port-props#logarithmic"
    package static let hasStrictBounds = "http://lv2plug.in/ns/ext/port-props#hasStrictBounds"
    static let unitsUnit = "http://lv2plug.in/ns/extensions/units#unit"
    static let unitsSymbol = "http://lv2plug.in/ns/extensions/units#symbol"
    static let presetClass = "http://lv2plug.in/ns/ext/presets#Preset"
    static let rdfsSeeAlso = "http://www.w3.org/2000/01/rdf-schema#seeAlso"
    static let rdfsLabel = "http://www.w3.org/2000/01/rdf-schema#label"
    static let rdfsComment = "http://www.w3.org/2000/01/rdf-schema#comment"
}
