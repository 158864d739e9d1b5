import HostFiles

/// The musical time a render plays at: a tempo (constant, or a MIDI file's tempo map)
/// and a meter (constant, or changing), rolling from bar 0 at frame 0, as a DAW's transport
/// does while it exports. Plugins that take `time:Position` get it at the start and at every
/// tempo or meter change; control ports designated `time:beatsPerMinute` and the like follow it.
/// A meter change starts a bar on its frame (the bar it cuts is shorter), as DAWs put one on a
/// bar line; the beats count on through it.
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
            guard parts.count == 2, let beats = Double(parts[0]), let unit = Int(parts[1]),
                  Self.isValid(beatsPerBar: beats, beatUnit: unit) else {
                throw HostError("The meter must be BEATS/UNIT such as 3/4 or 6/8 (the unit a power of two up to 64), not \"\(text)\".")
            }
            self.init(beatsPerBar: beats, beatUnit: unit)
        }

        public static let common = Meter(beatsPerBar: 4, beatUnit: 4)

        /// Whether it is a meter hosts show: more than 0 and at most 1000 beats a bar, of a
        /// unit that is a power of two up to 64.
        public static func isValid(beatsPerBar: Double, beatUnit: Int) -> Bool {
            beatsPerBar.isFinite && beatsPerBar > 0 && beatsPerBar <= 1000 && [1, 2, 4, 8, 16, 32, 64].contains(beatUnit)
        }
    }

    /// Where the transport is at one frame.
    struct Position {
        var frame: Int
        var beatsPerMinute: Double
        /// Beats since frame 0.
        var beat: Double
        var meter: Meter
        /// Bars since frame 0, and beats since the bar began.
        var bar: Int
        var barBeat: Double
    }

    /// A stretch of constant tempo and meter from `frame` on, where bar `bar` began at beat `barStart`.
    private struct Segment {
        var frame: Int
        var beat: Double
        var beatsPerMinute: Double
        var meter: Meter
        var bar: Int
        var barStart: Double
    }

    private var segments: [Segment]
    private let sampleRate: Double

    /// `tempoChanges` and `meterChanges` each in time order; before the first tempo, 120 beats
    /// per minute, and before the first meter change, `meter`.
    init(tempoChanges: [(seconds: Double, beatsPerMinute: Double)], meter: Meter,
         meterChanges: [(seconds: Double, meter: Meter)] = [], sampleRate: Double) {
        self.sampleRate = sampleRate
        segments = [Segment(frame: 0, beat: 0, beatsPerMinute: 120, meter: meter, bar: 0, barStart: 0)]
        let tempos = tempoChanges.filter { $0.beatsPerMinute.isFinite && $0.beatsPerMinute > 0 }
            .map { (frame: RenderRequest.frames($0.seconds, sampleRate: sampleRate), beatsPerMinute: Optional($0.beatsPerMinute), meter: Meter?.none) }
        let meters = meterChanges.map { (frame: RenderRequest.frames($0.seconds, sampleRate: sampleRate), beatsPerMinute: Double?.none, meter: Optional($0.meter)) }
        // In time order, a tempo before a meter at one frame (a stable sort keeps each list's order).
        for change in (tempos + meters).enumerated().sorted(by: { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }).map(\.element) {
            let last = segments[segments.count - 1]
            let here = position(at: change.frame)
            var segment = Segment(frame: change.frame, beat: here.beat, beatsPerMinute: change.beatsPerMinute ?? last.beatsPerMinute,
                                  meter: last.meter, bar: here.bar, barStart: here.beat - here.barBeat)
            if let meter = change.meter, meter != last.meter {
                // A new bar on this frame, unless one began on it (within a millionth of a beat).
                segment.meter = meter
                segment.bar = here.barBeat < 1e-6 ? here.bar : here.bar + 1
                segment.barStart = here.beat
            }
            if last.frame == change.frame { segments[segments.count - 1] = segment } else { segments.append(segment) }
        }
    }

    /// The range lv2render takes for `--bpm`.
    public static let tempoRange = 1.0...1000.0

    private static func beat(at frame: Int, in segment: Segment, sampleRate: Double) -> Double {
        segment.beat + Double(frame - segment.frame) / sampleRate * segment.beatsPerMinute / 60
    }

    func position(at frame: Int) -> Position {
        let segment = segments.last { $0.frame <= frame } ?? segments[0]
        let beat = Self.beat(at: frame, in: segment, sampleRate: sampleRate)
        let bars = ((beat - segment.barStart) / segment.meter.beatsPerBar).rounded(.down)
        return Position(frame: frame, beatsPerMinute: segment.beatsPerMinute, beat: beat, meter: segment.meter,
                        bar: segment.bar + Int(bars), barBeat: beat - segment.barStart - bars * segment.meter.beatsPerBar)
    }

    /// The frames in `start ..< start + frames` where a position is due: 0 and each tempo or meter change.
    func changes(from start: Int, frames: Int) -> [Int] {
        segments.map(\.frame).filter { $0 >= start && $0 < start + frames }
    }
}
