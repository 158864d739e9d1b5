import HostFiles

/// The musical time a render plays at: a tempo (constant, or a MIDI file's tempo map)
/// and a meter, rolling from bar 0 at frame 0, as a DAW's transport does while it
/// exports. Plugins that take `time:Position` get it at the start and at every tempo
/// change; control ports designated `time:beatsPerMinute` and the like follow it.
public struct Transport {
    public struct Meter: Equatable, Sendable {
        public var beatsPerBar: Double
        public var beatUnit: Int

        public init(beatsPerBar: Double, beatUnit: Int) {
            self.beatsPerBar = beatsPerBar
            self.beatUnit = beatUnit
        }

        /// "3/4", "6/8", "7/8"…
        public init(_ text: String) throws {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let beats = Double(parts[0]), beats.isFinite, beats > 0, beats <= 1000,
                  let unit = Int(parts[1]), [1, 2, 4, 8, 16, 32, 64].contains(unit) else {
                throw HostError("The meter must be BEATS/UNIT such as 3/4 or 6/8 (the unit a power of two up to 64), not \"\(text)\".")
            }
            self.init(beatsPerBar: beats, beatUnit: unit)
        }

        public static let common = Meter(beatsPerBar: 4, beatUnit: 4)
    }

    /// Where the transport is at one frame.
    struct Position {
        var frame: Int
        var beatsPerMinute: Double
        /// Beats since frame 0.
        var beat: Double
        var meter: Meter

        var bar: Int { Int((beat / meter.beatsPerBar).rounded(.down)) }
        var barBeat: Double { beat - Double(bar) * meter.beatsPerBar }
    }

    /// A stretch of constant tempo from `frame` on.
    private struct Segment {
        var frame: Int
        var beat: Double
        var beatsPerMinute: Double
    }

    public var meter: Meter
    private var segments: [Segment]
    private let sampleRate: Double

    /// `tempoChanges` in time order; before the first, 120 beats per minute.
    init(tempoChanges: [(seconds: Double, beatsPerMinute: Double)], meter: Meter, sampleRate: Double) {
        self.meter = meter
        self.sampleRate = sampleRate
        segments = [Segment(frame: 0, beat: 0, beatsPerMinute: 120)]
        for change in tempoChanges where change.beatsPerMinute.isFinite && change.beatsPerMinute > 0 {
            let frame = RenderRequest.frames(change.seconds, sampleRate: sampleRate)
            let last = segments[segments.count - 1]
            let segment = Segment(frame: frame, beat: Self.beat(at: frame, in: last, sampleRate: sampleRate),
                                  beatsPerMinute: change.beatsPerMinute)
            if last.frame == frame { segments[segments.count - 1] = segment } else { segments.append(segment) }
        }
    }

    /// The range lv2render takes for `--bpm`.
    public static let tempoRange = 1.0...1000.0

    private static func beat(at frame: Int, in segment: Segment, sampleRate: Double) -> Double {
        segment.beat + Double(frame - segment.frame) / sampleRate * segment.beatsPerMinute / 60
    }

    func position(at frame: Int) -> Position {
        let segment = segments.last { $0.frame <= frame } ?? segments[0]
        return Position(frame: frame, beatsPerMinute: segment.beatsPerMinute,
                        beat: Self.beat(at: frame, in: segment, sampleRate: sampleRate), meter: meter)
    }

    /// The frames in `start ..< start + frames` where a position is due: 0 and each tempo change.
    func changes(from start: Int, frames: Int) -> [Int] {
        segments.map(\.frame).filter { $0 >= start && $0 < start + frames }
    }
}
