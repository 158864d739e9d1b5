import HostFiles
import Foundation
import LV2Host

func chain(_ handle: OpaquePointer?) throws -> LiveChain {
    guard let handle else { throw HostError("The chain is missing (a null pointer).") }
    return Unmanaged<LiveChain>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// A handle for a new chain, noted as alive (call under `withDescriptions`).
private func handle(_ chain: LiveChain) -> OpaquePointer {
    noteLiveChain(chain)
    return OpaquePointer(Unmanaged.passRetained(chain).toOpaque())
}

@_cdecl("swiftlv2_chain_new")
public func swiftlv2_chain_new(_ worldHandle: OpaquePointer?, _ uris: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int32,
                               _ sampleRate: Double, _ blockLength: Int32) -> OpaquePointer? {
    result {
        try withDescriptions {
            let world = try world(worldHandle)
            guard let uris, count > 0 else { throw HostError("A chain needs at least one plugin.") }
            let stages = try (0..<Int(count)).map { RenderStage(plugin: try world.plugin(uri: try string(uris[$0], "plugin URI"))) }
            return handle(try LiveChain(world: world, stages: stages, sampleRate: sampleRate, blocks: .fixed(Int(blockLength))))
        }
    }
}

@_cdecl("swiftlv2_chain_join")
public func swiftlv2_chain_join(_ worldHandle: OpaquePointer?, _ chains: UnsafePointer<OpaquePointer?>?, _ count: Int32) -> OpaquePointer? {
    result {
        try withDescriptions {
            guard let chains, count > 0 else { throw HostError("A chain needs at least one plugin.") }
            let parts = try (0..<Int(count)).map { try chain(chains[$0]) }
            let first = parts[0]
            if let other = parts.first(where: { $0.sampleRate != first.sampleRate }) {
                throw HostError("The plugins of a chain must run at one sample rate, not \(first.sampleRate.compactDescription) and \(other.sampleRate.compactDescription) Hz.")
            }
            return handle(try LiveChain(world: try world(worldHandle), stages: parts.flatMap(\.stages),
                                        sampleRate: first.sampleRate, blocks: first.blocks))
        }
    }
}

@_cdecl("swiftlv2_chain_free")
public func swiftlv2_chain_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    withDescriptions { Unmanaged<LiveChain>.fromOpaque(UnsafeRawPointer(handle)).release() }
}

@_cdecl("swiftlv2_chain_reset")
public func swiftlv2_chain_reset(_ handle: OpaquePointer?, _ inputChannels: Int32, _ bpm: Double) -> Int32 {
    status {
        let chain = try chain(handle)
        try withDescriptions {
            try chain.reset(inputChannelCount: inputChannels < 0 ? nil : Int(inputChannels), beatsPerMinute: bpm == 0 ? nil : bpm)
        }
    }
}

@_cdecl("swiftlv2_chain_reset_side_chain")
public func swiftlv2_chain_reset_side_chain(_ handle: OpaquePointer?, _ inputChannels: Int32, _ sideChainChannels: Int32,
                                           _ bpm: Double) -> Int32 {
    status {
        let chain = try chain(handle)
        try withDescriptions {
            try chain.reset(inputChannelCount: Int(inputChannels), sideChainChannelCount: Int(sideChainChannels),
                            beatsPerMinute: bpm == 0 ? nil : bpm)
        }
    }
}

@_cdecl("swiftlv2_chain_side_chain_channels")
public func swiftlv2_chain_side_chain_channels(_ handle: OpaquePointer?) -> Int32 {
    result { Int32(try chain(handle).sideChainChannelCount) } ?? -1
}

@_cdecl("swiftlv2_chain_input_channels")
public func swiftlv2_chain_input_channels(_ handle: OpaquePointer?) -> Int32 {
    result { Int32(try chain(handle).inputChannelCount) } ?? -1
}

@_cdecl("swiftlv2_chain_output_channels")
public func swiftlv2_chain_output_channels(_ handle: OpaquePointer?) -> Int32 {
    result { Int32(try chain(handle).outputChannelCount) } ?? -1
}

