import SwiftLV2Engines
@testable import LV2Host
import RateAdapter
import TestSupport
import XCTest

/// Hosts that call both plugins wrongly: missing or odd features and options, nonsense
/// sample rates, `run(0)`, blocks past the announced maximum, `run` before `activate`,
/// activations in the middle of a stream.
final class HostileHostTests: XCTestCase {
    typealias Option = HandMadeFeatures.Option

    /// A quarter of a second at 48 kHz.
    private static let frames = 12000

    /// Each plugin's stimulus as a well-behaved host plays it.
    private func reference(_ plugin: OurPlugin) throws -> [[Float]] {
        let instance = try plugin.instance()
        instance.activate()
        return instance.play(plugin.stimulus(frames: Self.frames))
    }

    func testSynthRefusesToStartWithoutAWorkingURIDMap() throws {
        let options = HandMadeFeatures.standardOptions(sampleRate: 48000)
        XCTAssertNil(try RawInstance(OurPlugin.synth.info, sampleRate: 48000, features: nil), "features NULL")
        XCTAssertNil(try RawInstance(OurPlugin.synth.info, sampleRate: 48000, features: HandMadeFeatures(map: .absent)), "no features")
        XCTAssertNil(try RawInstance(OurPlugin.synth.info, sampleRate: 48000,
                                     features: HandMadeFeatures(map: .absent, options: options)), "options but no map")
        XCTAssertNil(try RawInstance(OurPlugin.synth.info, sampleRate: 48000,
                                     features: HandMadeFeatures(map: .withoutFunction, options: options)), "a map without its function")
    }

    func testSynthRefusesAMapThatCannotNameMIDIButNotOneThatCannotNameTimeUnits() throws {
        let options = HandMadeFeatures.standardOptions(sampleRate: 48000)
        for forgotten: Set<String>? in [nil, [LV2URI.midiEvent], [LV2URI.atomSequence]] {
            let features = HandMadeFeatures(map: .zero(for: forgotten), options: options)
            XCTAssertNil(try RawInstance(OurPlugin.synth.info, sampleRate: 48000, features: features), "0 for \(forgotten ?? ["every URI"])")
        }
        // Without a URID for atom:beatTime no sequence can be in beats, so all are frames.
        let timeUnits: Set = [LV2URI.atom + "beatTime", LV2URI.atom + "frameTime"]
        let features = HandMadeFeatures(map: .zero(for: timeUnits), options: options)
        let instance = try XCTUnwrap(RawInstance(OurPlugin.synth.info, sampleRate: 48000, features: features))
        instance.activate()
        assertSameSamples(instance.play(OurPlugin.synth.stimulus(frames: Self.frames)), try reference(.synth), "0 for the time units")
    }

    func testRateAdapterNeedsNoFeaturesAtAll() throws {
        let expected = try reference(.rateAdapter)
        for (features, context) in [(nil, "features NULL"), (HandMadeFeatures(map: .absent), "empty features"),
                                    (HandMadeFeatures(map: .zero(for: nil)), "a map that returns 0")] {
            let instance = try XCTUnwrap(RawInstance(OurPlugin.rateAdapter.info, sampleRate: 48000, features: features), context)
            instance.activate()
            assertSameSamples(instance.play(OurPlugin.rateAdapter.stimulus(frames: Self.frames)), expected, context)
        }
    }

