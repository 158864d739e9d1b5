import LV2Kit
import LV2KitGenerator
import RateAdapter
import SineSynth

// The bundle plugin.lv2: what `make generate` writes its Turtle, entry point and C header from.
var bundle = BundleContents(
    binary: "swiftlv2.so",
    project: Project(uri: "urn:swiftlv2:project", name: "SwiftLV2",
                     shortDescription: "LV2 plugins written in Swift",
                     // No homepage or e-mail: the project has none yet, and a made-up one is worse than none.
                     maintainer: Person(uri: "urn:swiftlv2:team", name: "The SwiftLV2 developers")))
bundle.add(SineSynth.self)
bundle.add(RateAdapter.self)
BundleGenerator(bundle).main()
