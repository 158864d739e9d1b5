import LV2Check
@testable import LV2Host
import TestSupport
import XCTest

/// What a test plays into a plugin: audio for its inputs, MIDI for its atom input.
struct Stimulus {
    var frames: Int
    /// One signal per audio input, `frames` long.
    var audio: [[Float]] = []
    /// Frames from the start, in order.
    var midi: [(frame: Int, bytes: [UInt8])] = []
}

/// Our two plugins, each with a stimulus that exercises all of it and a check that an
/// instance, whatever a host did to it before, still plays as a fresh one.
enum OurPlugin: String, CaseIterable {
    case synth = "urn:swiftlv2:sine-synth"
    case rateAdapter = "urn:swiftlv2:rate-adapter"

    nonisolated(unsafe) private static let infos: [OurPlugin: PluginInfo] = {
        let world = try! LV2World(lv2Path: Repository.lv2PathWithOnlyOurBundle)
        return Dictionary(uniqueKeysWithValues: allCases.map { ($0, try! world.plugin(uri: $0.rawValue)) })
    }()

    var info: PluginInfo { Self.infos[self]! }
    var controls: [PortInfo] { info.ports(.control, input: true) }

    /// An instance with the features and options of a well-behaved host.
    func instance(sampleRate: Double = 48000, capacity: Int = 8192) throws -> RawInstance {
        let features = HandMadeFeatures(options: HandMadeFeatures.standardOptions(sampleRate: sampleRate))
        return try XCTUnwrap(RawInstance(info, sampleRate: sampleRate, features: features, capacity: capacity))
    }

    /// For the synth, a busy score: chords past the voice count on four channels, short
    /// and long notes, bends, the pedal, all-notes-off. For the rate adapter, stereo noise.
    func stimulus(frames: Int, sampleRate: Double = 48000, seed: UInt64 = 1) -> Stimulus {
        switch self {
        case .synth:
            var random = SplitMix64(seed: seed)
            return Stimulus(frames: frames, midi: MIDIScore.busy(frames: frames, sampleRate: sampleRate, random: &random))
        case .rateAdapter:
            return Stimulus(frames: frames, audio: TestSignals.stereoNoise(frames: frames, seed: seed))
        }
    }

    /// Asserts that `instance` plays as a fresh instance would: for the synth, a note
    /// after all sound off is the same sample for sample; for the rate adapter, a sine
    /// comes out at the reported latency, band-limited yet otherwise intact. Controls
    /// go back to their defaults first.
    func assertStillWorks(_ instance: RawInstance, sampleRate: Double = 48000, _ context: String,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        instance.resetControls()
        switch self {
        case .synth:
            let silence = (0..<16).flatMap { channel -> [(frame: Int, bytes: [UInt8])] in
                [(0, [0xB0 | UInt8(channel), 120, 0]), (0, [0xB0 | UInt8(channel), 121, 0])]
            }
            let settle = Int(sampleRate / 10)  // the fade of all sound off and any gain ramp
            let probe = Stimulus(frames: settle + Int(sampleRate / 4), midi: silence + [(settle, [0x90, 69, 100])])
            let heard = instance.play(probe)[0][settle...]
            let fresh = try self.instance(sampleRate: sampleRate)
            fresh.activate()
            let expected = fresh.play(probe)[0][settle...]
            XCTAssertGreaterThan(SignalAnalysis.peak(expected), 0.05, context, file: file, line: line)
            assertSameSamples([Array(heard)], [Array(expected)], context, file: file, line: line)
        case .rateAdapter:
            let frames = Int(sampleRate / 2)
            let sine = TestSignals.stereo(TestSignals.sine(frequency: min(1000, sampleRate / 20), sampleRate: sampleRate, frames: frames))
            let output = instance.play(Stimulus(frames: frames, audio: sine))
            let latency = Int(instance.control("latency"))
            // Long enough after any quality crossfade or glide still under way.
            let settled = (frames * 3 / 5)..<frames
            for channel in 0..<2 {
                let error = SignalAnalysis.errorDecibels(output[channel], TestSignals.delayed(sine[channel], by: latency), frames: settled)
                XCTAssertLessThan(error, -50, "\(context): channel \(channel)", file: file, line: line)
            }
        }
    }
}

extension RawInstance {
    /// Plays `stimulus` in blocks of the given lengths (repeated as needed; zeros are
    /// `run(0)` calls), calling `beforeBlock(start, length)` before each block, after its
    /// MIDI is written (to move controls or add events). Returns every audio output.
    func play(_ stimulus: Stimulus, blocks: [Int] = [512],
              beforeBlock: (_ start: Int, _ length: Int) -> Void = { _, _ in }) -> [[Float]] {
        var outputs = [[Float]](repeating: [], count: audioOutputCount)
        var start = 0, blockIndex = 0, nextEvent = 0
        while start < stimulus.frames {
            let length = min(blocks[blockIndex % blocks.count], stimulus.frames - start)
            blockIndex += 1
            events?.clear(sequenceType: sequenceType)
            while nextEvent < stimulus.midi.count, stimulus.midi[nextEvent].frame < start + length {
                _ = events?.append(frame: stimulus.midi[nextEvent].frame - start, type: midiEventType, bytes: stimulus.midi[nextEvent].bytes)
                nextEvent += 1
            }
            beforeBlock(start, length)
            for (channel, signal) in stimulus.audio.enumerated() where channel < audioInputCount {
                _ = audioInput(channel).update(fromContentsOf: signal[start..<(start + length)])
            }
            run(frames: length)
            for channel in outputs.indices { outputs[channel] += audioOutput(channel)[..<length] }
            start += length
        }
        return outputs
    }
}

/// Asserts that two renders are the same sample for sample; on failure names the first
/// difference rather than printing every sample.
func assertSameSamples(_ actual: [[Float]], _ expected: [[Float]], _ context: String,
                       file: StaticString = #filePath, line: UInt = #line) {
    guard actual.count == expected.count else {
        return XCTFail("\(context): \(actual.count) outputs, expected \(expected.count)", file: file, line: line)
    }
    for channel in actual.indices {
        guard actual[channel].count == expected[channel].count else {
            return XCTFail("\(context): output \(channel) has \(actual[channel].count) frames, expected \(expected[channel].count)",
                           file: file, line: line)
        }
        if let frame = actual[channel].indices.first(where: { actual[channel][$0].bitPattern != expected[channel][$0].bitPattern }) {
            return XCTFail("\(context): output \(channel) frame \(frame) is \(actual[channel][frame]), expected \(expected[channel][frame])",
                           file: file, line: line)
        }
    }
}

/// Asserts that no NaN or infinity, and nothing louder than `limit`, left the plugin.
func assertFinite(_ outputs: [[Float]], limit: Float = .greatestFiniteMagnitude, _ context: String,
                  file: StaticString = #filePath, line: UInt = #line) {
    for (channel, samples) in outputs.enumerated() {
        if let bad = samples.firstIndex(where: { !$0.isFinite || abs($0) > limit }) {
            XCTFail("\(context): output \(channel) frame \(bad) is \(samples[bad])", file: file, line: line)
        }
    }
}
