/// `units:unit`: what a control's number measures, so a host can print "440 Hz".
public enum Unit: Sendable {
    /// The units of LV2's units vocabulary (`units:db`, `units:hz`, `units:ms`, …), which
    /// hosts know how to print.
    case decibel, hertz, milliseconds, seconds, semitones, cents, coefficient, frames, beatsPerMinute, percent,
         midiNote
    /// A unit of the plugin's own, written into its Turtle as a `units:Unit`: a label,
    /// the symbol hosts print after the value, and a printf format for the value alone.
    case custom(label: StaticString, symbol: StaticString, render: StaticString)

    /// The standard unit's URI; nil for a custom unit.
    public var uri: StaticString? {
        switch self {
        case .decibel: "http://lv2plug.in/ns/extensions/units#db"
        case .hertz: "http://lv2plug.in/ns/extensions/units#hz"
        case .milliseconds: "http://lv2plug.in/ns/extensions/units#ms"
        case .seconds: "http://lv2plug.in/ns/extensions/units#s"
        case .semitones: "http://lv2plug.in/ns/extensions/units#semitone12TET"
        case .cents: "http://lv2plug.in/ns/extensions/units#cent"
        case .coefficient: "http://lv2plug.in/ns/extensions/units#coef"
        case .frames: "http://lv2plug.in/ns/extensions/units#frame"
        case .beatsPerMinute: "http://lv2plug.in/ns/extensions/units#bpm"
        case .percent: "http://lv2plug.in/ns/extensions/units#pc"
        case .midiNote: "http://lv2plug.in/ns/extensions/units#midiNote"
        case .custom: nil
        }
    }
}
