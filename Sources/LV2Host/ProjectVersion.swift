/// The version of SwiftLV2: the plugins (`lv2:minorVersion` and `lv2:microVersion` in
/// their Turtle, checked against this by a test) and lv2render, which prints it for
/// `--version`.
public enum ProjectVersion {
    public static let minor = 2
    public static let micro = 0
    public static var current: String { "\(minor).\(micro)" }
}
