import HostFiles
import Foundation
import LV2Host

@_cdecl("swiftlv2_world_new")
public func swiftlv2_world_new(_ lv2Path: UnsafePointer<CChar>?, _ dynamicManifests: Int32) -> OpaquePointer? {
    result {
        try withDescriptions {
            let path = LV2SearchPath.forFrontEnd(at: #dsohandle, lv2Path: lv2Path.map { String(cString: $0) })
            let world = try LV2World(searchPath: path, dynamicManifests: dynamicManifests != 0)
            return OpaquePointer(Unmanaged.passRetained(world).toOpaque())
        }
    }
}

@_cdecl("swiftlv2_world_free")
public func swiftlv2_world_free(_ world: OpaquePointer?) {
    guard let world else { return }
    withDescriptions { Unmanaged<LV2World>.fromOpaque(UnsafeRawPointer(world)).release() }
}

func world(_ handle: OpaquePointer?) throws -> LV2World {
    guard let handle else { throw HostError("The world is missing (a null pointer).") }
    return Unmanaged<LV2World>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

@_cdecl("swiftlv2_world_plugins_json")
public func swiftlv2_world_plugins_json(_ handle: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    result {
        try withDescriptions {
            ownedString(try json(try world(handle).listedPlugins.map(\.jsonObject)))
        }
    } ?? nil
}

@_cdecl("swiftlv2_world_plugin_json")
public func swiftlv2_world_plugin_json(_ handle: OpaquePointer?, _ uri: UnsafePointer<CChar>?,
                                       _ sampleRate: Double) -> UnsafeMutablePointer<CChar>? {
    result {
        try withDescriptions {
            let plugin = try world(handle).plugin(uri: try string(uri, "plugin URI"))
            return ownedString(PluginDescription(plugin, sampleRate: sampleRate > 0 ? sampleRate : nil).json())
        }
    } ?? nil
}

/// A JSON array of the sentences about bundles discovery left out (they crashed or hung it).
@_cdecl("swiftlv2_world_warnings_json")
public func swiftlv2_world_warnings_json(_ handle: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    result {
        try withDescriptions {
            ownedString(try json(try world(handle).discoveryWarnings))
        }
    } ?? nil
}

/// 1 when the bundles on the world's path are those it read, 0 when one was added, removed or changed.
@_cdecl("swiftlv2_world_is_current")
public func swiftlv2_world_is_current(_ handle: OpaquePointer?) -> Int32 {
    (try? world(handle).isCurrent) == true ? 1 : 0
}
