import HostFiles
import LV2Host
import CLilv
import Foundation

/// What `lv2render check` is given: plugin URIs, or bundle folders whose plugins are all
/// checked (a bundle off the LV2 path is loaded into the world first).
public enum CheckTargets {
    /// The URIs to check, in the order given; a bundle's plugins sorted by URI.
    /// Throws for a bundle that holds no plugin.
    public static func uris(_ arguments: [String], world: LV2World) throws -> [String] {
        var uris: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard !argument.contains("://") || argument.hasPrefix("file://"),
                  FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
                uris.append(argument)
                continue
            }
            let folder = URL(fileURLWithPath: argument).standardizedFileURL.resolvingSymlinksInPath()
            var found = plugins(in: folder, world: world)
            if found.isEmpty {  // off the LV2 path: load it
                let bundleURI = lilv_new_file_uri(world.world, nil, folder.path + "/")
                lilv_world_load_bundle(world.world, bundleURI)
                lilv_node_free(bundleURI)
                found = plugins(in: folder, world: world)
            }
            guard !found.isEmpty else {
                throw HostError("The folder \(argument) holds no LV2 plugin (no manifest.ttl describing one).")
            }
            uris += found.sorted()
        }
        return uris
    }

    private static func plugins(in folder: URL, world: LV2World) -> [String] {
        let all = lilv_world_get_all_plugins(world.world)
        var found: [String] = []
        var iterator = lilv_plugins_begin(all)
        while !lilv_plugins_is_end(all, iterator) {
            if let plugin = lilv_plugins_get(all, iterator),
               let bundle = filePath(lilv_plugin_get_bundle_uri(plugin)),
               URL(fileURLWithPath: bundle).standardizedFileURL.resolvingSymlinksInPath().path == folder.path,
               let uri = lilv_node_as_uri(lilv_plugin_get_uri(plugin)) {
                found.append(String(cString: uri))
            }
            iterator = lilv_plugins_next(all, iterator)
        }
        return found
    }
}
