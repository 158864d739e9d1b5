/// What lilv says about one port, read once so the rest of the host never touches lilv.
public struct PortInfo {
    public enum Kind { case audio, control, atom, cv }

    public let index: Int
    public let symbol: String
    public let name: String
    /// The one-line explanation hosts show as a tooltip (`rdfs:comment`).
    public let comment: String?
    public let kind: Kind
    public let isInput: Bool
    public let minimum: Float?
    public let maximum: Float?
    public let defaultValue: Float?
    public let isInteger: Bool
    public let isToggled: Bool
    public let isEnumeration: Bool
    public let isLogarithmic: Bool
    /// The unit's symbol ("dB", "Hz"), or the unit URI's last part when it has none.
    public let unit: String?
    /// The `units:unit` URI, also for units without a symbol (`units:coef`).
    public let unitURI: String?
    public let scalePoints: [(label: String, value: Float)]
    /// The `lv2:designation` URI, e.g. `lv2:latency` or `lv2:control`.
    public let designation: String?
    /// For audio inputs: a side-chain (`lv2:isSideChain`), which a mono file does not feed.
    public let isSideChain: Bool
    /// For atom ports: whether they carry MIDI (`atom:supports midi:MidiEvent`).
    public let supportsMIDI: Bool
    /// For atom ports: whether they take parameter messages (`atom:supports patch:Message`).
    public let supportsPatch: Bool
    /// For atom ports: whether they take the transport's position (`atom:supports time:Position`).
    public let supportsTimePosition: Bool
    /// For atom ports: whether they name any event type they take (`atom:supports`).
    public let declaresSupportedEvents: Bool

    /// The value a control input starts at: its default, else its minimum, else 0.
    public var initialValue: Float {
        defaultValue ?? minimum ?? 0
    }
}
