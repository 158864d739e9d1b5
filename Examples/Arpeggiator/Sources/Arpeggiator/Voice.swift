import LV2Kit  // for LibM: libm, which Embedded Swift cannot import as Glibc

/// The arpeggio's own sound: one sine that fades in and out over a few milliseconds,
/// so that notes start and stop without clicks.
struct Voice {
    private let sampleRate: Double
    private var phase = 0.0
    private var increment = 0.0
    private var level = 0.0
    private var target = 0.0
    private let fadeStep: Double

    init(sampleRate: Double) {
        self.sampleRate = sampleRate
        fadeStep = 1 / (0.003 * sampleRate)  // 3 ms
    }

    @_noAllocation @_noLocks
    mutating func start(note: UInt8, velocity: UInt8) {
        increment = 440 * LibM.pow(2, (Double(note) - 69) / 12) / sampleRate
        if level == 0 { phase = 0 }
        target = Double(velocity) / 127
    }

    @_noAllocation @_noLocks
    mutating func stop() { target = 0 }

    @_noAllocation @_noLocks
    mutating func next() -> Double {
        level = target > level ? min(target, level + fadeStep) : max(target, level - fadeStep)
        guard level > 0 else { return 0 }
        let sample = LibM.sin(2 * Double.pi * phase) * level
        phase += increment
        if phase >= 1 { phase -= 1 }
        return sample
    }
}
