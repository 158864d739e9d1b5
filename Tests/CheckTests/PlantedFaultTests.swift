import XCTest

/// Each planted fault is found by the check meant for it, named in its detail, and
/// nothing else fails: the other checks still run after a crash or a hang.
final class PlantedFaultTests: XCTestCase {
    /// Runs the checker on `plugin` and asserts that `check` ended with `outcome`, its
    /// detail containing every one of `words`, and that no other check failed.
    private func assertFinds(_ plugin: FaultyPlugins, _ check: String, _ outcome: String, saying words: [String],
                             arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try CheckRun(plugin.uri, ["--seed", "1"] + arguments, file: file, line: line)
        let entry = try run.entry(check)
        print("PlantedFaultTests: \(plugin.rawValue): \(check) \(entry.result.uppercased()): \(entry.detail)")
        XCTAssertEqual(entry.result, outcome, "\(check): \(entry.detail)", file: file, line: line)
        for word in words {
            XCTAssertTrue(entry.detail.contains(word), "\(check) should say \"\(word)\": \(entry.detail)", file: file, line: line)
        }
        let others = run.results.filter { $0.check != check && $0.result == "fail" }
        XCTAssertEqual(others.map { "\($0.check): \($0.detail)" }, [], "only \(check) fails", file: file, line: line)
        XCTAssertEqual(run.status, outcome == "fail" ? 1 : 0, file: file, line: line)
        XCTAssertEqual(run.results.count, 13, "every check ran", file: file, line: line)
    }

    func testCleanPluginPassesEverything() throws {
        let run = try CheckRun(FaultyPlugins.clean.uri, ["--seed", "1"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.lines("fail") + run.lines("warn"), [])
    }

    func testAllocationInRunFails() throws {
        try assertFinds(.allocatesInRun, "real-time", "fail", saying: ["1 allocation, 1 free, 0 mutex locks", "lv2:hardRTCapable"])
    }

    func testLockInRunFails() throws {
        try assertFinds(.locksInRun, "real-time", "fail", saying: ["0 allocations, 0 frees, 1 mutex lock", "lv2:hardRTCapable"])
    }

    func testCrashOnRunZeroFailsWithItsSignal() throws {
        try assertFinds(.crashesOnRunZero, "lifecycle", "fail", saying: ["crashed (SIGSEGV)", "run(0)"])
    }

    func testNaNAtAControlsMaximumFails() throws {
        try assertFinds(.nanAtMaximum, "hostile-controls", "fail", saying: ["gain at its maximum", "is nan"])
    }

    func testHangAtAControlsMinimumFailsAsAHang() throws {
        try assertFinds(.hangsAtMinimum, "hostile-controls", "fail", saying: ["hung", "gain at its minimum"],
                        arguments: ["--timeout", "5"])
    }

    func testWrongLatencyReportWarns() throws {
        try assertFinds(.wrongLatency, "latency", "warn", saying: ["reports 100 frames", "64 frames late"])
    }

    func testDenormalOutputWarns() throws {
        try assertFinds(.outputsDenormals, "hostile-audio", "warn", saying: ["denormal", "1e-40"])
    }

    func testLeakPerInstanceFails() throws {
        try assertFinds(.leaksPerInstance, "leaks", "fail", saying: ["a leak", "bytes per instance"])
    }

    func testWritingIntoTheInputFails() throws {
        try assertFinds(.writesIntoInput, "input-buffers", "fail", saying: ["wrote into audio input 0"])
    }

    func testGlitchAtEachBlockStartWarns() throws {
        try assertFinds(.glitchesAtBlockStart, "determinism", "warn", saying: ["random block schedule", "largest deviation 0.25"])
    }

    /// Not a fault the issue lists, but the sloppy host's behaviour needs a plugin it
    /// catches: one that reads the sequence's unit, which Carla 2.6 never writes.
    func testReadingTheSequenceUnitWarns() throws {
        try assertFinds(.readsSequenceUnit, "sloppy-host", "warn", saying: ["unit and pad", "Carla 2.6", "largest deviation 0.5"])
    }
}
