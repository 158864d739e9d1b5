// swift-tools-version: 6.1
import PackageDescription

// An LV2 sampler built with LV2Kit: a file chosen by a path parameter, loaded by the
// worker, saved with the session. `swift package --allow-writing-to-package-directory lv2-bundle`
// generates its Turtle from the plugin's declaration and builds it as Embedded Swift into lv2/sampler.lv2.
let package = Package(
    name: "Sampler",
    products: [
        // The bundle: its name names sampler.lv2 and sampler.so.
        .library(name: "sampler", targets: ["Sampler"]),
    ],
    dependencies: [
        .package(name: "SwiftLV2", path: "../.."),
    ],
    targets: [
        // The plugin: its declaration, its adapter, the sample's loader and its playback.
        .target(name: "Sampler", dependencies: [.product(name: "LV2Kit", package: "SwiftLV2"),
                                               .product(name: "AudioFileReading", package: "SwiftLV2")]),
        // What a listener would hear from the built bundle, and lv2render check's checks (LV2TestKit).
        .testTarget(name: "SamplerTests", dependencies: ["Sampler", .product(name: "LV2TestKit", package: "SwiftLV2")]),
    ]
)
