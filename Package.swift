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

let package = Package(
    name: "SwiftLV2",
    products: [
        .library(name: "SwiftLV2", type: .dynamic, targets: ["SwiftLV2"]),
        .executable(name: "lv2render", targets: ["lv2render"]),
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
        .systemLibrary(name: "CLilv", path: "Sources/CLilv", pkgConfig: "lilv-0",
                       providers: [.apt(["liblilv-dev"])]),
        .systemLibrary(name: "CSndFile", path: "Sources/CSndFile", pkgConfig: "sndfile",
                       providers: [.apt(["libsndfile1-dev"])]),

        // The plugins: DSP value types, the thin LV2 layer, one adapter per plugin, the entry point.
        .target(name: "DSP", dependencies: ["CMath", "CSampleRate"], swiftSettings: pluginCode),
        .target(name: "LV2Kit", dependencies: ["CLV2", "CMath"], swiftSettings: pluginCode),
        .target(name: "SineSynth", dependencies: ["DSP", "LV2Kit"], swiftSettings: pluginCode),
        .target(name: "RateAdapter", dependencies: ["DSP", "LV2Kit"], swiftSettings: pluginCode),
        .target(
            name: "SwiftLV2", dependencies: ["SineSynth", "RateAdapter"], exclude: ["exports.map"], swiftSettings: pluginCode,
            linkerSettings: [
                .linkedLibrary("samplerate"), .linkedLibrary("m"),
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "--gc-sections", "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/SwiftLV2/exports.map"]),
            ]),

        // The offline host.
        .target(name: "CHostSupport"),
        .target(name: "LV2Host", dependencies: ["CLV2", "CLilv", "CSndFile", "CSampleRate", "CHostSupport"]),
        .executableTarget(name: "lv2render", dependencies: [
            "LV2Host", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Test support: counts allocations and locks made on a thread while a flag is set.
        // Exported dynamically so that plugins loaded with dlopen call these too.
        .target(name: "RTProbe", linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),

        // What several test suites share: signal measurements, fixture writers, paths.
        .target(name: "TestSupport", dependencies: ["LV2Host"], path: "Tests/TestSupport"),

        .testTarget(name: "DSPTests", dependencies: ["DSP", "TestSupport"]),
        .testTarget(name: "PluginTests", dependencies: ["LV2Host", "RTProbe", "TestSupport"]),
        .testTarget(name: "LV2RenderTests", dependencies: ["LV2Host", "TestSupport"]),
        .testTarget(name: "PackageTests", dependencies: ["TestSupport"]),
    ]
)
