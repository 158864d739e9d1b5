import LV2Host

/// Where a render went wrong: the first non-finite and the first denormal sample.
struct OutputScan {
    var firstNonFinite: (channel: Int, frame: Int, value: Float)?
    var firstDenormal: (channel: Int, frame: Int, value: Float)?
    var peak: Float = 0

    init(_ outputs: [[Float]], from start: Int = 0) {
        for (channel, samples) in outputs.enumerated() {
            for frame in min(start, samples.count)..<samples.count {
                let value = samples[frame]
                if !value.isFinite {
                    if firstNonFinite == nil { firstNonFinite = (channel, frame, value) }
                } else {
                    peak = max(peak, abs(value))
                    if value.isSubnormal, firstDenormal == nil { firstDenormal = (channel, frame, value) }
                }
            }
        }
    }

    /// "output 0 frame 17 is nan"
    static func describe(_ sample: (channel: Int, frame: Int, value: Float)) -> String {
        // A NaN's sign and payload mean nothing to a reader: "-nan(0x1fffff)" is said "nan".
        "output \(sample.channel) frame \(sample.frame) is \(sample.value.isNaN ? "nan" : "\(sample.value)")"
    }

    var nonFiniteDescription: String? { firstNonFinite.map(Self.describe) }
    var denormalDescription: String? { firstDenormal.map(Self.describe) }
}

/// The largest difference between two renders of the same outputs.
struct Deviation {
    let channel: Int
    let frame: Int
    let difference: Float

    /// Differences this small pass (−100 dB): vector code may round differently at a
    /// block's edge. The detail still gives the figure.
    static let tolerance: Float = 1e-5

    /// nil when the renders are the same sample for sample (NaN matching NaN).
    static func largest(_ actual: [[Float]], _ expected: [[Float]]) -> Deviation? {
        var largest: Deviation?
        for channel in 0..<min(actual.count, expected.count) {
            for frame in 0..<min(actual[channel].count, expected[channel].count) {
                let a = actual[channel][frame], b = expected[channel][frame]
                guard a.bitPattern != b.bitPattern, !(a.isNaN && b.isNaN) else { continue }
                let difference = a.isFinite && b.isFinite ? abs(a - b) : .infinity
                if difference > largest?.difference ?? -1 {
                    largest = Deviation(channel: channel, frame: frame, difference: difference)
                }
            }
        }
        return largest
    }

    var isAudible: Bool { difference > Self.tolerance }

    var description: String {
        "largest deviation \(difference) at output \(channel) frame \(frame)"
    }
}
