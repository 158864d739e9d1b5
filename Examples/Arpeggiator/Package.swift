// swift-tools-version: 6.1
import PackageDescription

// An LV2 plugin built with LV2Kit: `swift package --allow-writing-to-package-directory lv2-bundle`
// generates its Turtle from the plugin's declaration and builds it as Embedded Swift into
// lv2/arpeggiator.lv2 (see docs/writing-a-plugin.md in SwiftLV2).
let package = Package(
    name: "Arpeggiator",
    products: [
        // The bundle: its name names arpeggiator.lv2 and arpeggiator.so.
        .library(name: "arpeggiator", targets: ["Arpeggiator"]),
    ],
    dependencies: [
        .package(name: "SwiftLV2", path: "../.."),
    ],
    targets: [
        // The plugin: its declaration, its adapter, and the arpeggio it plays.
        .target(name: "Arpeggiator", dependencies: [.product(name: "LV2Kit", package: "SwiftLV2")]),
        // What a listener would hear from the built bundle, and lv2render check's checks (LV2TestKit).
        .testTarget(name: "ArpeggiatorTests", dependencies: ["Arpeggiator", .product(name: "LV2TestKit", package: "SwiftLV2")]),
    ]
)
