import AudioMIDIFiles
import Foundation
import LV2Host
import TestSupport
import XCTest

/// A program's calls (Python's `p(x, sidechain=…)`) feed a plugin's main inputs, and its
/// side-chains only when given audio for them; the sentences name no command-line option.
final class LiveChainSideChainTests: XCTestCase {
    private func sideChainChain() throws -> LiveChain {
        let world = try LV2World(lv2Path: try TestHostSpecBundle.lv2Directory())
        return try LiveChain(world: world, stages: [RenderStage(plugin: try world.plugin(uri: TestHostSpecBundle.sideChainURI))],
                             sampleRate: 48000)
    }

    /// The outputs (out_left, out_right, out_key: copies of left, right, key) for `channels`.
    private func process(_ chain: LiveChain, _ channels: [[Float]]) throws -> [[Float]] {
        let frames = channels[0].count
        let inputs = channels.map { _ in UnsafeMutableBufferPointer<Float>.allocate(capacity: frames) }
        let outputs = (0..<chain.outputChannelCount).map { _ in UnsafeMutableBufferPointer<Float>.allocate(capacity: frames) }
        defer { (inputs + outputs).forEach { $0.deallocate() } }
        for (buffer, samples) in zip(inputs, channels) { _ = buffer.initialize(from: samples) }
        try chain.process(inputs: inputs.map { UnsafePointer<Float>($0.baseAddress!) }, outputs: outputs.map { $0.baseAddress! },
                          frames: frames)
        return outputs.map(Array.init)
    }

    func testTheMainInputsTakeTheAudioAndTheSideChainHearsSilence() throws {
        let chain = try sideChainChain()
        XCTAssertEqual(chain.inputChannelCount, 2)
        let left: [Float] = [0.1, 0.2, 0.3], right: [Float] = [-0.1, -0.2, -0.3]
        XCTAssertEqual(try process(chain, [left, right]), [left, right, [0, 0, 0]])
    }

    func testSideChainChannelsFeedTheSideChainInputs() throws {
        let chain = try sideChainChain()
        try chain.reset(inputChannelCount: 2, sideChainChannelCount: 1)
        let main: [Float] = [0.1, 0.2, 0.3], key: [Float] = [0.5, 0.6, 0.7]
        // A mono main part feeds both main inputs.
        XCTAssertEqual(try process(chain, [main, key]), [main, main, key])
    }

    func testTooManyChannelsAreRefusedInASentenceWithNoOption() throws {
        let chain = try sideChainChain()
        XCTAssertThrowsMessage(try chain.reset(inputChannelCount: 3),
                               "The audio has 3 channels but the plugin \(TestHostSpecBundle.sideChainURI) has 2 main audio inputs (left, right); its side-chain (key) takes audio of its own.")
        XCTAssertThrowsMessage(try chain.reset(inputChannelCount: 4, sideChainChannelCount: 2),
                               "The side-chain audio has 2 channels but the plugin \(TestHostSpecBundle.sideChainURI) has 1 side-chain input (key).")
    }
}