    func testOddOptionsChangeNothing() throws {
        let key = (max: "http://lv2plug.in/ns/ext/buf-size#maxBlockLength",
                   nominal: "http://lv2plug.in/ns/ext/buf-size#nominalBlockLength",
                   sequence: "http://lv2plug.in/ns/ext/buf-size#sequenceSize")
        let cases: [(String, [Option]?, nullData: Bool)] = [
            ("no options feature", nil, false),
            ("options feature with NULL data", nil, true),
            ("an empty options list", [], false),
            ("max block 0", [.int(key.max, 0)], false),
            ("max block -1", [.int(key.max, -1)], false),
            ("nominal block larger than max", [.int(key.max, 64), .int(key.nominal, 4096)], false),
            ("max block NaN", [.float(key.max, .nan)], false),
            ("max block 1e300 as a double", [.double(key.max, 1e300)], false),
            ("max block as a 64-bit integer", [.long(key.max, Int64.max)], false),
            ("sequence size 0", [.int(key.sequence, 0)], false),
            ("sequence size -8", [.int(key.sequence, -8)], false),
            ("sequence size huge", [.long(key.sequence, 1 << 40)], false),
            ("an integer claiming size 0", [Option(key.max, type: "http://lv2plug.in/ns/ext/atom#Int", Int32(512), claimedSize: 0)], false),
            ("a value of an unknown type", [Option(key.sequence, type: "urn:nobody:knows", Int32(16))], false),
            ("an unknown key", [.int("urn:nobody:knows", 7)], false),
        ]
        for plugin in OurPlugin.allCases {
            let expected = try reference(plugin)
            for (context, options, nullData) in cases {
                let features = HandMadeFeatures(options: options, optionsDataIsNull: nullData)
                let instance = try XCTUnwrap(RawInstance(plugin.info, sampleRate: 48000, features: features), "\(plugin): \(context)")
                instance.activate()
                assertSameSamples(instance.play(plugin.stimulus(frames: Self.frames)), expected, "\(plugin): \(context)")
            }
        }
    }

    func testSynthReadsNoFurtherThanTheAnnouncedSequenceSizeWhateverItsNumberType() throws {
        // A host that announces less than it writes loses its events, and nothing else.
        // Hosts send the size as atom:Int (jalv, Carla), atom:Long or a float type; each is read.
        let key = LV2URI.sequenceSize
        for size in [1, 7, 16] {
            let spellings: [Option] = [.int(key, Int32(size)), .long(key, Int64(size)), .float(key, Float(size)), .double(key, Double(size))]
            for option in spellings {
                let instance = try XCTUnwrap(RawInstance(OurPlugin.synth.info, sampleRate: 48000, features: HandMadeFeatures(options: [option])))
                instance.activate()
                let output = instance.play(OurPlugin.synth.stimulus(frames: Self.frames))
                XCTAssertEqual(SignalAnalysis.peak(output[0]), 0, "sequence size \(size) as \(option.type)")
            }
        }
    }

    func testPortsConnectedLateOrMovedBetweenRunsChangeNothing() throws {
        for plugin in OurPlugin.allCases {
            // A host that runs before it has connected anything, even with frames to render.
            let late = try plugin.instance()
            late.disconnectAll()
            late.activate()
            late.run(frames: 0)
            late.run(frames: 512)
            late.connectAll()
            var silenceFirst = plugin.stimulus(frames: Self.frames)
            silenceFirst.frames += 512
            silenceFirst.audio = silenceFirst.audio.map { [Float](repeating: 0, count: 512) + $0 }
            silenceFirst.midi = silenceFirst.midi.map { ($0.frame + 512, $0.bytes) }
            let fresh = try plugin.instance()
            fresh.activate()
            let expected = fresh.play(silenceFirst).map { Array($0.dropFirst(512)) }
            assertSameSamples(late.play(plugin.stimulus(frames: Self.frames)), expected, "\(plugin) connected after a run")

            // A host that hands out other buffers on every run, in place or not.
            let moving = try plugin.instance()
            moving.activate()
            let output = moving.play(plugin.stimulus(frames: Self.frames), blocks: [256, 100, 512]) { start, _ in
                moving.usesOtherOutputs.toggle()
                moving.connectsInPlace = start % 3 == 0
            }
            assertSameSamples(output, try reference(plugin), "\(plugin) with its buffers moved between runs")
        }
    }

