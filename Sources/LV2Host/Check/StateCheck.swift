import CLilv

/// Saving and restoring state needs the host's state support, which lv2render does
/// not have yet: the check says which plugins it would apply to.
enum StateCheck {
    static let stateInterface = "http://lv2plug.in/ns/ext/state#interface"

    static func run(_ context: CheckContext) throws -> CheckResult {
        // The description may leave the interface out while the binary has it: ask both.
        let declared = context.world.lilvPlugin(uri: context.plugin.uri).map {
            lilv_plugin_has_extension_data($0, context.world.node(stateInterface))
        } ?? false
        context.step("asking the binary for the state interface (extension_data)")
        let library = try PluginLibrary(path: context.plugin.libraryPath)
        let descriptor = try library.descriptor(uri: context.plugin.uri)
        let provided = descriptor.pointee.extension_data?(stateInterface) != nil
        let reason = declared || provided
            ? "the plugin has the state interface, and lv2render cannot save and restore state yet"
            : "the plugin has no state interface"
        return CheckResult(check: PluginCheck.state.rawValue, outcome: .skip, detail: reason)
    }
}
