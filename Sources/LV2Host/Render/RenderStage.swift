/// One plugin in a render chain, with the control values to set before it runs.
public struct RenderStage {
    public var plugin: PluginInfo
    /// Applied after the preset, in order.
    public var controls: [(symbol: String, value: Float)]
    /// The preset's URI, or its label.
    public var presetURI: String?
    /// Controls moved during the render, after the single `controls` (`--automate`).
    public var automations: [Automation] = []
    /// Parameters (`patch:writable`) set before the first block, after the controls.
    public var parameters: [(parameter: ParameterInfo, value: ParameterValue)] = []
    /// A state directory (as jalv and `savedStatePath` write it) restored after the preset.
    public var statePath: String?
    /// Where to save the plugin's state once the render is over.
    public var savedStatePath: String?

    public init(plugin: PluginInfo, controls: [(symbol: String, value: Float)] = [], presetURI: String? = nil,
                statePath: String? = nil, savedStatePath: String? = nil) {
        self.plugin = plugin
        self.controls = controls
        self.presetURI = presetURI
        self.statePath = statePath
        self.savedStatePath = savedStatePath
    }
}
