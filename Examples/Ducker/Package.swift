// swift-tools-version: 6.1
import PackageDescription

// A side-chain ducker built with LV2Kit: `swift package --allow-writing-to-package-directory lv2-bundle`
// generates its Turtle from the plugin's declaration and builds it as Embedded Swift into
// lv2/ducker.lv2 (see docs/writing-a-plugin.md in SwiftLV2).
let package = Package(
    name: "Ducker",
    products: [
        // The bundle: its name names ducker.lv2 and ducker.so.
        .library(name: "ducker", targets: ["Ducker"]),
    ],
    dependencies: [
        .package(name: "SwiftLV2", path: "../.."),
    ],
    targets: [
        // The plugin: its declaration, its adapter, and the gain computer it runs.
        .target(name: "Ducker", dependencies: [.product(name: "LV2Kit", package: "SwiftLV2"), .product(name: "DSPKit", package: "SwiftLV2")]),
        // What a listener would hear and a meter would show, from the built bundle (LV2TestKit).
        .testTarget(name: "DuckerTests", dependencies: ["Ducker", .product(name: "LV2TestKit", package: "SwiftLV2")]),
    ]
)
