import HostFiles
import Foundation

/// The `--notes` option: a melody for quick tests, without a MIDI file.
///
/// A spec is a comma-separated list of `note@start:duration[:velocity]`: the MIDI note number
/// (0 to 127), when the note starts and how long it lasts in seconds, and its velocity (1 to
/// 127, `defaultVelocity` when left out). For example `69@0:0.5,72@0.5:0.5:90` plays A4 then
/// C5. Every note plays on channel 0 (the first MIDI channel).
package enum NoteSpec {
    package static let defaultVelocity: UInt8 = 100

    /// The note-on and note-off of every note, sorted by time as for a MIDI file.
    package static func parse(_ spec: String) throws -> [TimedMIDIEvent] {
        guard spec.contains(where: { !$0.isWhitespace }) else {
            throw HostError("--notes is empty; give notes as note@start:duration:velocity, like 69@0:1:100.")
        }
        var events: [TimedMIDIEvent] = []
        for (index, item) in spec.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let note = try Note(item.trimmingCharacters(in: .whitespaces), number: index + 1)
            events.append(TimedMIDIEvent(seconds: note.start, bytes: [0x90, note.key, note.velocity]))
            events.append(TimedMIDIEvent(seconds: note.start + note.duration, bytes: [0x80, note.key, 0]))
        }
        return events.sortedForPlayback()
    }

    /// One item of the list, parsed and checked.
    private struct Note {
        var key: UInt8
        var start: Double
        var duration: Double
        var velocity: UInt8

        init(_ item: String, number: Int) throws {
            let description = "Note \(number) of --notes, '\(item)',"
            let noteAndTimes = item.split(separator: "@", omittingEmptySubsequences: false)
            let times = noteAndTimes.count == 2
                ? noteAndTimes[1].split(separator: ":", omittingEmptySubsequences: false) : []
            guard (2...3).contains(times.count),
                  let key = Int(noteAndTimes[0]),
                  let start = Double(times[0]),
                  let duration = Double(times[1]),
                  let velocity = times.count == 3 ? Int(times[2]) : Int(NoteSpec.defaultVelocity)
            else {
                throw HostError("\(description) is not note@start:duration:velocity.")
            }
            guard (0...127).contains(key) else {
                throw HostError("\(description) has note number \(key); it must be 0 to 127.")
            }
            guard start.isFinite, start >= 0 else {
                throw HostError("\(description) starts at \(times[0]) seconds; it must start at 0 or later.")
            }
            guard duration.isFinite, duration > 0 else {
                throw HostError("\(description) lasts \(times[1]) seconds; it must last more than 0.")
            }
            guard start + duration <= TimedMIDIEvent.latestSeconds else {
                throw HostError("\(description) ends more than 24 hours in, later than lv2render plays.")
            }
            guard (1...127).contains(velocity) else {
                throw HostError("\(description) has velocity \(velocity); it must be 1 to 127.")
            }
            self.key = UInt8(key)
            self.start = start
            self.duration = duration
            self.velocity = UInt8(velocity)
        }
    }
}
