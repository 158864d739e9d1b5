import ArgumentParser
import LV2Host

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print the URI and name of every plugin found.")

    func run() throws {
        let world = try LV2World.forCommandLine()
        world.skippedPlugins.forEach { printWarning($0) }
        world.misplacedBundles.forEach { printWarning(world.bundleHint($0)) }
        let plugins = world.plugins
        let width = plugins.map(\.uri.count).max() ?? 0
        for plugin in plugins {
            print(plugin.uri.padding(toLength: width + 2, withPad: " ", startingAt: 0) + plugin.name)
        }
    }
}
