import AudioMIDIFiles

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
    public var parameters: [(parameter: ParameterInfo, value: PatchValue)] = []
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

extension RenderStage {
    /// An instance set up as the stage asks: the plugin's default state, the preset, the
    /// state directory, then the single controls (a CV input's is a constant); every point
    /// of its automations checked against its range. Also returns the warnings of the
    /// states it restored. `Renderer` and `LiveChain` make their instances here.
    public func makeInstance(in world: LV2World, sampleRate: Double, blocks: BlockPattern,
                             inPlace: Bool = false) throws -> (instance: PluginInstance, warnings: [String]) {
        let instance = try PluginInstance(plugin: plugin, sampleRate: sampleRate, maxBlockLength: blocks.maxBlockLength,
                                          nominalBlockLength: blocks.nominalBlockLength, urids: world.urids)
        var notes = try world.loadDefaultState(into: instance)
        notes += try setUp(instance, in: world)
        // Every point must be a value the port takes; the lines between them then are too.
        for automation in automations where instance.cvInput(automation.symbol) == nil {
            try automation.values.forEach { try instance.setControl(automation.symbol, $0) }
        }
        if inPlace {
            guard !plugin.isInPlaceBroken else {
                throw HostError("The plugin \(plugin.uri) is marked lv2:inPlaceBroken, so it cannot render in place.")
            }
            instance.connectsInPlace = true
        }
        return (instance, notes)
    }

    /// Applies the preset, the state directory, then the single controls (a CV input's is
    /// a constant) to an instance that has its default state; returns the restored states'
    /// warnings. `makeInstance` and `lv2render check` set up their instances with it.
    public func setUp(_ instance: PluginInstance, in world: LV2World) throws -> [String] {
        var notes: [String] = []
        if let presetURI { notes += try world.restorePreset(presetURI, into: instance) }
        if let statePath { notes += try world.restoreState(statePath, into: instance) }
        for (symbol, value) in controls { try instance.hold(symbol, at: value) }
        return notes
    }

    /// Hands the active instance its parameters in a block of no frames, so that they hold
    /// from the next frame: work they cause (loading a file) is done, and its response
    /// delivered, as is the work the preset or the state scheduled when `setUp` restored it.
    public func setParameters(of instance: PluginInstance) throws {
        for (parameter, value) in parameters {
            try instance.setParameter(parameter, value)
        }
        if parameters.isEmpty {
            instance.answerPendingWork()
        } else {
            instance.run(frames: 0)
        }
    }

    /// Hands each stage's instance its parameters (`setParameters(of:)`), once the chain is active.
    static func setParameters(_ stages: [RenderStage], of instances: [PluginInstance]) throws {
        for (stage, instance) in zip(stages, instances) {
            try stage.setParameters(of: instance)
        }
    }
}
