// swift-tools-version: 6.1
import PackageDescription

// The plugin code (DSP, LV2Kit, the plugins and the bundle entry point) builds two ways:
// with the `Plugin` trait as Embedded Swift, for the shared object hosts load (no Swift
// runtime, only libc, libm and libsamplerate); without it as ordinary Swift, so the
// XCTest suites can import the same value types and test them alone.
let pluginCode: [SwiftSetting] = [
    .enableExperimentalFeature("Embedded", .when(traits: ["Plugin"])),
    // One section per function, so the linker can drop what the plugins never call.
    .unsafeFlags(["-Xfrontend", "-function-sections", "-cross-module-optimization"], .when(traits: ["Plugin"])),
    // The plugin code never overlaps inout accesses; the dynamic checks would cost a
    // call per access in the per-sample loops.
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

// LV2Kit is a library other packages build plugins with, also by URL, where SwiftPM
// refuses unsafe flags: it gets only the Embedded switch.
let frameworkCode: [SwiftSetting] = [.enableExperimentalFeature("Embedded", .when(traits: ["Plugin"]))]

let package = Package(
    name: "SwiftLV2",
    products: [
        .library(name: "SwiftLV2", type: .dynamic, targets: ["SwiftLV2"]),
        .executable(name: "lv2render", targets: ["lv2render"]),
        // The framework, for other packages: declare a plugin, and generate its bundle.
        .library(name: "LV2Kit", targets: ["LV2Kit"]),
        .library(name: "LV2KitGenerator", targets: ["LV2KitGenerator"]),
        // `swift package --allow-writing-to-package-directory lv2-bundle` in a plugin package.
        .plugin(name: "LV2Bundle", targets: ["LV2BundleCommand"]),
        // The DSP plugins need again and again, knowing nothing of LV2 (docs/lv2kit.md).
        .library(name: "DSPKit", targets: ["DSPKit"]),
        // For a plugin package's tests: render the built bundle into arrays, run check's checks as assertions.
        .library(name: "LV2TestKit", targets: ["LV2TestKit"]),
        // WAV and AIFF files read with libc alone, for plugins' workers (libsndfile draws an lv2lint WARN).
        .library(name: "AudioFileReading", targets: ["AudioFileReading"]),
    ],
    traits: [
        .trait(name: "Plugin", description: "Build the plugin code as Embedded Swift for the LV2 shared object"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries, seen through module maps.
        .systemLibrary(name: "CLV2", path: "Sources/CLV2"),
        .systemLibrary(name: "CMath", path: "Sources/CMath"),
        .systemLibrary(name: "CSampleRate", path: "Sources/CSampleRate", pkgConfig: "samplerate",
                       providers: [.apt(["libsamplerate0-dev"])]),
        // Not through pkg-config: `pkg-config --libs lilv-0` also names serd, sord and sratom,
        // which lilv uses but we never call, and SwiftPM puts those -l flags ahead of any
        // --as-needed, so lv2render (and the .deb's Depends) would carry them for nothing.
        // The module map links lilv alone; its header comes from /usr/include/lilv-0.
        .systemLibrary(name: "CLilv", path: "Sources/CLilv"),
        .systemLibrary(name: "CSndFile", path: "Sources/CSndFile", pkgConfig: "sndfile",
                       providers: [.apt(["libsndfile1-dev"])]),

        // The framework: plugin declarations and the glue between LV2's C API and a plugin
        // (LV2Kit), and the host-side generator of a bundle's Turtle and entry point.
        .target(name: "LV2Kit", dependencies: ["CLV2", "CMath", "RealTimeMath"], swiftSettings: frameworkCode),
        .target(name: "RealTimeMath", dependencies: ["CMath"], swiftSettings: frameworkCode,
                linkerSettings: [.linkedLibrary("m")]),
        .target(name: "LV2KitGenerator", dependencies: ["LV2Kit"]),
        // One command per plugin package: the command plugin gathers the package's facts, the
        // tool generates, builds the Embedded plugin and assembles NAME.lv2 (docs/writing-a-plugin.md).
        .plugin(name: "LV2BundleCommand",
                capability: .command(intent: .custom(verb: "lv2-bundle", description: "Build each library product into the LV2 bundle PRODUCT.lv2"),
                                     permissions: [.writeToPackageDirectory(reason: "lv2-bundle writes PRODUCT.lv2 in the package")]),
                dependencies: ["LV2BundleTool"]),
        .executableTarget(name: "LV2BundleTool"),
        // Smoothing, crossfades, delay lines, signal guards, one-pole and biquad filters: value
        // types for any plugin, with no LV2 in them.
        .target(name: "DSPKit", dependencies: ["RealTimeMath"], swiftSettings: frameworkCode),
        .systemLibrary(name: "CStdIO", path: "Sources/CStdIO"),
        .target(name: "AudioFileReading", dependencies: ["CStdIO"], swiftSettings: frameworkCode),

        // The plugins: DSP value types, one declaration and adapter per plugin, the bundle's
        // entry point (generated), and the generator's list of what the bundle holds.
        .target(name: "DSP", dependencies: ["CMath", "CSampleRate", "RealTimeMath", "DSPKit"], swiftSettings: pluginCode),
        .target(name: "SineSynth", dependencies: ["DSP", "LV2Kit", "SwiftLV2Version"], swiftSettings: pluginCode),
        .target(name: "RateAdapter", dependencies: ["DSP", "LV2Kit", "SwiftLV2Version"], swiftSettings: pluginCode),
        // The project's version, for the plugins' declarations and lv2render: written once.
        .target(name: "SwiftLV2Version", swiftSettings: frameworkCode),
        .target(
            name: "SwiftLV2", dependencies: ["SineSynth", "RateAdapter"], exclude: ["exports.map", "ports.h"],
            swiftSettings: pluginCode,
            linkerSettings: [
                .linkedLibrary("samplerate"),
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "--gc-sections", "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/SwiftLV2/exports.map"]),
            ]),
        .executableTarget(name: "generate-bundle", dependencies: ["LV2KitGenerator", "SineSynth", "RateAdapter"]),

        // The API reference of the products for plugin authors (docs/reference/), written from
        // their doc comments. The generator depends on the modules it documents, so that
        // building it builds them (`make api-reference`); their list is DocumentedModule.all.
        .target(name: "APIReference"),
        .executableTarget(name: "generate-api-reference", dependencies: ["APIReference", "AudioFileReading", "DSPKit", "LV2Kit", "LV2KitGenerator", "LV2TestKit", "RealTimeMath"]),

        // The offline host, in three layers (docs/architecture.md): audio and MIDI files with no
        // LV2 in them (no LV2 or lilv headers: ModuleLayoutTests checks it), the host proper, and the validator.
        .target(name: "CRemovalOnSignal"),
        .target(name: "AudioMIDIFiles", dependencies: ["CSndFile", "CSampleRate", "CRemovalOnSignal"]),
        .target(name: "CHostSupport"),
        .target(name: "LV2Host", dependencies: ["AudioMIDIFiles", "CLV2", "CLilv", "CHostSupport", "CRemovalOnSignal"]),
        // RTProbe: `lv2render check` counts what a plugin's run() allocates and locks.
        .target(name: "LV2Check", dependencies: ["LV2Host", "AudioMIDIFiles", "CLilv", "CHostSupport", "RTProbe"]),
        // The host as a C library (include/swiftlv2.h) for Python's swiftlv2 package. Not a
        // product: SwiftPM links a dynamic library with the toolchain's Swift runtime, so
        // `make python` links the objects itself, with the runtime inside (docs/python.md).
        .target(name: "LV2HostC", dependencies: ["LV2Host", "AudioMIDIFiles"], exclude: ["include", "exports.map"]),
        // The command line, and its policy: the repository's bundle, the version, `--notes`.
        .executableTarget(name: "lv2render", dependencies: [
            "LV2Check", "LV2Host", "AudioMIDIFiles", "CHostSupport", "SwiftLV2Version",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Counts allocations and locks made on a thread while a flag is set (for the tests,
        // `lv2render check` and LV2TestKit). Plugins loaded with dlopen call its malloc, free and
        // pthread_mutex_lock too: the linker exports an executable's definitions of symbols that
        // libc also defines, with no flag, so a package depending on SwiftLV2 by version can use it.
        .target(name: "RTProbe"),

        // The test kit (docs/testing-a-plugin.md): ordinary Swift for test targets, never in a plugin.
        // Its C part lets the test executable be the check's worker process (CheckRunner starts
        // it again with `check-worker …`), so checks need no lv2render built.
        .target(name: "CLV2TestKitWorker"),
        .target(name: "LV2TestKit", dependencies: ["LV2Host", "LV2Check", "AudioMIDIFiles", "CHostSupport", "RTProbe", "CLV2TestKitWorker"]),

        // What several test suites share: fixture writers, paths (and the kit's signal measurements).
        .target(name: "TestSupport", dependencies: ["LV2Host", "AudioMIDIFiles", "LV2TestKit"], path: "Tests/TestSupport"),

        .testTarget(name: "LV2KitTests", dependencies: ["LV2Kit", "LV2KitGenerator"]),
        .testTarget(name: "LV2BundleToolTests", dependencies: ["LV2BundleTool", "LV2KitGenerator"]),
        .testTarget(name: "DSPKitTests", dependencies: ["DSPKit"]),
        .testTarget(name: "DSPTests", dependencies: ["DSP", "DSPKit", "SineSynth", "RateAdapter", "TestSupport"]),
        .testTarget(name: "AudioFileReadingTests", dependencies: ["AudioFileReading", "CSndFile", "TestSupport"]),
        .testTarget(name: "PluginTests", dependencies: [
            "LV2Check", "LV2Host", "AudioMIDIFiles", "RTProbe", "TestSupport", "DSP", "LV2Kit", "SineSynth", "RateAdapter",
        ]),
        // The host's tests, one target per layer: the files, the host library, the command line
        // (with the C library and the test kit, which answer as it does), and the layout itself.
        .testTarget(name: "AudioMIDIFilesTests", dependencies: ["AudioMIDIFiles", "LV2Host", "TestSupport"]),
        .testTarget(name: "HostLibraryTests", dependencies: ["LV2Host", "AudioMIDIFiles", "CLV2", "TestSupport"]),
        .testTarget(name: "LV2RenderTests", dependencies: [
            "lv2render", "LV2Host", "LV2HostC", "LV2TestKit", "AudioMIDIFiles", "TestSupport", "SwiftLV2Version", "DSP", "RateAdapter",
        ]),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
        .testTarget(name: "CheckTests", dependencies: ["LV2Host", "LV2TestKit", "TestSupport"]),
        // The test kit as an author uses it, on plugin.lv2 (`make plugin` first).
        .testTarget(name: "LV2TestKitTests", dependencies: ["LV2TestKit", "SineSynth", "RateAdapter"]),
        .testTarget(name: "PackageTests", dependencies: ["lv2render", "TestSupport", "SwiftLV2Version"]),
        .testTarget(name: "APIReferenceTests", dependencies: ["APIReference", "TestSupport"]),
    ]
)
