/// The notes a plugin's MIDI output has started and not yet ended, so that a render that
/// writes MIDI runs until they end and closes any still held at its end: a file with a
/// note-on and no note-off hangs that note in every player.
package struct HeldNotes {
    /// (status byte's channel, note) of each note on, in the order they started.
    private var notes: [(channel: UInt8, note: UInt8)] = []

    package init() {}

    package var isEmpty: Bool { notes.isEmpty }
    package var count: Int { notes.count }

    /// Follows one MIDI message: a note-on starts a note, a note-off (or a note-on at
    /// velocity 0) ends it.
    package mutating func add(_ bytes: [UInt8]) {
        guard bytes.count >= 3, bytes[0] & 0xF0 == 0x80 || bytes[0] & 0xF0 == 0x90 else { return }
        let kind = bytes[0] & 0xF0, channel = bytes[0] & 0x0F, note = bytes[1]
        notes.removeAll { $0.channel == channel && $0.note == note }
        if kind == 0x90, bytes[2] > 0 { notes.append((channel, note)) }
    }

    /// A note-off for each note still held, in the order they started; none are held after.
    package mutating func noteOffs() -> [[UInt8]] {
        defer { notes = [] }
        return notes.map { [0x80 | $0.channel, $0.note, 0] }
    }
}

extension HeldNotes {
    /// Cuts a render's MIDI output at its `length` in frames and ends each note still held
    /// there with a note-off at the last frame; returns the sentence that says so, if any.
    static func close(_ output: inout [(frame: Int, bytes: [UInt8])], length: Int, plugin: PluginInfo) -> String? {
        output.removeAll { $0.frame >= length }
        var held = HeldNotes()
        output.forEach { held.add($0.bytes) }
        guard length > 0, !held.isEmpty else { return nil }
        let count = held.count
        output += held.noteOffs().map { (length - 1, $0) }
        return sentence(count, plugin: plugin)
    }

    /// What a render says when it ended `count` held notes.
    static func sentence(_ count: Int, plugin: PluginInfo) -> String {
        "\(plugin.uri) still held \(count) note\(count == 1 ? "" : "s") when the render ended: the MIDI output ends \(count == 1 ? "it" : "them") with a note-off at its last frame."
    }
}
