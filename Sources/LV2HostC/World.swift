import HostFiles
import Foundation
import LV2Host

@_cdecl("swiftlv2_world_new")
public func swiftlv2_world_new(_ lv2Path: UnsafePointer<CChar>?, _ defaultBundle: UnsafePointer<CChar>?) -> OpaquePointer? {
    result {
        try withDescriptions {
            let world = try LV2World(lv2Path: lv2Path.map { String(cString: $0) }, defaultBundle: defaultBundle.map { String(cString: $0) })
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
            ownedString(try json(try world(handle).plugins.map(\.summaryJSON)))
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
