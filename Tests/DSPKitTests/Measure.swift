import Foundation

/// What a listener would hear of a process, measured on plain arrays.
enum Measure {
    static let sampleRate = 48000.0

    /// The level a steady sine at `frequency` comes out at, in dB relative to the level it
    /// went in at: the process settles for half a second, then half a second is measured
    /// (a whole number of periods for every frequency that divides 48 kHz·½ s evenly).
    static func gain(at frequency: Double, _ process: (Float) -> Float) -> Double {
        let settle = Int(sampleRate / 2), measured = Int(sampleRate / 2)
        var inputPower = 0.0, outputPower = 0.0
        for n in 0..<(settle + measured) {
            let x = Float(0.5 * sin(2 * Double.pi * frequency * Double(n) / sampleRate))
            let y = process(x)
            if n >= settle {
                inputPower += Double(x) * Double(x)
                outputPower += Double(y) * Double(y)
            }
        }
        return 10 * log10(outputPower / inputPower)
    }

    /// The RMS level of `samples` in dBFS.
    static func decibels(_ samples: ArraySlice<Float>) -> Double {
        let power = samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)
        return 10 * log10(power)
    }

    /// White noise from a fixed seed, between −1 and 1, the same on every run.
    static func noise(count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int64(bitPattern: state) >> 11) / Float(1 << 52)
        }
    }
}
