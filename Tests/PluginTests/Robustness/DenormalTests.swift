import Foundation
@testable import LV2Host
import TestSupport
import XCTest

/// Sound fading into silence costs no more CPU than ordinary sound. Numbers too small
/// for a float's normal range (denormals) make x86 arithmetic up to a hundred times
/// slower; the plugins run with flush-to-zero (`PluginGlue.run`), and these tests
/// hold them to it with the thread's CPU time, the quietest cases against ordinary
/// ones in the same run.
///
/// The bound is loose on purpose (the machine is shared and timing is noisy): a
/// denormal slowdown is tens of times, not the 3 allowed here. Each figure is the
/// cheapest of several rounds, so a busy neighbour cannot make a case look slow.
final class DenormalTests: XCTestCase {
    private static let rounds = 5
    private static let allowedRatio = 3.0

    func testSynthReleaseTailCostsNoMoreThanHeldNotes() throws {
        // Eight quiet notes held, then released: the measured tail is the whole 0.5 s
        // release, every voice fading from its held level to exact silence.
        let instance = try OurPlugin.synth.instance()
        for (symbol, value) in [("release", 500), ("sustain", 1), ("gain", -60), ("voices", 8)] as [(String, Float)] {
            instance.setControl(symbol, value)
        }
        let blocks = 48  // 24576 frames: the release and a little silence
        var held: [Double] = [], tail: [Double] = []
        for _ in 0..<Self.rounds {
            instance.activate()
            _ = try run(instance, blocks: 20, midi: (0..<8).map { [0x90, UInt8(40 + 7 * $0), 1] })  // attack and decay
            held.append(try run(instance, blocks: blocks))
            tail.append(try run(instance, blocks: blocks, midi: (0..<8).map { [0x80, UInt8(40 + 7 * $0), 0] }))
            XCTAssertEqual(SignalAnalysis.peak(instance.audioOutput(0)[..<512]), 0, "the tail has ended in silence")
        }
        assertNoDearer(tail, than: held, "release tail")
    }

    func testRateAdapterDenormalInputCostsNoMoreThanOrdinaryInput() throws {
        let frames = 16384
        let noise = TestSignals.stereoNoise(frames: frames, seed: 31)
        let denormal = noise.map { channel in channel.map { $0 * .leastNormalMagnitude } }
        // From ordinary noise down through the denormals to zero, as a fade-out would go.
        let fading = noise.map { channel in channel.enumerated().map { $1 * Float(pow(1e-45, Double($0) / Double(frames))) } }
        for quality: Float in [0, 2, 4] {
            let instance = try OurPlugin.rateAdapter.instance()
            instance.setControl("quality", quality)
            instance.setControl("rate", 11025)
            instance.setControl("mix", 0.5)  // the dry and converted signals blended sample by sample, in Float
            var times: [String: [Double]] = [:]
            for _ in 0..<Self.rounds {
                for (name, signal) in [("ordinary", noise), ("denormal", denormal), ("fading", fading)] {
                    instance.activate()
                    times[name, default: []].append(try run(instance, input: signal))
                }
            }
            assertNoDearer(times["denormal"]!, than: times["ordinary"]!, "denormal input, quality \(quality)")
            assertNoDearer(times["fading"]!, than: times["ordinary"]!, "input fading through the denormals, quality \(quality)")
        }
    }

    /// Runs `blocks` blocks of 512 frames, the MIDI at the first frame; returns the CPU seconds of the `run` calls alone.
    private func run(_ instance: RawInstance, blocks: Int, midi: [[UInt8]] = []) throws -> Double {
        let events = try XCTUnwrap(instance.events)
        var seconds = 0.0
        for block in 0..<blocks {
            events.clear(sequenceType: instance.sequenceType)
            if block == 0 { for bytes in midi { _ = events.append(frame: 0, type: instance.midiEventType, bytes: bytes) } }
            seconds += cpuSeconds { instance.run(frames: 512) }
        }
        return seconds
    }

    /// Runs stereo `input` in blocks of 512 frames; returns the CPU seconds of the `run` calls alone.
    private func run(_ instance: RawInstance, input: [[Float]]) throws -> Double {
        var seconds = 0.0
        for start in stride(from: 0, to: input[0].count, by: 512) {
            for channel in 0..<2 { _ = instance.audioInput(channel).update(fromContentsOf: input[channel][start..<(start + 512)]) }
            seconds += cpuSeconds { instance.run(frames: 512) }
        }
        assertFinite([Array(instance.audioOutput(0)[..<512])], "output")
        return seconds
    }

    private func cpuSeconds(_ body: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
    }

    private func assertNoDearer(_ quiet: [Double], than ordinary: [Double], _ context: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        let ratio = quiet.min()! / ordinary.min()!
        print("DenormalTests: \(context) costs \(String(format: "%.2f", ratio)) × ordinary audio")
        XCTAssertLessThan(ratio, Self.allowedRatio, context, file: file, line: line)
    }
}
