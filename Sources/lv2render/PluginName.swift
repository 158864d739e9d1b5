import LV2Host

/// The plugin `name` names on the command line: its URI, or its name or the URI's last part
/// when only one plugin has it (see `LV2World.plugin(named:)`), and then a note on stderr
/// says which plugin that is (unless `noting` is false: the plugins' process of --isolate,
/// whose parent has said it).
func resolvePlugin(_ name: String, in world: LV2World, noting: Bool = true) throws -> PluginInfo {
    let plugin = try world.plugin(named: name)
    if noting, plugin.uri != name { printNote("\"\(name)\" is the plugin \(plugin.uri) (\(plugin.name)).") }
    return plugin
}
