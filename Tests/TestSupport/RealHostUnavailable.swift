import HostFiles
import Foundation
import XCTest

/// A real host (jalv under JACK, Ardour) that cannot run on this machine: a skip where a
/// developer works, a failure where real hosts are required (`SWIFTLV2_REQUIRE_REAL_HOSTS=1`,
/// which CI sets), so that a run cannot pass by skipping them.
public func realHostUnavailable(_ reason: String) -> Error {
    guard ProcessInfo.processInfo.environment["SWIFTLV2_REQUIRE_REAL_HOSTS"] == "1" else { return XCTSkip(reason) }
    return HostError("A required real host could not run (SWIFTLV2_REQUIRE_REAL_HOSTS=1): " + reason)
}
