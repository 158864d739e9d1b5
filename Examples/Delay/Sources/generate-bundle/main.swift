import Delay
import LV2KitGenerator

// The bundle delay.lv2: what `make` writes its Turtle and entry point from.
var bundle = Bundle(
    binary: "delay.so",
    project: Project(uri: "urn:swiftlv2:examples", name: "SwiftLV2 examples",
                     shortDescription: "Example LV2 plugins built with LV2Kit",
                     maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))
bundle.add(Delay.self)
BundleGenerator(bundle).main()
