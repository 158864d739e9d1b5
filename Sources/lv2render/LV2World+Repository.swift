import Foundation
import LV2Host

extension LV2World {
    /// The world every command searches (`LV2SearchPath`): `$LV2_PATH` if set, else the
    /// repository's `plugin.lv2` (when lv2render runs from a checkout) followed by the user's
    /// and the system's LV2 folders.
    static func forCommandLine(dynamicManifests: Bool = false) throws -> LV2World {
        try LV2World(searchPath: .forFrontEnd(at: #dsohandle), dynamicManifests: dynamicManifests)
    }
}
