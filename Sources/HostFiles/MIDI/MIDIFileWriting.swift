/// Writes MIDI messages timed in frames as a Standard MIDI File (type 0, one track),
/// for `--midi-out`. The file plays at 120 beats per minute with a division chosen so
/// that one tick is a whole number of frames (one at 44.1 and 48 kHz, two at 88.2 and
/// 96 kHz): every event keeps its exact frame. At a rate with no such division, ticks
/// are 1/960 of a quarter and the events are rounded to the nearest.
public enum MIDIFileWriting {
    public static func bytes(_ events: [(frame: Int, bytes: [UInt8])], sampleRate: Double) -> [UInt8] {
        let framesPerQuarter = sampleRate / 2  // at 120 bpm
        let exact = (1...64).lazy.map { Double($0) }.first { step in
            let division = framesPerQuarter / step
            return division == division.rounded() && division <= 32767
        }
        let division = exact.map { Int(framesPerQuarter / $0) } ?? 960
        let framesPerTick = framesPerQuarter / Double(division)

        var track = delta(0) + [0xFF, 0x51, 0x03] + bigEndian(500_000, count: 3)
        var tick = 0
        for event in events.sorted(by: { $0.frame < $1.frame }) where !event.bytes.isEmpty {
            let eventTick = Int((Double(event.frame) / framesPerTick).rounded())
            track += delta(max(0, eventTick - tick))
            track += event.bytes[0] == 0xF0 ? [0xF0] + delta(event.bytes.count - 1) + event.bytes.dropFirst() : event.bytes
            tick = max(tick, eventTick)
        }
        track += delta(0) + [0xFF, 0x2F, 0x00]
        let header = Array("MThd".utf8) + bigEndian(6, count: 4) + bigEndian(0, count: 2) + bigEndian(1, count: 2) + bigEndian(division, count: 2)
        return header + Array("MTrk".utf8) + bigEndian(track.count, count: 4) + track
    }

    /// A variable-length quantity: seven bits a byte, most significant first.
    private static func delta(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0x7F)], rest = value >> 7
        while rest > 0 {
            bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return bytes
    }

    private static func bigEndian(_ value: Int, count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }
}

extension MIDIFileWriting {
    /// Writes the file whole, after the render (see `OutputTarget.writeWhole`).
    public static func write(_ events: [(frame: Int, bytes: [UInt8])], sampleRate: Double, to target: OutputTarget) throws {
        try target.writeWhole(bytes(events, sampleRate: sampleRate), what: "The MIDI file")
    }
}
