import Foundation
@testable import LV2Host
import XCTest

/// Eight instances of a plugin, each instantiated, activated and run on its own thread
/// at the same time, sound exactly like one alone: the plugins share no state between
/// instances (none hidden in globals or lazily made statics).
final class ConcurrencyTests: XCTestCase {
    private static let threadCount = 8

    func testEightInstancesOnEightThreadsSoundLikeOne() throws {
        for plugin in OurPlugin.allCases {
            let stimulus = plugin.stimulus(frames: 48000, seed: 3)
            let alone = try plugin.instance()
            alone.activate()
            let expected = alone.play(stimulus)

            let results = Results(count: Self.threadCount)
            let start = DispatchGroup()
            start.enter()
            let threads = (0..<Self.threadCount).map { index in
                Thread {
                    start.wait()  // all threads begin together
                    results.store(index) {
                        let instance = try plugin.instance()
                        instance.activate()
                        // Each thread cuts the stream differently; the sound must not care.
                        var random = SplitMix64(seed: UInt64(index))
                        return instance.play(stimulus, blocks: (0..<64).map { _ in Int(1 + random.next() % 1024) })
                    }
                }
            }
            threads.forEach { $0.start() }
            start.leave()
            results.waitForAll()
            for index in 0..<Self.threadCount {
                assertSameSamples(try results.output(index), expected, "\(plugin), thread \(index)")
            }
        }
    }
}

/// What each thread rendered, handed back to the test's thread.
private final class Results: @unchecked Sendable {
    private let lock = NSCondition()
    private var outputs: [Result<[[Float]], Error>?]

    init(count: Int) { outputs = Array(repeating: nil, count: count) }

    func store(_ index: Int, _ render: () throws -> [[Float]]) {
        let result = Result(catching: render)
        lock.lock()
        outputs[index] = result
        lock.broadcast()
        lock.unlock()
    }

    func waitForAll() {
        lock.lock()
        while outputs.contains(where: { $0 == nil }) { lock.wait() }
        lock.unlock()
    }

    func output(_ index: Int) throws -> [[Float]] {
        lock.lock()
        defer { lock.unlock() }
        return try outputs[index]!.get()
    }
}
