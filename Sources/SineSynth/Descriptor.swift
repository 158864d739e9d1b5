import CLV2
import LV2Kit

/// The synth's LV2 entry points. A `var` only so that its address can be handed out;
/// nothing ever writes it.
nonisolated(unsafe) public var sineSynthDescriptor = LV2_Descriptor(
    URI: SineSynth.uri.cString,
    instantiate: { _, rate, _, features in PluginGlue<SineSynth>.instantiate(sampleRate: rate, features: features) },
    connect_port: { PluginGlue<SineSynth>.connect($0, $1, $2) },
    activate: { PluginGlue<SineSynth>.activate($0) },
    run: { PluginGlue<SineSynth>.run($0, $1) },
    deactivate: nil,
    cleanup: { PluginGlue<SineSynth>.cleanup($0) },
    extension_data: nil)
