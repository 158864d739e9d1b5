import HostFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// The built rate adapter, loaded through LV2Host, and the signals the tests feed it.
struct RateAdapterHarness {
    static let uri = "urn:swiftlv2:rate-adapter"
    /// libsamplerate's numbering, as the `quality` port uses it.
    static let sincQualities: [Float] = [0, 1, 2]

    let world: LV2World
    let plugin: PluginInfo

    init() throws {
        world = try LV2World(lv2Path: Repository.lv2PathWithSystemBundles)
        plugin = try world.plugin(uri: Self.uri)
    }

    /// Renders stereo `input` with constant controls, as a host would.
    func render(
        _ input: [[Float]], hostRate: Double, controls: [(symbol: String, value: Float)],
        blocks: BlockPattern = .fixed(512), inPlace: Bool = false
    ) throws -> (output: [[Float]], latency: Int) {
        var request = RenderRequest(stages: [RenderStage(plugin: plugin, controls: controls)])
        request.sampleRate = hostRate
        request.blocks = blocks
        request.input = AudioData(sampleRate: hostRate, channels: input)
        request.duration = Double(input[0].count) / hostRate
        request.inPlace = inPlace
        let result = try Renderer(world: world).render(request)
        return (result.audio.channels, result.latency)
    }

    /// Plays stereo `input` through a live instance in blocks of `blockLength`,
    /// calling `beforeBlock(instance, firstFrame)` before each block (to move controls).
    /// Returns the output and the latency reported after each block.
    func play(
        _ input: [[Float]], hostRate: Double, blockLength: Int,
        controls: [(symbol: String, value: Float)] = [],
        beforeBlock: (PluginInstance, Int) throws -> Void = { _, _ in }
    ) throws -> (output: [[Float]], latencies: [Int]) {
        let instance = try PluginInstance(plugin: plugin, sampleRate: hostRate, maxBlockLength: blockLength)
        for (symbol, value) in controls { try instance.setControl(symbol, value) }
        instance.activate()
        var output = input.map { [Float](repeating: .nan, count: $0.count) }
        var latencies: [Int] = []
        for start in stride(from: 0, to: input[0].count, by: blockLength) {
            let frames = min(blockLength, input[0].count - start)
            try beforeBlock(instance, start)
            for channel in 0..<2 {
                _ = instance.audioInput(channel).update(fromContentsOf: input[channel][start..<(start + frames)])
            }
            instance.run(frames: frames)
            for channel in 0..<2 {
                output[channel].replaceSubrange(start..<(start + frames), with: instance.audioOutput(channel)[..<frames])
            }
            latencies.append(instance.reportedLatency)
        }
        instance.deactivate()
        return (output, latencies)
    }
}
