import ArgumentParser
import LV2Host

/// How the commands that find plugins read the LV2 path.
struct WorldOptions: ParsableArguments {
    @Flag(name: .customLong("dyn-manifest"),
          help: "Also read bundles' dynamic manifests, which runs their libraries while listing plugins.")
    var dynamicManifests = false

    /// The world every command searches, with its discovery warnings printed.
    func world() throws -> LV2World {
        let world = try LV2World.forCommandLine(dynamicManifests: dynamicManifests)
        world.discoveryWarnings.forEach { printWarning($0) }
        return world
    }
}
