import Foundation
import LV2Host
import RTProbe
import XCTest

/// Instantiate, activate, run and clean up, thousands of times: the process does not grow.
///
/// The heap in use (glibc's count of bytes allocated and not freed) is compared before
/// and after; a leak of 8 bytes per cycle would show. `SWIFTLV2_MEMORY_CYCLES` sets the
/// cycles for both plugins (`make memcheck` uses 10,000); by default, to keep `make test`
/// quick, the synth does 2,000 and the rate adapter, whose `instantiate` prepares five
/// converter pairs, 200.
final class MemoryTests: XCTestCase {
    private static let heapTolerance = 16 << 10
    private static let residentTolerance = 4 << 20

    private func cycles(for plugin: OurPlugin) -> Int {
        if let text = ProcessInfo.processInfo.environment["SWIFTLV2_MEMORY_CYCLES"], let count = Int(text) { return count }
        return plugin == .synth ? 2000 : 200
    }

    func testThousandsOfInstanceLifetimesDoNotGrowTheProcess() throws {
        for plugin in OurPlugin.allCases {
            let library = try PluginLibrary(path: plugin.info.libraryPath)  // loaded once, as a host keeps it
            let stimulus = plugin.stimulus(frames: 512)
            /// One lifetime; the output is checked so that the work cannot be skipped.
            func cycle() throws {
                let instance = try plugin.instance(capacity: 512)
                instance.activate()
                assertFinite(instance.play(stimulus), "\(plugin)")
            }
            for _ in 0..<50 { try cycle() }  // caches and arenas reach their working size
            let heapBefore = rt_probe_heap_in_use(), residentBefore = try residentBytes()
            let count = cycles(for: plugin)
            for _ in 0..<count { try cycle() }
            let heapGrowth = Int(rt_probe_heap_in_use()) - Int(heapBefore)
            let residentGrowth = try residentBytes() - residentBefore
            print("MemoryTests: \(plugin), \(count) cycles: heap \(heapGrowth) bytes, resident \(residentGrowth) bytes")
            XCTAssertLessThan(heapGrowth, Self.heapTolerance, "\(plugin): heap after \(count) cycles")
            XCTAssertLessThan(residentGrowth, Self.residentTolerance, "\(plugin): resident size after \(count) cycles")
            withExtendedLifetime(library) {}
        }
    }

    /// The process's resident set size, from /proc/self/statm.
    private func residentBytes() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return try XCTUnwrap(Int(fields[1])) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