@_cdecl("swiftlv2_chain_position")
public func swiftlv2_chain_position(_ handle: OpaquePointer?) -> Int64 {
    result { Int64(try chain(handle).position) } ?? -1
}

@_cdecl("swiftlv2_chain_latency")
public func swiftlv2_chain_latency(_ handle: OpaquePointer?) -> Int64 {
    result { Int64(try chain(handle).latency) } ?? -1
}

@_cdecl("swiftlv2_chain_set")
public func swiftlv2_chain_set(_ handle: OpaquePointer?, _ stage: Int32, _ name: UnsafePointer<CChar>?,
                               _ value: UnsafePointer<CChar>?) -> Int32 {
    status {
        let chain = try chain(handle)
        let setting = StageSetting(try string(name, "setting's name"), try fileName(value, "setting's value", kept: true))
        try withDescriptions { try chain.set(stage: Int(stage), setting) }
    }
}

@_cdecl("swiftlv2_chain_set_control")
public func swiftlv2_chain_set_control(_ handle: OpaquePointer?, _ stage: Int32, _ symbol: UnsafePointer<CChar>?, _ value: Float) -> Int32 {
    status { try chain(handle).set(stage: Int(stage), StageSetting(try string(symbol, "port symbol"), "\(value)")) }
}

@_cdecl("swiftlv2_chain_get_control")
public func swiftlv2_chain_get_control(_ handle: OpaquePointer?, _ stage: Int32, _ symbol: UnsafePointer<CChar>?,
                                       _ value: UnsafeMutablePointer<Float>?) -> Int32 {
    status {
        let instances = try chain(handle).instances
        guard instances.indices.contains(Int(stage)) else { throw HostError("The chain has no plugin number \(stage + 1).", kind: .notFound) }
        let current = try instances[Int(stage)].control(try string(symbol, "port symbol"))
        value?.pointee = current
    }
}

@_cdecl("swiftlv2_chain_load_preset")
public func swiftlv2_chain_load_preset(_ handle: OpaquePointer?, _ stage: Int32, _ preset: UnsafePointer<CChar>?) -> Int32 {
    status {
        let chain = try chain(handle)
        try withDescriptions { try chain.loadPreset(stage: Int(stage), try string(preset, "preset")) }
    }
}

@_cdecl("swiftlv2_chain_load_state")
public func swiftlv2_chain_load_state(_ handle: OpaquePointer?, _ stage: Int32, _ path: UnsafePointer<CChar>?) -> Int32 {
    status {
        let chain = try chain(handle)
        try withDescriptions { try chain.loadState(stage: Int(stage), try fileName(path, "state directory", kept: true)) }
    }
}

@_cdecl("swiftlv2_chain_save_state")
public func swiftlv2_chain_save_state(_ handle: OpaquePointer?, _ stage: Int32, _ directory: UnsafePointer<CChar>?) -> Int32 {
    status {
        let chain = try chain(handle)
        let directory = try fileName(directory, "state directory")
        let folder = try StateFolder(directory)
        try checkWrite(folder.writtenFiles, option: "Saving the state to \(directory)")
        try withDescriptions { try chain.saveState(stage: Int(stage), to: folder) }
    }
}

@_cdecl("swiftlv2_chain_add_midi")
public func swiftlv2_chain_add_midi(_ handle: OpaquePointer?, _ seconds: UnsafePointer<Double>?, _ bytes: UnsafePointer<UInt8>?,
                                    _ sizes: UnsafePointer<Int32>?, _ count: Int32) -> Int32 {
    status {
        guard count > 0 else { return }
        guard let seconds, let bytes, let sizes else { throw HostError("The MIDI events are missing (a null pointer).") }
        var offset = 0
        let events = (0..<Int(count)).map { i in
            defer { offset += Int(sizes[i]) }
            return TimedMIDIEvent(seconds: seconds[i], bytes: Array(UnsafeBufferPointer(start: bytes + offset, count: max(0, Int(sizes[i])))))
        }
        try chain(handle).addMIDI(events)
    }
}

