import ArgumentParser
import Foundation
import LV2Host

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print the URI and name of every plugin found.")

    @OptionGroup var worldOptions: WorldOptions

    @Flag(help: "Print one JSON array: each plugin's uri, name, class, kind, bundle, audio and MIDI ports.")
    var json = false

    @Option(name: .customLong("class"), help: ArgumentHelp("Only plugins of this class (Reverb, Delay, …: the lv2: class's name, in any case).", valueName: "name"))
    var className: String?

    @Option(help: ArgumentHelp("Only plugins of this kind: instrument, effect or midi.", valueName: "kind"))
    var kind: PluginKind?

    func run() throws {
        let world = try worldOptions.world()
        world.skippedPlugins.forEach { printWarning($0) }
        world.misplacedBundles.forEach { printWarning(world.bundleHint($0)) }
        let plugins = world.listedPlugins.filter { plugin in
            (kind == nil || plugin.kind == kind) && (className.map { plugin.className.caseInsensitiveCompare($0) == .orderedSame } ?? true)
        }
        if json {
            let objects = plugins.map(\.jsonObject)
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        let width = plugins.map(\.uri.count).max() ?? 0
        for plugin in plugins {
            print(plugin.uri.padding(toLength: width + 2, withPad: " ", startingAt: 0) + plugin.name)
        }
    }
}

extension PluginKind: ExpressibleByArgument {}