    func testUnusualSampleRatesPlayAndNonsenseRatesAreRefused() throws {
        for plugin in OurPlugin.allCases {
            for rate in [8000.0, 11025, 768_000] {
                let instance = try plugin.instance(sampleRate: rate)
                instance.activate()
                assertFinite(instance.play(plugin.stimulus(frames: Int(rate / 4), sampleRate: rate)), "\(plugin) at \(rate) Hz")
                try plugin.assertStillWorks(instance, sampleRate: rate, "\(plugin) at \(rate) Hz")
            }
            for rate in [0, -0.0, -1, .nan, -.nan, .infinity, -.infinity, 1e12, 999, 1_500_001, .leastNonzeroMagnitude] {
                let features = HandMadeFeatures(options: HandMadeFeatures.standardOptions(sampleRate: 48000))
                XCTAssertNil(try RawInstance(plugin.info, sampleRate: rate, features: features), "\(plugin) at \(rate) Hz")
            }
        }
    }

    func testZeroFrameRunsBetweenBlocksChangeNothing() throws {
        for plugin in OurPlugin.allCases {
            let instance = try plugin.instance()
            instance.activate()
            let output = instance.play(plugin.stimulus(frames: Self.frames), blocks: [512, 0, 0, 300, 0])
            assertSameSamples(output, try reference(plugin), "\(plugin)")
        }
    }

    func testBlocksLongerThanAnnouncedPlayAsAnyOther() throws {
        for plugin in OurPlugin.allCases {
            let options = HandMadeFeatures.standardOptions(sampleRate: 48000, maxBlockLength: 64)
            let instance = try XCTUnwrap(RawInstance(plugin.info, sampleRate: 48000, features: HandMadeFeatures(options: options)))
            instance.activate()
            let output = instance.play(plugin.stimulus(frames: Self.frames), blocks: [8192, 1, 4099])
            assertSameSamples(output, try reference(plugin), "\(plugin)")
        }
    }

    func testRunBeforeActivateIsHarmless() throws {
        for plugin in OurPlugin.allCases {
            let instance = try plugin.instance()
            assertFinite(instance.play(plugin.stimulus(frames: 4800, seed: 2)), "\(plugin) before activate")
            instance.activate()
            assertSameSamples(instance.play(plugin.stimulus(frames: Self.frames)), try reference(plugin), "\(plugin)")
        }
    }

    func testActivatingTwiceIsActivatingOnce() throws {
        for plugin in OurPlugin.allCases {
            let instance = try plugin.instance()
            instance.activate()
            instance.activate()
            assertSameSamples(instance.play(plugin.stimulus(frames: Self.frames)), try reference(plugin), "\(plugin)")
        }
    }

    func testReactivatingMidStreamSoundsLikeAFreshInstance() throws {
        // Cut in at odd moments: notes held and the pedal down, a quality crossfade or a
        // rate glide under way; with and without `deactivate` first.
        let qualities = Int(RateAdapter.Port.quality.declaration.range!.upperBound) + 1
        for plugin in OurPlugin.allCases {
            let expected = try reference(plugin)
            let instance = try plugin.instance()
            instance.activate()
            for (cycle, frames) in [777, 4800, 13, 20000].enumerated() {
                _ = instance.play(plugin.stimulus(frames: frames, seed: UInt64(10 + cycle)), blocks: [97]) { start, _ in
                    if plugin == .rateAdapter {
                        instance.setControl("quality", Float(start / 97 % qualities))
                        instance.setControl("rate", Float(RateAdapterSettings.lowestRate) + Float(start % 40000))
                    } else {
                        instance.setControl("voices", Float(start / 97 % VoiceAllocator.capacity + 1))
                    }
                }
                instance.resetControls()
                if cycle % 2 == 0 { instance.deactivate() }
                instance.activate()
                assertSameSamples(instance.play(plugin.stimulus(frames: Self.frames)), expected, "\(plugin), cycle \(cycle)")
            }
        }
    }
}
