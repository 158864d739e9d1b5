/// Everything a host learns about a plugin before it loads the binary: the generator
/// writes it out as the plugin's Turtle, and the glue checks the host against it at
/// `instantiate` (sample rate, required features).
///
/// Ports are not listed here but in the plugin's `Port` enum (see `PortList`), whose
/// order gives their indices.
public struct PluginDeclaration: Sendable {
    /// The plugin's URI: what hosts and presets name it by. Its last segment names
    /// the plugin's Turtle files (`urn:example:tremolo` → `tremolo.ttl`).
    public var uri: StaticString
    /// `doap:name`: what a host's plugin list shows.
    public var name: StaticString
    /// `doap:shortdesc`: a few words.
    public var shortDescription: StaticString
    /// `rdfs:comment`: what the plugin does, in a sentence or three.
    public var comment: StaticString
    /// Its `lv2:Plugin` subclasses, by which hosts sort their plugin menus.
    public var classes: [PluginClass]
    /// `lv2:minorVersion` and `lv2:microVersion`.
    public var version: Version
    /// `doap:license`, as a URI.
    public var license: StaticString
    /// Features the host must pass to `instantiate`; without one, the plugin logs which
    /// and refuses. Properties such as `lv2:hardRTCapable` belong in `optionalFeatures`.
    public var requiredFeatures: [Feature]
    /// `lv2:optionalFeature`: features the plugin uses when the host passes them, and
    /// promises such as `lv2:hardRTCapable`.
    public var optionalFeatures: [Feature]
    /// `lv2:extensionData`: the interfaces `extension_data` returns.
    public var extensionData: [ExtensionData]
    /// `opts:supportedOption`: the options the plugin reads from `options:options`.
    public var supportedOptions: [StaticString]
    /// The sample rates the plugin works at; at others `instantiate` logs and refuses.
    public var sampleRates: ClosedRange<Double>
    /// `pg:mainInput`: the group of the plugin's main inputs, when it has one.
    public var mainInput: PortGroup?
    /// `pg:mainOutput`: the group of its main outputs, when it has one.
    public var mainOutput: PortGroup?
    /// The project the plugin belongs to (`lv2:project`) and its maintainer. Plugins that
    /// share a bundle name the same one, or none (then the generator needs it from `BundleContents`).
    public var project: Project?
    /// Turtle the generator appends to the plugin's `NAME.ttl` as it is, for what declarations
    /// do not say (a UI, a vocabulary of your own); it may declare its own `@prefix`es.
    public var extraTurtle: StaticString

    /// A declaration; only what every plugin must say has no default.
    public init(
        uri: StaticString, name: StaticString, shortDescription: StaticString, comment: StaticString,
        classes: [PluginClass], version: Version, license: StaticString,
        requiredFeatures: [Feature] = [], optionalFeatures: [Feature] = [], extensionData: [ExtensionData] = [],
        supportedOptions: [StaticString] = [], sampleRates: ClosedRange<Double> = 1...Double.greatestFiniteMagnitude,
        mainInput: PortGroup? = nil, mainOutput: PortGroup? = nil, project: Project? = nil,
        extraTurtle: StaticString = ""
    ) {
        self.uri = uri
        self.name = name
        self.shortDescription = shortDescription
        self.comment = comment
        self.classes = classes
        self.version = version
        self.license = license
        self.requiredFeatures = requiredFeatures
        self.optionalFeatures = optionalFeatures
        self.extensionData = extensionData
        self.supportedOptions = supportedOptions
        self.sampleRates = sampleRates
        self.mainInput = mainInput
        self.mainOutput = mainOutput
        self.project = project
        self.extraTurtle = extraTurtle
    }
}

/// `lv2:minorVersion` and `lv2:microVersion`. LV2 reads an odd number in either as a
/// development version; hosts that find two copies of a plugin load the newer one.
public struct Version: Sendable {
    /// `lv2:minorVersion`: raise it for a change hosts should notice (a new port, new
    /// behaviour); even numbers are releases.
    public var minor: Int
    /// `lv2:microVersion`: raise it for a fix that changes nothing else; even numbers are releases.
    public var micro: Int

    /// A version; odd numbers mark development versions.
    public init(minor: Int, micro: Int) {
        self.minor = minor
        self.micro = micro
    }
}

/// A class from the LV2 core vocabulary (`lv2:InstrumentPlugin`, …).
public struct PluginClass: Sendable {
    /// The class's URI.
    public let uri: StaticString
    /// A class LV2Kit has no constant for.
    public init(_ uri: StaticString) { self.uri = uri }

