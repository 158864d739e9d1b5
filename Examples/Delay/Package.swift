// swift-tools-version: 6.1
import PackageDescription

// A tempo-synced stereo delay built with LV2Kit: `swift package --allow-writing-to-package-directory lv2-bundle`
// generates its Turtle from the plugin's declaration and builds it as Embedded Swift into
// lv2/delay.lv2 (see docs/writing-a-plugin.md in SwiftLV2).
let package = Package(
    name: "Delay",
    products: [
        // The bundle: its name names delay.lv2 and delay.so.
        .library(name: "delay", targets: ["Delay"]),
    ],
    dependencies: [
        .package(name: "SwiftLV2", path: "../.."),
    ],
    targets: [
        // The plugin: its declaration, its adapter, and the echo it makes.
        .target(name: "Delay", dependencies: [.product(name: "LV2Kit", package: "SwiftLV2"), .product(name: "DSPKit", package: "SwiftLV2")]),
        // What a listener would hear from the built bundle, and lv2render check's checks (LV2TestKit).
        .testTarget(name: "DelayTests", dependencies: ["Delay", .product(name: "LV2TestKit", package: "SwiftLV2")]),
    ]
)
