import XCTest

/// Each planted fault is found by the check meant for it, named in its detail, and
/// nothing else fails: the other checks still run after a crash or a hang. Faults a real
/// host can trigger are found at the default level; those only a careless host triggers
/// (NaN and infinite controls, values out of range, NaN audio, NULL buffers) fail only
/// with --strict and are warnings marked "strict:" below it.
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
        XCTAssertEqual(run.results.count, 18, "every check ran", file: file, line: line)
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

    /// A fault only a careless host triggers: a "strict:" warning at the default level
    /// (exit status 0), a FAIL with --strict.
    private func assertFindsOnlyWhenStrict(_ plugin: FaultyPlugins, _ check: String, saying words: [String],
                                           file: StaticString = #filePath, line: UInt = #line) throws {
        try assertFinds(plugin, check, "warn", saying: ["strict: "] + words, file: file, line: line)
        try assertFinds(plugin, check, "fail", saying: ["strict: "] + words, arguments: ["--strict"], file: file, line: line)
    }

    func testInfiniteOrNaNGainFailsOnlyWhenStrict() throws {
        try assertFindsOnlyWhenStrict(.trustsItsGain, "hostile-controls", saying: ["with gain at +inf", "output 0 frame 0 is"])
    }

    /// lv2.h has hosts connect every port; the lifecycle check does, and connects the
    /// audio ports to NULL for run(0) only as a strict probe.
    func testNullAudioPortsInRunZeroFailOnlyWhenStrict() throws {
        try assertFindsOnlyWhenStrict(.readsInputInRunZero, "lifecycle",
                                      saying: ["crashed (SIGSEGV) while run(0) with the audio and CV ports connected to NULL"])
    }

    func testNaNInTheAudioLeftInTheStateFailsOnlyWhenStrict() throws {
        try assertFindsOnlyWhenStrict(.keepsNaN, "hostile-audio", saying: ["after a burst of NaN", "half a second on"])
    }

    /// Hosts clamp a port marked lv2:hasStrictBounds: below --strict it gets no value
    /// outside its range, not even as a strict probe.
    func testStrictBoundsAreKeptBelowStrict() throws {
        try assertFinds(.crashesOutsideStrictBounds, "hostile-controls", "pass", saying: ["1 with lv2:hasStrictBounds kept in range"])
        try assertFinds(.crashesOutsideStrictBounds, "hostile-controls", "fail",
                        saying: ["strict: crashed (SIGSEGV) while rendering with gain below its range (-2)"], arguments: ["--strict"])
    }

    /// The time limit is per step and grows with the measured work: 301 controls and a
    /// slow run() take longer than --timeout in all, and the check is not called hung.
    func testManyControlsTakeLongerThanTheTimeoutWithoutHanging() throws {
        let run = try CheckRun(FaultyPlugins.manyControls.uri, ["--seed", "1", "--only", "hostile-controls", "--timeout", "1"])
        let entry = try run.entry("hostile-controls")
        XCTAssertEqual(entry.result, "pass", entry.detail)
        XCTAssertTrue(entry.detail.hasPrefix("301 controls"), entry.detail)
        XCTAssertGreaterThan(entry.seconds, 1, "the check took longer than --timeout, yet counts as no hang")
    }

    /// An abort names the assertion, without the program's name in front, and the step
    /// that ran (the cleanup, not the render before it).
    func testAnAbortInCleanupNamesTheAssertionAndTheStep() throws {
        let run = try CheckRun(FaultyPlugins.assertsInCleanup.uri, ["--seed", "1", "--only", "lifecycle"])
        let detail = try run.entry("lifecycle").detail
        XCTAssertTrue(detail.hasPrefix("aborted (SIGABRT) while cleanup"), detail)
        XCTAssertTrue(detail.contains("Assertion `self->leaked != NULL && \"cleanup expects its scratch buffer\"' failed."), detail)
        XCTAssertFalse(detail.contains("lv2render:"), detail)
    }

    /// A binary that is not there: the details name it in its bundle as installed (not
    /// the checker's links), and "refused every rate" says why.
    func testAMissingBinaryIsNamedAsInstalled() throws {
        let run = try CheckRun(FaultyPlugins.missingBinary.uri, ["--seed", "1", "--only", "metadata", "rates"])
        let bundle = try FaultyPlugins.lv2Directory()
        for check in ["metadata", "rates"] {
            let detail = try run.entry(check).detail
            XCTAssertEqual(try run.entry(check).result, "fail", detail)
            XCTAssertTrue(detail.contains(bundle) && detail.contains("missing.so"), detail)
            XCTAssertFalse(detail.contains("lv2render-check-"), detail)
        }
        let rates = try run.entry("rates").detail
        XCTAssertTrue(rates.hasPrefix("the plugin refused every rate: "), rates)
    }

    /// The state checks stay silent on a plugin that saves and restores its parameter well.
    func testAStatefulPluginThatRestoresWellPassesTheStateChecks() throws {
        let run = try CheckRun(FaultyPlugins.statefulClean.uri, ["--seed", "1"])
        XCTAssertEqual(run.lines("fail") + run.lines("warn"), [])
        for check in ["state", "random-state", "foreign-state", "state-during-run"] {
            let entry = try run.entry(check)
            XCTAssertEqual(entry.result, "pass", "\(check): \(entry.detail)")
        }
    }

    /// clap-validator's state reproducibility: the saved trim is never read back. The
    /// state check (a fresh instance's defaults, saved and restored) cannot see it.
    func testAParameterForgottenOnRestoreFailsRandomState() throws {
        try assertFinds(.forgetsParameter, "random-state", "fail",
                        saying: ["1 control and 1 parameter set at random, saved and restored into a fresh instance, the output differs"])
    }

    /// pluginval's fuzzed set-state: restore reads the trim without asking whether it is there.
    func testAStateWithoutItsPropertyCrashesTrustingRestore() throws {
        try assertFinds(.trustsItsState, "foreign-state", "fail",
                        saying: ["crashed (SIGSEGV) while restoring a state with none of its properties"])
    }

    /// run() waits for a save under way on another thread: a lock in run() only a
    /// concurrent save shows.
    func testRunWaitingForASaveFailsStateDuringRun() throws {
        try assertFinds(.waitsForSave, "state-during-run", "fail", saying: ["while another thread saved the state", "mutex lock", "lv2:hardRTCapable"])
    }

    /// The cost check reports, and never fails: 50 ms to instantiate, about 1 ms a block.
    func testCostReportsInstantiationTimeAndRealTimeFactor() throws {
        let run = try CheckRun(FaultyPlugins.slow.uri, ["--seed", "1", "--only", "cost"])
        let entry = try run.entry("cost")
        XCTAssertEqual(entry.result, "pass", entry.detail)
        XCTAssertEqual(run.status, 0)
        let milliseconds = try XCTUnwrap(entry.detail.split(separator: " ").dropFirst(2).first.flatMap { Double($0) }, entry.detail)
        XCTAssertGreaterThanOrEqual(milliseconds, 50, entry.detail)
        let factor = try XCTUnwrap(entry.detail.components(separatedBy: "× real time").first?.split(separator: " ").last
            .flatMap { Double($0) }, entry.detail)
        XCTAssertLessThan(factor, 11, "512 frames (10.7 ms) take at least 1 ms: \(entry.detail)")
    }
}