    /// `lv2:InstrumentPlugin`: a synth or sampler played with MIDI.
    public static let instrument = PluginClass("http://lv2plug.in/ns/lv2core#InstrumentPlugin")
    /// `lv2:GeneratorPlugin`: makes sound without audio input.
    public static let generator = PluginClass("http://lv2plug.in/ns/lv2core#GeneratorPlugin")
    /// `lv2:OscillatorPlugin`: a generator of periodic waves.
    public static let oscillator = PluginClass("http://lv2plug.in/ns/lv2core#OscillatorPlugin")
    /// `lv2:SimulatorPlugin`: models a device (an amplifier, a room).
    public static let simulator = PluginClass("http://lv2plug.in/ns/lv2core#SimulatorPlugin")
    /// `lv2:DelayPlugin`: echoes and delay lines.
    public static let delay = PluginClass("http://lv2plug.in/ns/lv2core#DelayPlugin")
    /// `lv2:ModulatorPlugin`: tremolo, chorus, phaser, ….
    public static let modulator = PluginClass("http://lv2plug.in/ns/lv2core#ModulatorPlugin")
    /// `lv2:AmplifierPlugin`: gain.
    public static let amplifier = PluginClass("http://lv2plug.in/ns/lv2core#AmplifierPlugin")
    /// `lv2:FilterPlugin`: equalisers and filters.
    public static let filter = PluginClass("http://lv2plug.in/ns/lv2core#FilterPlugin")
    /// `lv2:DistortionPlugin`: overdrive, saturation.
    public static let distortion = PluginClass("http://lv2plug.in/ns/lv2core#DistortionPlugin")
    /// `lv2:UtilityPlugin`: routing, conversion, metering.
    public static let utility = PluginClass("http://lv2plug.in/ns/lv2core#UtilityPlugin")
    /// `lv2:MIDIPlugin`: processes MIDI events.
    public static let midi = PluginClass("http://lv2plug.in/ns/lv2core#MIDIPlugin")
    /// `lv2:DynamicsPlugin`: changes the level by the level (compressors, gates, limiters…).
    public static let dynamics = PluginClass("http://lv2plug.in/ns/lv2core#DynamicsPlugin")
    /// `lv2:CompressorPlugin`: turns loud passages down (a dynamics plugin; duckers too).
    public static let compressor = PluginClass("http://lv2plug.in/ns/lv2core#CompressorPlugin")
    /// `lv2:ExpanderPlugin`: turns quiet passages further down.
    public static let expander = PluginClass("http://lv2plug.in/ns/lv2core#ExpanderPlugin")
    /// `lv2:GatePlugin`: silences what falls below a threshold.
    public static let gate = PluginClass("http://lv2plug.in/ns/lv2core#GatePlugin")
    /// `lv2:LimiterPlugin`: keeps peaks under a ceiling.
    public static let limiter = PluginClass("http://lv2plug.in/ns/lv2core#LimiterPlugin")
    /// `lv2:ReverbPlugin`: rooms and halls (a delay plugin).
    public static let reverb = PluginClass("http://lv2plug.in/ns/lv2core#ReverbPlugin")
    /// `lv2:EQPlugin`: equalisers (a filter plugin).
    public static let equaliser = PluginClass("http://lv2plug.in/ns/lv2core#EQPlugin")
    /// `lv2:ParaEQPlugin`: a parametric equaliser.
    public static let parametricEqualiser = PluginClass("http://lv2plug.in/ns/lv2core#ParaEQPlugin")
    /// `lv2:MultiEQPlugin`: a graphic (multi-band) equaliser.
    public static let multibandEqualiser = PluginClass("http://lv2plug.in/ns/lv2core#MultiEQPlugin")
    /// `lv2:LowpassPlugin`: a low-pass filter.
    public static let lowpass = PluginClass("http://lv2plug.in/ns/lv2core#LowpassPlugin")
    /// `lv2:HighpassPlugin`: a high-pass filter.
    public static let highpass = PluginClass("http://lv2plug.in/ns/lv2core#HighpassPlugin")
    /// `lv2:BandpassPlugin`: a band-pass filter.
    public static let bandpass = PluginClass("http://lv2plug.in/ns/lv2core#BandpassPlugin")
    /// `lv2:WaveshaperPlugin`: a distortion by a transfer curve.
    public static let waveshaper = PluginClass("http://lv2plug.in/ns/lv2core#WaveshaperPlugin")
    /// `lv2:ChorusPlugin`: a chorus (a modulator).
    public static let chorus = PluginClass("http://lv2plug.in/ns/lv2core#ChorusPlugin")
    /// `lv2:FlangerPlugin`: a flanger (a modulator).
    public static let flanger = PluginClass("http://lv2plug.in/ns/lv2core#FlangerPlugin")
    /// `lv2:PhaserPlugin`: a phaser (a modulator).
    public static let phaser = PluginClass("http://lv2plug.in/ns/lv2core#PhaserPlugin")
    /// `lv2:SpatialPlugin`: places sound in space (panners, wideners).
    public static let spatial = PluginClass("http://lv2plug.in/ns/lv2core#SpatialPlugin")
    /// `lv2:SpectralPlugin`: works on the spectrum.
    public static let spectral = PluginClass("http://lv2plug.in/ns/lv2core#SpectralPlugin")
    /// `lv2:PitchPlugin`: shifts or corrects pitch (a spectral plugin).
    public static let pitch = PluginClass("http://lv2plug.in/ns/lv2core#PitchPlugin")
    /// `lv2:AnalyserPlugin`: measures and shows (meters, tuners; a utility).
    public static let analyser = PluginClass("http://lv2plug.in/ns/lv2core#AnalyserPlugin")
    /// `lv2:ConverterPlugin`: converts one kind of signal to another (a utility).
    public static let converter = PluginClass("http://lv2plug.in/ns/lv2core#ConverterPlugin")
    /// `lv2:MixerPlugin`: mixes signals (a utility).
    public static let mixer = PluginClass("http://lv2plug.in/ns/lv2core#MixerPlugin")
    /// `lv2:EnvelopePlugin`: makes envelopes (a generator).
    public static let envelope = PluginClass("http://lv2plug.in/ns/lv2core#EnvelopePlugin")
}

