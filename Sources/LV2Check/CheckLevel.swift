import LV2Host
/// How strict `lv2render check` is. At the default level every FAIL is something a real
/// host (Ardour, Carla, jalv, REAPER, MOD) can do to a plugin; `--strict` also fails what
/// only a careless or broken host sends (NaN and infinities in controls, values outside
/// a control's range, NaN in audio, NULL buffers). At the default level those probes
/// still run, last, and what they find is a warning marked "strict:".
public enum CheckLevel: String, Codable, CaseIterable, Sendable {
    /// The default level (`default` on the command line), and `--strict`.
    case standard = "default",
         strict
}
