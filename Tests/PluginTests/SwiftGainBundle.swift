import Foundation
import LV2Host
import TestSupport

/// A second LV2 plugin written in Embedded Swift, compiled by the tests with `swiftc`:
/// a gain, `out = in × gain`. Like ours, it carries its own copy of the Embedded Swift
/// runtime (swift_slowAlloc, swift_allocObject, …) and exports only `lv2_descriptor`
/// (the same version script), so the two can share a process only if nothing leaks out.
enum SwiftGainBundle {
    static let uri = "urn:swiftlv2:test:swift-gain"

    /// The folder to put on `LV2_PATH`; built once per test run.
    static func lv2Directory() throws -> String {
        try built.get()
    }

    /// The shared object, in the bundle.
    static func binary() throws -> String {
        URL(fileURLWithPath: try lv2Directory()).appendingPathComponent("swift-gain.lv2/swift-gain.so").path
    }

    /// Compiled as `make plugin` compiles ours: Embedded Swift, `lv2_descriptor` the only export.
    private static let built = Result {
        let sources = Repository.root.appendingPathComponent("Sources")
        let arguments = [
            "-enable-experimental-feature", "Embedded", "-wmo", "-parse-as-library", "-Osize",
            "-emit-library", "-module-name", "SwiftGain", "-module-cache-path", "../module-cache",
            "-I", sources.appendingPathComponent("CLV2").path, "Gain.swift", "-o", "swift-gain.so",
            "-use-ld=lld", "-Xlinker", "--version-script=" + sources.appendingPathComponent("SwiftLV2/exports.map").path,
        ]
        return try CompiledTestBundle.build("swift-gain", files: ["Gain.swift": swiftSource, "manifest.ttl": manifest],
                                            compiler: "swiftc", arguments: arguments).path
    }

    private static let swiftSource = """
        import CLV2

        /// The ports, connected by the host.
        struct Gain {
            var gain: UnsafePointer<Float>? = nil
            var input: UnsafePointer<Float>? = nil
            var output: UnsafeMutablePointer<Float>? = nil
        }

        nonisolated(unsafe) var descriptor = LV2_Descriptor(
            URI: ("\(uri)" as StaticString).utf8Start.withMemoryRebound(to: CChar.self, capacity: 1) { $0 },
            instantiate: { _, _, _, _ in
                let gain = UnsafeMutablePointer<Gain>.allocate(capacity: 1)
                gain.initialize(to: Gain())
                return LV2_Handle(gain)
            },
            connect_port: { handle, port, data in
                let gain = handle!.assumingMemoryBound(to: Gain.self)
                switch port {
                case 0: gain.pointee.gain = data.map { UnsafePointer($0.assumingMemoryBound(to: Float.self)) }
                case 1: gain.pointee.input = data.map { UnsafePointer($0.assumingMemoryBound(to: Float.self)) }
                default: gain.pointee.output = data?.assumingMemoryBound(to: Float.self)
                }
            },
            activate: nil,
            run: { handle, frames in
                let gain = handle!.assumingMemoryBound(to: Gain.self).pointee
                guard let input = gain.input, let output = gain.output, let factor = gain.gain?.pointee else { return }
                for i in 0..<Int(frames) { output[i] = input[i] * factor }
            },
            deactivate: nil,
            cleanup: { handle in
                let gain = handle!.assumingMemoryBound(to: Gain.self)
                gain.deinitialize(count: 1)
                gain.deallocate()
            },
            extension_data: nil)

        @_cdecl("lv2_descriptor")
        public func lv2_descriptor(_ index: UInt32) -> UnsafePointer<LV2_Descriptor>? {
            index == 0 ? withUnsafePointer(to: &descriptor) { $0 } : nil
        }
        """

    private static let manifest = """
        @prefix doap: <http://usefulinc.com/ns/doap#> .
        @prefix lv2:  <http://lv2plug.in/ns/lv2core#> .

        <\(uri)> a lv2:Plugin ; lv2:binary <swift-gain.so> ; doap:name "Swift Gain" ;
            lv2:port [
                a lv2:InputPort, lv2:ControlPort ; lv2:index 0 ; lv2:symbol "gain" ; lv2:name "Gain" ;
                lv2:default 1 ; lv2:minimum 0 ; lv2:maximum 4
            ] , [
                a lv2:InputPort, lv2:AudioPort ; lv2:index 1 ; lv2:symbol "in" ; lv2:name "In"
            ] , [
                a lv2:OutputPort, lv2:AudioPort ; lv2:index 2 ; lv2:symbol "out" ; lv2:name "Out"
            ] .
        """
}
