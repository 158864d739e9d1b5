/// The version of SwiftLV2: the plugins (`lv2:minorVersion` and `lv2:microVersion` in
/// their declarations, checked against this by a test) and lv2render, which prints it for
/// `--version`. LV2 reads an even minor version as a release and raises it when the
/// interface grows: 4.0 added the rate adapter's `bits` and `dither` ports.
package enum ProjectVersion {
    package static let minor = 4
    package static let micro = 0
    package static var current: String { "\(minor).\(micro)" }
}
