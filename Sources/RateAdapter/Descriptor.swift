import CLV2
import LV2Kit

/// The rate adapter's LV2 entry points. A `var` only so that its address can be handed out;
/// nothing ever writes it.
nonisolated(unsafe) public var rateAdapterDescriptor = LV2_Descriptor(
    URI: RateAdapter.uri.cString,
    instantiate: { _, rate, _, features in PluginGlue<RateAdapter>.instantiate(sampleRate: rate, features: features) },
    connect_port: { PluginGlue<RateAdapter>.connect($0, $1, $2) },
    activate: { PluginGlue<RateAdapter>.activate($0) },
    run: { PluginGlue<RateAdapter>.run($0, $1) },
    deactivate: nil,
    cleanup: { PluginGlue<RateAdapter>.cleanup($0) },
    extension_data: nil)
