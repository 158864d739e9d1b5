import LV2Host

/// A plugin in the list `swiftlv2_world_plugins_json` gives (its description is `PluginDescription`).
extension PluginInfo {
    var summaryJSON: [String: Any] {
        ["uri": uri, "name": name, "instrument": isInstrument,
         "audio_inputs": ports(.audio, input: true).count, "audio_outputs": ports(.audio, input: false).count]
    }
}
