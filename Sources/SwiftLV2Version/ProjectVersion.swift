/// The version of SwiftLV2, written only here: the plugins' declarations take their LV2
/// version from it (`lv2:minorVersion`, `lv2:microVersion`), lv2render prints it for
/// `--version`, and a test checks packaging/changelog's top entry against it. LV2 reads an
/// even minor version as a release and raises it when the interface grows: 4.0 added the
/// rate adapter's `bits` and `dither` ports.
public enum ProjectVersion {
    public static let minor = 4
    public static let micro = 0
    public static var current: String { "\(minor).\(micro)" }
}
