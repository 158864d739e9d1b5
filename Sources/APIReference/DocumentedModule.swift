/// A module with a page in docs/reference/: its name, and what it is for (the index says it).
public struct DocumentedModule: Sendable {
    public let name: String
    public let summary: String
    /// The modules (documented before this one) whose declarations lead an author here: when
    /// not empty, the page holds only the types those declarations name, and the types these
    /// name in turn, not the whole module.
    public let metThrough: [String]

    init(name: String, summary: String, metThrough: [String] = []) {
        self.name = name
        self.summary = summary
        self.metThrough = metThrough
    }

    /// The modules of the products for plugin authors, and what they re-export. A new one goes
    /// here and into generate-api-reference's dependencies in Package.swift (building the
    /// generator builds what it documents); APIReferenceTests names a library product left out.
    public static let all: [DocumentedModule] = [
        DocumentedModule(name: "LV2Kit", summary: "Declare a plugin (ports, parameters, presets) and run it: "
            + "the glue between LV2's C API and a plugin's Swift code. Re-exports RealTimeMath and the LV2 C headers (CLV2)."),
        DocumentedModule(name: "LV2KitGenerator", summary: "Writes a bundle's Turtle, its entry point and a C header of its ports "
            + "from its plugins' declarations, on the build machine."),
        DocumentedModule(name: "DSPKit", summary: "The DSP plugins need again and again, with nothing of LV2 in it: "
            + "smoothing, crossfades, delay lines, signal guards, one-pole and biquad filters."),
        DocumentedModule(name: "LV2TestKit", summary: "For a plugin package's tests: renders the built bundle into arrays "
            + "(audio, notes, controls, parameters, state) and runs `lv2render check`'s checks as XCTest assertions."),
        DocumentedModule(name: "LV2Check", summary: "`lv2render check`'s checks: here, only what LV2TestKit's "
            + "`runChecks` and `assertPassesChecks` take and return (the checks, their levels, their results).",
                         metThrough: ["LV2TestKit"]),
        DocumentedModule(name: "LV2Host", summary: "SwiftLV2's host library: here, only what LV2TestKit and LV2Check hand "
            + "a plugin's tests (`LV2TestPlugin.info`, what lilv read about the plugin: its ports, groups, parameters).",
                         metThrough: ["LV2TestKit", "LV2Check"]),
        DocumentedModule(name: "AudioFileReading", summary: "Reads WAV and AIFF files with libc alone, for a plugin's worker "
            + "(a sample, an impulse response): the floats libsndfile gives, without linking it."),
        DocumentedModule(name: "RealTimeMath", summary: "What `run` can use under `@_noAllocation @_noLocks`: "
            + "a fixed buffer allocated once, a value that glides to each new setting, and the libm functions DSP needs."),
    ]
}
