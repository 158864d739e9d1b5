@testable import LV2Host
import RTProbe
import TestSupport
import XCTest

/// Nothing in either plugin's `run()` allocates or takes a lock, whatever the block size,
/// sample rate, MIDI or controls: RTProbe counts every malloc, calloc, realloc, free,
/// posix_memalign, aligned_alloc, memalign and pthread_mutex_lock on the calling thread
/// around each `run()`. (The compiler checks the same path with `@_noAllocation
/// @_noLocks`; this proves it for the built binary, libsamplerate and libm included.)
final class RealTimeSafetyTests: XCTestCase {
    /// 1 to 8192 frames: the powers of two, their neighbours, and primes between them.
    static let blockSizes = [1, 2, 3, 5, 7, 13, 31, 32, 33, 64, 127, 128, 257, 509, 512, 1021, 1024,
                             2039, 2048, 4093, 4096, 4097, 8191, 8192]
    /// The lowest and highest rates the plugins accept, and common ones between.
    static let sampleRates = [1000.0, 8000, 44100, 192_000, 768_000, 1_500_000]

    func testRunNeitherAllocatesNorLocksAtAnyBlockSizeRateOrSetting() throws {
        XCTAssertEqual(rt_probe_is_active(), 1, "allocations are not routed through RTProbe in this process")
        var runs = 0
        for plugin in OurPlugin.allCases {
            for rate in Self.sampleRates {
                let instance = try plugin.instance(sampleRate: rate)
                var random = SplitMix64(seed: UInt64(rate))
                func probedRun(_ frames: Int, _ context: String) {
                    rt_probe_begin()
                    instance.run(frames: frames)
                    let counts = rt_probe_end()
                    runs += 1
                    XCTAssertEqual(counts.allocations + counts.frees + counts.locks, 0,
                                   "\(plugin) at \(rate) Hz, \(context): \(counts.allocations) allocations, "
                                       + "\(counts.frees) frees, \(counts.locks) locks")
                }
                probedRun(64, "before activate")
                instance.activate()
                for (block, frames) in (Self.blockSizes + Self.blockSizes.reversed()).enumerated() {
                    moveEveryControl(of: plugin, in: instance, block: block, random: &random)
                    feedStorm(plugin, into: instance, frames: frames, random: &random)
                    probedRun(frames, "block of \(frames) frames")
                    if block % 5 == 0 { probedRun(0, "run(0) after \(frames) frames") }
                }
            }
        }
        print("RealTimeSafetyTests: \(runs) run() calls probed")
    }

    /// Every control to a new value: its extremes, its middle, nonsense, anything.
    private func moveEveryControl(of plugin: OurPlugin, in instance: RawInstance, block: Int, random: inout SplitMix64) {
        for control in plugin.controls {
            let low = control.minimum!, high = control.maximum!
            let choices: [Float] = [low, high, (low + high) / 2, .nan, .infinity, Float.random(in: low...high, using: &random)]
            instance.setControl(control.symbol, choices[(block + Int(random.next() % 3)) % choices.count])
        }
    }

    /// For the synth, MIDI at up to 64 frames of the block: notes on and off, bends, the
    /// pedal, all sound off, on all 16 channels. For the rate adapter, noise with NaN in it.
    private func feedStorm(_ plugin: OurPlugin, into instance: RawInstance, frames: Int, random: inout SplitMix64) {
        switch plugin {
        case .synth:
            let events = try! XCTUnwrap(instance.events)
            events.clear(sequenceType: instance.sequenceType)
            for frame in stride(from: 0, to: max(frames, 1), by: max(frames / 64, 1)) {
                let channel = UInt8(random.next() % 16), data = UInt8(random.next() % 128)
                let messages: [[UInt8]] = [[0x90 | channel, data, 100], [0x80 | channel, data, 0], [0xE0 | channel, data, data],
                                           [0xB0 | channel, 64, data], [0xB0 | channel, 120, 0], [0x90 | channel, 127 - data, 1]]
                _ = events.append(frame: frame, type: instance.midiEventType, bytes: messages[Int(random.next() % 6)])
            }
        case .rateAdapter:
            for channel in 0..<2 {
                let input = instance.audioInput(channel)
                for frame in 0..<frames { input[frame] = Float.random(in: -1...1, using: &random) }
                if frames > 10 { input[frames / 2] = .nan }
            }
        }
    }

    func testBinaryImportsNoLockThreadOrInputOutputFunction() throws {
        let result = try runCommand("nm", ["-D", "--undefined-only", Repository.pluginBinary.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let imports = result.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").last }
            .map { String($0.split(separator: "@")[0]) }
        XCTAssertTrue(imports.contains("src_process"), "the list is real: \(imports)")
        let forbidden = ["pthread", "mutex", "sem_", "futex", "syscall", "sleep", "print", "puts", "write", "read", "open",
                         "close", "malloc", "calloc", "realloc", "swift_", "dispatch_"]
        // LV2Kit's logger falls back to standard error when the host gives no log:log; it logs
        // only from instantiate (a refusal), never from run, which the probe above watches.
        let logFallback = ["fprintf", "stderr"]
        for symbol in imports where forbidden.contains(where: { symbol.contains($0) }) && !logFallback.contains(symbol) {
            XCTFail("the plugin binary imports \(symbol)")
        }
    }
}
