import Foundation
import LV2Check
import LV2Host
import RTProbe
import XCTest

extension LV2TestPlugin {
    /// Runs `lv2render check`'s checks on the plugin, each in a child process (this test
    /// executable started again), and returns their results.
    ///
    /// - Parameters:
    ///   - level: `.standard` fails what real hosts can do; `.strict` also what only a
    ///     careless host sends (NaN controls, NULL buffers…).
    ///   - only: The checks to run; empty for all of them.
    ///   - controls: Control inputs by symbol, set in every instance the checks make.
    ///   - parameters: Parameters by URI, label or the URI's last part, as text (as for
    ///     `render`), set in every instance: a sampler is checked with its file loaded.
    ///   - state: A state directory restored into every instance the checks make, before
    ///     the controls and parameters, so that a plugin is checked as a session left it.
    ///   - quick: Shorter renders and fewer cycles.
    ///   - seed: The seed of the random inputs and block schedules.
    ///   - timeout: Seconds a step of a check may take beyond its measured work before it
    ///     counts as a hang.
    public func runChecks(level: CheckLevel = .standard, only: [PluginCheck] = [], controls: [String: Float] = [:],
                          parameters: [String: String] = [:], state: String? = nil,
                          quick: Bool = true, seed: UInt64 = 1, timeout: Double = 30) throws -> [CheckResult] {
        // Wrong names and values are one sentence here, before any child runs.
        _ = try Self.stage(of: info, controls: controls, parameters: parameters, state: state)
        if let state { try world.checkState(state, for: uri) }
        let settings = controls.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // The children load the bundle from the same LV2 path (CheckRunner makes its own links).
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let runner = try CheckRunner(uri: uri, world: world, executable: executable, seed: seed, quick: quick, level: level,
                                     timeout: timeout, settings: settings, statePath: state)
        return try runner.run(only.isEmpty ? PluginCheck.allCases : only)
    }

    /// Runs the checks (`runChecks`) and returns one sentence for each that fails at
    /// `level`, naming the check and what it found, as `lv2render check` prints it; empty
    /// when all pass. Warnings pass, as they do for `lv2render check`.
    public func checkFailures(level: CheckLevel = .standard, only: [PluginCheck] = [], controls: [String: Float] = [:],
                              parameters: [String: String] = [:], state: String? = nil,
                              quick: Bool = true, seed: UInt64 = 1) throws -> [String] {
        // Without the probe the real-time check is skipped, and a test would prove nothing.
        let unprobed = rt_probe_is_active() == 1 || !(only.isEmpty || only.contains(.realTime)) ? []
            : ["The real-time check cannot run: this test executable does not route allocations through RTProbe (its malloc is not the one plugins call)."]
        return unprobed + (try runChecks(level: level, only: only, controls: controls, parameters: parameters, state: state,
                                         quick: quick, seed: seed)
            .filter { $0.outcome == .fail }
            .map { "\(uri) fails the check \($0.check): \($0.detail)" })
    }

    /// Runs the checks and records one XCTest failure for each that fails (`checkFailures`),
    /// so that a test passes only when `lv2render check` would.
    public func assertPassesChecks(level: CheckLevel = .standard, only: [PluginCheck] = [], controls: [String: Float] = [:],
                                   parameters: [String: String] = [:], state: String? = nil, quick: Bool = true, seed: UInt64 = 1,
                                   file: StaticString = #filePath, line: UInt = #line) {
        do {
            for failure in try checkFailures(level: level, only: only, controls: controls, parameters: parameters, state: state,
                                             quick: quick, seed: seed) {
                XCTFail(failure, file: file, line: line)
            }
        } catch {
            XCTFail("The checks of \(uri) could not run: \(error)", file: file, line: line)
        }
    }
}
