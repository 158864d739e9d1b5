// Generated from the plugins' declarations in Swift: edit those, not this file.
import CLV2
@_spi(Generated) import LV2Kit
import RateAdapter
import SineSynth

/// A `var` only so that its address can be handed out; nothing writes it.
nonisolated(unsafe) private var sineSynth = LV2_Descriptor(
    URI: SineSynth.declaration.uri.cString,
    instantiate: { PluginGlue<SineSynth>.instantiate(sampleRate: $1, bundlePath: $2, features: $3) },
    connect_port: { PluginGlue<SineSynth>.connect($0, $1, $2) },
    activate: { PluginGlue<SineSynth>.activate($0) },
    run: { PluginGlue<SineSynth>.run($0, $1) },
    deactivate: { PluginGlue<SineSynth>.deactivate($0) },
    cleanup: { PluginGlue<SineSynth>.cleanup($0) },
    extension_data: { PluginGlue<SineSynth>.extensionData($0, state: nil, worker: nil) })

/// A `var` only so that its address can be handed out; nothing writes it.
nonisolated(unsafe) private var rateAdapter = LV2_Descriptor(
    URI: RateAdapter.declaration.uri.cString,
    instantiate: { PluginGlue<RateAdapter>.instantiate(sampleRate: $1, bundlePath: $2, features: $3) },
    connect_port: { PluginGlue<RateAdapter>.connect($0, $1, $2) },
    activate: { PluginGlue<RateAdapter>.activate($0) },
    run: { PluginGlue<RateAdapter>.run($0, $1) },
    deactivate: { PluginGlue<RateAdapter>.deactivate($0) },
    cleanup: { PluginGlue<RateAdapter>.cleanup($0) },
    extension_data: { PluginGlue<RateAdapter>.extensionData($0, state: nil, worker: nil) })

/// The one symbol the shared object exports: hosts call it with 0, 1, 2… until it
/// returns NULL, and pick the descriptor whose URI they want.
@_cdecl("lv2_descriptor")
public func lv2_descriptor(_ index: UInt32) -> UnsafePointer<LV2_Descriptor>? {
    switch index {
    case 0: withUnsafePointer(to: &sineSynth) { $0 }
    case 1: withUnsafePointer(to: &rateAdapter) { $0 }
    default: nil
    }
}
