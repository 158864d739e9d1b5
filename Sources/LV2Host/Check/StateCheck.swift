import CLilv

/// Saving and restoring state needs the host's state support, which lv2render does
/// not have yet: the check says which plugins it would apply to.
enum StateCheck {
    static let stateInterface = "http://lv2plug.in/ns/ext/state#interface"

    static func run(_ context: CheckContext) -> CheckResult {
        let hasInterface = context.world.lilvPlugin(uri: context.plugin.uri).map {
            lilv_plugin_has_extension_data($0, context.world.node(stateInterface))
        } ?? false
        let reason = hasInterface
            ? "the plugin has the state interface, and lv2render cannot save and restore state yet"
            : "the plugin has no state interface"
        return CheckResult(check: PluginCheck.state.rawValue, outcome: .skip, detail: reason)
    }
}
