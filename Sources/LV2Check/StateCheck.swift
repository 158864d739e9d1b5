import CLilv
import Foundation
import LV2Host

/// Saves the plugin's state, restores it into a fresh instance and saves that one:
/// the two saves must say the same, or a session reopened in a host would not sound
/// as it was left.
enum StateCheck {
    static func run(_ context: CheckContext) throws -> CheckResult {
        // The description may leave the interface out while the binary has it: ask both.
        let declared = context.world.lilvPlugin(uri: context.plugin.uri).map {
            lilv_plugin_has_extension_data($0, context.world.node(LV2URI.stateInterface))
        } ?? false
        context.step("asking the binary for the state interface (extension_data)")
        let library = try PluginLibrary(path: context.plugin.libraryPath)
        let descriptor = try library.descriptor(uri: context.plugin.uri)
        guard declared || descriptor.pointee.extension_data?(LV2URI.stateInterface) != nil else {
            return CheckResult(check: PluginCheck.state.rawValue, outcome: .skip, detail: "the plugin has no state interface")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lv2render-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("saved").path, second = folder.appendingPathComponent("restored").path

        let original = try context.instance()
        context.step("saving the state of a new instance")
        try context.world.saveState(of: original, to: first)
        let copy = try context.instance()
        context.step("restoring it into another instance")
        _ = try context.world.restoreState(first, into: copy)
        context.step("saving the restored instance's state")
        try context.world.saveState(of: copy, to: second)

        let saved = try String(contentsOfFile: first + "/state.ttl", encoding: .utf8)
        let resaved = try String(contentsOfFile: second + "/state.ttl", encoding: .utf8)
        let difference = StateText.firstDifference(saved, resaved)
        let outcome: CheckOutcome = difference == nil ? .pass : .fail
        let detail = difference.map { "the state saved after restoring differs from the state restored (\"\($0.0)\" became \"\($0.1)\")" }
            ?? "saved, restored into a new instance and saved again: the same state"
        return CheckResult(check: PluginCheck.state.rawValue, outcome: outcome, detail: detail)
    }
}
