/// What a plugin is for, as `list --json` and Python's `plugins()` filter by it.
public enum PluginKind: String, Codable, CaseIterable {
    /// Plays notes: declared `lv2:InstrumentPlugin`, or takes MIDI and makes audio from no audio.
    case instrument
    /// Works on MIDI alone: declared `lv2:MIDIPlugin`, or has MIDI and no audio output.
    case midi
    /// Everything else that makes or changes audio (and analysers).
    case effect

    /// The one rule, for a full description and for the catalogue alike.
    static func of(classURI: String?, audioInputs: Int, audioOutputs: Int, midiInput: Bool, midiOutput: Bool) -> PluginKind {
        if classURI == LV2URI.midiPlugin || (audioOutputs == 0 && (midiInput || midiOutput)) { return .midi }
        if classURI == LV2URI.instrumentPlugin || (midiInput && audioInputs == 0) { return .instrument }
        return .effect
    }
}
