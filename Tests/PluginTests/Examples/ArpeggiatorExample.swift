import AudioMIDIFiles
import Foundation
import LV2Host
import TestSupport

/// The example package in Examples/Arpeggiator, built once per test run by its own
/// `make`, as a newcomer builds it: a plugin on LV2Kit used as a package, compiled as
/// Embedded Swift into a second library that carries its own copy of the runtime.
enum ArpeggiatorExample {
    static let uri = "urn:swiftlv2:examples:arpeggiator"
    static let folder = Repository.root.appendingPathComponent("Examples/Arpeggiator")

    /// A folder to put on `LV2_PATH` that holds only the example's bundle.
    static func lv2Directory() throws -> String { try built.get() }

    /// The shared object, in the bundle.
    static func binary() throws -> String { try lv2Directory() + "/arpeggiator.lv2/arpeggiator.so" }

    private static let built = Result {
        let make = try runCommand("make", ["-C", folder.path])
        guard make.status == 0 else { throw HostError("make in Examples/Arpeggiator failed: \(make.standardError)") }
        return Repository.lv2Path(holdingOnly: folder.appendingPathComponent("arpeggiator.lv2"), as: "arpeggiator.lv2")
    }
}