/// A feature a plugin may need or use.
public struct Feature: Sendable {
    /// The feature's URI.
    public let uri: StaticString
    /// Whether hosts pass it in the feature array (`urid:map` is passed; `lv2:hardRTCapable`
    /// is a promise of the plugin's, never passed), so whether `instantiate` can check it.
    public let isPassedByHost: Bool

    /// A feature LV2Kit has no constant for.
    public init(_ uri: StaticString, isPassedByHost: Bool = true) {
        self.uri = uri
        self.isPassedByHost = isPassedByHost
    }

    /// `urid:map`: URIs to numbers. LV2Kit needs it for events, state and parameters.
    public static let uridMap = Feature(URI.uridMap)
    /// `urid:unmap`: numbers back to URIs.
    public static let uridUnmap = Feature("http://lv2plug.in/ns/ext/urid#unmap")
    /// `options:options`: the host's settings (block length, sample rate, sequence size).
    public static let options = Feature(URI.options)
    /// `log:log`: the host's log, which `Logger` writes to.
    public static let log = Feature(URI.log)
    /// `worker:schedule`: hands work to a thread of the host's (`WorkerSchedule`).
    public static let workerSchedule = Feature(URI.workerSchedule)
    /// `bufsz:boundedBlockLength`: the host promises a largest block length (`bufsz:maxBlockLength`).
    public static let boundedBlockLength = Feature("http://lv2plug.in/ns/ext/buf-size#boundedBlockLength")
    /// `state:mapPath`: paths saved in a state become relative to the session.
    public static let stateMapPath = Feature("http://lv2plug.in/ns/ext/state#mapPath")
    /// `state:makePath`: a folder of the session's for files the plugin writes.
    public static let stateMakePath = Feature("http://lv2plug.in/ns/ext/state#makePath")
    /// `state:freePath`: frees the paths `state:mapPath` returns.
    public static let stateFreePath = Feature("http://lv2plug.in/ns/ext/state#freePath")
    /// The plugin's `run` never allocates, locks or waits.
    public static let hardRTCapable = Feature("http://lv2plug.in/ns/lv2core#hardRTCapable", isPassedByHost: false)
    /// The plugin is meant for live use: its output should not be cached or delayed.
    public static let isLive = Feature("http://lv2plug.in/ns/lv2core#isLive", isPassedByHost: false)
    /// Audio outputs must not share their input's buffer.
    public static let inPlaceBroken = Feature("http://lv2plug.in/ns/lv2core#inPlaceBroken", isPassedByHost: false)
    /// The host should restore the state the plugin's Turtle gives (`state:state`).
    public static let loadDefaultState = Feature("http://lv2plug.in/ns/ext/state#loadDefaultState", isPassedByHost: false)
}

/// The interfaces a plugin can return from `extension_data`. (Constants, not an enum,
/// for the reason `PortProperty` gives.)
public struct ExtensionData: Sendable {
    /// The interface's URI.
    public let uri: StaticString

    /// `state:interface`: non-port state, saved and restored by the plugin's
    /// `save` and `restore`.
    public static let state = ExtensionData(uri: URI.stateInterface)
    /// `worker:interface`: work done off the audio thread by the plugin's `work`.
    public static let worker = ExtensionData(uri: URI.workerInterface)
}