@_cdecl("swiftlv2_chain_add_midi_file")
public func swiftlv2_chain_add_midi_file(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ offset: Double,
                                         _ endSeconds: UnsafeMutablePointer<Double>?) -> Int32 {
    status {
        let file = try MIDIFile(path: try fileName(path, "MIDI file"))
        let end = try chain(handle).addMIDIFile(file, offset: offset)
        endSeconds?.pointee = end
    }
}

@_cdecl("swiftlv2_chain_process")
public func swiftlv2_chain_process(_ handle: OpaquePointer?, _ inputs: UnsafePointer<UnsafePointer<Float>?>?, _ inputCount: Int32,
                                   _ outputs: UnsafePointer<UnsafeMutablePointer<Float>?>?, _ outputCount: Int32,
                                   _ frames: Int64) -> Int32 {
    status {
        func pointers<P>(_ array: UnsafePointer<P?>?, _ count: Int32) throws -> [P] {
            guard count > 0 else { return [] }
            guard let array else { throw HostError("The audio buffers are missing (a null pointer).") }
            return try (0..<Int(count)).map {
                guard let pointer = array[$0] else { throw HostError("The buffer of channel \($0 + 1) is missing (a null pointer).") }
                return pointer
            }
        }
        try chain(handle).process(inputs: try pointers(inputs, inputCount), outputs: try pointers(outputs, outputCount), frames: Int(frames))
    }
}

@_cdecl("swiftlv2_chain_process_planar")
public func swiftlv2_chain_process_planar(_ handle: OpaquePointer?, _ input: UnsafePointer<Float>?, _ inputCount: Int32,
                                          _ output: UnsafeMutablePointer<Float>?, _ outputCount: Int32, _ frames: Int64) -> Int32 {
    status {
        guard (input != nil || inputCount == 0) && (output != nil || outputCount == 0) else {
            throw HostError("The audio buffers are missing (a null pointer).")
        }
        let length = Int(max(frames, 0))
        try chain(handle).process(inputs: (0..<Int(max(inputCount, 0))).map { input! + $0 * length },
                                  outputs: (0..<Int(max(outputCount, 0))).map { output! + $0 * length }, frames: Int(frames))
    }
}

@_cdecl("swiftlv2_chain_take_midi_output_json")
public func swiftlv2_chain_take_midi_output_json(_ handle: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    result { ownedString(try json(try chain(handle).takeMIDIOutput().map { [$0.frame, $0.bytes.map(Int.init)] as [Any] })) } ?? nil
}

@_cdecl("swiftlv2_chain_holds_notes")
public func swiftlv2_chain_holds_notes(_ handle: OpaquePointer?) -> Int32 {
    result { try chain(handle).holdsNotes ? 1 : 0 } ?? -1
}

@_cdecl("swiftlv2_chain_end_held_notes")
public func swiftlv2_chain_end_held_notes(_ handle: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    result { ownedString(try chain(handle).endHeldNotes() ?? "") } ?? nil
}

@_cdecl("swiftlv2_tail_cap_seconds")
public func swiftlv2_tail_cap_seconds() -> Double {
    RenderRequest.tailCapSeconds
}

@_cdecl("swiftlv2_chain_sends_midi")
public func swiftlv2_chain_sends_midi(_ handle: OpaquePointer?) -> Int32 {
    result { try chain(handle).sendsMIDI ? 1 : 0 } ?? -1
}

@_cdecl("swiftlv2_chain_plugin_json")
public func swiftlv2_chain_plugin_json(_ handle: OpaquePointer?, _ stage: Int32) -> UnsafeMutablePointer<CChar>? {
    result {
        let chain = try chain(handle)
        guard chain.instances.indices.contains(Int(stage)) else { throw HostError("The chain has no plugin number \(stage + 1).", kind: .notFound) }
        return ownedString(PluginDescription(chain.instances[Int(stage)].plugin, sampleRate: chain.sampleRate).json())
    } ?? nil
}
