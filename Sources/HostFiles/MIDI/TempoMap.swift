/// How a Standard MIDI File counts time: ticks per quarter note (the tempo sets how long a
/// quarter lasts) or ticks per SMPTE frame (absolute time; tempo changes do not apply).
enum TimeDivision {
    case ticksPerQuarter(Int)
    /// `framesPerSecond` is 24, 25, 29 (meaning 29.97, drop-frame) or 30.
    case smpte(framesPerSecond: Int, ticksPerFrame: Int)
}

/// Turns a tick count into seconds through every tempo change of the file.
///
/// Time is counted in whole units (for a metrical file one unit is a microsecond divided by the
/// ticks per quarter) and divided into seconds once per event, so a late event carries no error
/// summed over the events before it. The units are held in a `Double`, which counts whole
/// numbers exactly up to 2^53: more than 24 hours even at the finest time division.
struct TempoMap {
    /// The file's time from `startTick` on, until the next tempo change.
    private struct Segment {
        var startTick: Int
        var startUnits: Double
        var unitsPerTick: Double
    }

    /// 120 beats per minute, the tempo until a file sets one.
    static let defaultMicrosecondsPerQuarter = 500_000

    private var segments: [Segment]
    private let unitsPerSecond: Double

    /// `tempoChanges` in file order: at equal ticks, the last one wins.
    init(division: TimeDivision, tempoChanges: [(tick: Int, microsecondsPerQuarter: Int)]) {
        switch division {
        case .ticksPerQuarter(let ticks):
            unitsPerSecond = 1_000_000 * Double(ticks)
            segments = [Segment(startTick: 0, startUnits: 0, unitsPerTick: Double(Self.defaultMicrosecondsPerQuarter))]
            let byTick = tempoChanges.enumerated().sorted { ($0.element.tick, $0.offset) < ($1.element.tick, $1.offset) }
            for (_, change) in byTick {
                let units = units(atTick: change.tick)
                if segments[segments.count - 1].startTick == change.tick {
                    segments.removeLast()
                }
                segments.append(Segment(startTick: change.tick, startUnits: units,
                                        unitsPerTick: Double(change.microsecondsPerQuarter)))
            }
        case .smpte(let framesPerSecond, let ticksPerFrame):
            // 29.97 frames per second is exactly 30000 / 1001.
            let isDropFrame = framesPerSecond == 29
            unitsPerSecond = Double(isDropFrame ? 30_000 : framesPerSecond * 1000) * Double(ticksPerFrame)
            segments = [Segment(startTick: 0, startUnits: 0, unitsPerTick: isDropFrame ? 1001 : 1000)]
        }
    }

    func seconds(atTick tick: Int) -> Double {
        units(atTick: tick) / unitsPerSecond
    }

    private func units(atTick tick: Int) -> Double {
        // Binary search for the last segment starting at or before `tick`.
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].startTick <= tick { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low]
        return segment.startUnits + Double(tick - segment.startTick) * segment.unitsPerTick
    }
}
