import Foundation

/// Measurements of rendered audio, in the terms a listener would use.
public enum SignalAnalysis {
    /// Frequency from the first to the last upward zero crossing, each located by
    /// linear interpolation between samples: accurate to far below 0.01 cent for a
    /// steady sine of a second or more.
    public static func frequency<C: Collection>(of signal: C, sampleRate: Double) -> Double
    where C.Element == Float, C.Index == Int {
        var crossings: [Double] = []
        var previous = Double(signal[signal.startIndex])
        for index in (signal.startIndex + 1)..<signal.endIndex {
            let current = Double(signal[index])
            if previous < 0 && current >= 0 {
                crossings.append(Double(index - 1) + previous / (previous - current))
            }
            previous = current
        }
        guard crossings.count >= 2 else { return 0 }
        return Double(crossings.count - 1) * sampleRate / (crossings.last! - crossings.first!)
    }

    /// Cents from `reference` to `frequency`.
    public static func cents(_ frequency: Double, from reference: Double) -> Double {
        1200 * log2(frequency / reference)
    }

    /// The largest magnitude, as a ratio to full scale (1.0).
    public static func peak<C: Collection>(_ signal: C) -> Double where C.Element == Float {
        signal.reduce(0) { max($0, Double(abs($1))) }
    }

    /// The root mean square, as a ratio to full scale.
    public static func rms<C: Collection>(_ signal: C) -> Double where C.Element == Float {
        guard !signal.isEmpty else { return 0 }
        return (signal.reduce(0) { $0 + Double($1) * Double($1) } / Double(signal.count)).squareRoot()
    }

    /// A ratio of amplitudes in dB: 0.5 is about -6.02.
    public static func decibels(_ ratio: Double) -> Double { 20 * log10(ratio) }

    /// The index of the largest magnitude.
    public static func peakIndex(of signal: [Float]) -> Int {
        signal.indices.max { abs(signal[$0]) < abs(signal[$1]) } ?? 0
    }

    /// The largest difference between `signal` and `reference` over `frames`, in dB
    /// relative to `amplitude`.
    public static func errorDecibels(_ signal: [Float], _ reference: [Float], frames: Range<Int>, amplitude: Double = 0.5) -> Double {
        let worst = frames.reduce(0.0) { max($0, Double(abs(signal[$1] - reference[$1]))) }
        return decibels(worst / amplitude)
    }

    /// The largest |x[n+1] − 2x[n] + x[n−1]|: a click shows up as a spike here.
    public static func largestSecondDifference<C: Collection>(_ signal: C) -> Double
    where C.Element == Float, C.Index == Int {
        var largest = 0.0
        var index = signal.startIndex + 1
        while index + 1 < signal.endIndex {
            let difference = Double(signal[index + 1]) - 2 * Double(signal[index]) + Double(signal[index - 1])
            largest = max(largest, abs(difference))
            index += 1
        }
        return largest
    }

    /// The index of the first sample whose magnitude exceeds `threshold`.
    public static func onset<C: Collection>(_ signal: C, threshold: Float = 1e-6) -> Int?
    where C.Element == Float, C.Index == Int {
        signal.firstIndex { abs($0) > threshold }
    }

    /// The amplitude of the `frequency` component alone, as a sine's peak value.
    ///
    /// A projection on that one frequency through a Hann window: a component more than
    /// 25/T hertz away (T the signal's duration in seconds) leaks in below -100 dB.
    public static func amplitude(of signal: ArraySlice<Float>, at frequency: Double, sampleRate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / sampleRate
        let length = Double(signal.count)
        var real = 0.0, imaginary = 0.0, windowSum = 0.0
        for (n, sample) in signal.enumerated() {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * (Double(n) + 0.5) / length)
            real += window * Double(sample) * cos(omega * Double(n))
            imaginary -= window * Double(sample) * sin(omega * Double(n))
            windowSum += window
        }
        return 2 * (real * real + imaginary * imaginary).squareRoot() / windowSum
    }

    /// How far below a steady sine everything else is (harmonics, noise, hum), in dB.
    ///
    /// Fits `a·cos ωt + b·sin ωt + c` by least squares, refining ω as well (the IEEE 1057
    /// four-parameter fit), and compares the residual's power with the sine's.
    public static func purity(of signal: [Float], sampleRate: Double, near frequency: Double) -> Double {
        var omega = 2 * Double.pi * frequency / sampleRate
        var fit = SineFit(a: 0, b: 0, c: 0)
        for _ in 0..<8 {
            fit = SineFit.solve(signal, omega: omega, refineFrequency: true)
            omega += fit.omegaCorrection
        }
        fit = SineFit.solve(signal, omega: omega, refineFrequency: false)
        var residualPower = 0.0
        for (n, sample) in signal.enumerated() {
            let model = fit.a * cos(omega * Double(n)) + fit.b * sin(omega * Double(n)) + fit.c
            residualPower += (Double(sample) - model) * (Double(sample) - model)
        }
        let sinePower = (fit.a * fit.a + fit.b * fit.b) / 2 * Double(signal.count)
        return 10 * log10(residualPower / sinePower)
    }
}

/// One least-squares step of the four-parameter sine fit.
private struct SineFit {
    var a: Double, b: Double, c: Double
    var omegaCorrection = 0.0

    static func solve(_ signal: [Float], omega: Double, refineFrequency: Bool) -> SineFit {
        // Columns: cos, sin, 1 and (when refining) the derivative of the model with
        // respect to ω, linearised around the previous amplitudes.
        let previous = refineFrequency ? solve(signal, omega: omega, refineFrequency: false) : nil
        let size = refineFrequency ? 4 : 3
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: size + 1), count: size)
        var row = [Double](repeating: 0, count: size)
        for (n, sample) in signal.enumerated() {
            let t = Double(n)
            let cosine = cos(omega * t), sine = sin(omega * t)
            row[0] = cosine; row[1] = sine; row[2] = 1
            if let previous { row[3] = t * (previous.b * cosine - previous.a * sine) }
            for i in 0..<size {
                for j in 0..<size { matrix[i][j] += row[i] * row[j] }
                matrix[i][size] += row[i] * Double(sample)
            }
        }
        let x = gaussianElimination(matrix)
        return SineFit(a: x[0], b: x[1], c: x[2], omegaCorrection: refineFrequency ? x[3] : 0)
    }

    private static func gaussianElimination(_ input: [[Double]]) -> [Double] {
        var m = input
        let size = m.count
        for column in 0..<size {
            let pivot = (column..<size).max { abs(m[$0][column]) < abs(m[$1][column]) }!
            m.swapAt(column, pivot)
            for row in (column + 1)..<size {
                let factor = m[row][column] / m[column][column]
                for k in column...size { m[row][k] -= factor * m[column][k] }
            }
        }
        var x = [Double](repeating: 0, count: size)
        for row in stride(from: size - 1, through: 0, by: -1) {
            var sum = m[row][size]
            for k in (row + 1)..<size { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }
}
