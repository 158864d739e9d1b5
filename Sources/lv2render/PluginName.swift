import LV2Host

/// The plugin `name` names on the command line: its URI, or its name or the URI's last part
/// when only one plugin has it (see `LV2World.plugin(named:)`), and then a note on stderr
/// says which plugin that is.
func resolvePlugin(_ name: String, in world: LV2World) throws -> PluginInfo {
    let plugin = try world.plugin(named: name)
    if plugin.uri != name { printNote("\"\(name)\" is the plugin \(plugin.uri) (\(plugin.name)).") }
    return plugin
}
