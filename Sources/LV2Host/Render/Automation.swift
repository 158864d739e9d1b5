import HostFiles

/// A control input moved along straight lines between points (`--automate`): before the
/// first point it holds the first value, after the last the last. The renderer cuts blocks
/// at every point, so a jump lands on its exact frame, and at least every `rampStep`
/// frames along a ramp, where the value is the line's at the block's first frame.
public struct Automation {
    public let symbol: String
    /// (frame, value) in time order; two at one frame make a jump.
    let points: [(frame: Int, value: Float)]

    /// The longest block along a ramp.
    static let rampStep = 32

    /// `points` in seconds, in time order (equal times allowed, for a jump). `argument`
    /// names what the points came from in the sentences thrown (`--automate SYMBOL` unless told).
    public init(symbol: String, points: [(seconds: Double, value: Float)], sampleRate: Double, argument: String? = nil) throws {
        let name = argument ?? "--automate \(symbol)"
        guard !points.isEmpty else { throw HostError("\(name) needs at least one \(argument == nil ? "TIME:VALUE " : "")point.") }
        for (a, b) in zip(points, points.dropFirst()) where b.seconds < a.seconds {
            throw HostError("The points of \(name) must be in time order, but \(b.seconds.compactDescription) s comes after \(a.seconds.compactDescription) s.")
        }
        if let bad = points.first(where: { !($0.seconds.isFinite && $0.seconds >= 0 && $0.seconds <= RenderRequest.longestDuration) }) {
            throw HostError("The time \(bad.seconds.compactDescription) in \(name) must be between 0 and \(Int(RenderRequest.longestDuration)) seconds.")
        }
        self.symbol = symbol
        self.points = points.map { (RenderRequest.frames($0.seconds, sampleRate: sampleRate), $0.value) }
    }

    public var values: [Float] { points.map(\.value) }

    /// The value at `frame`.
    func value(at frame: Int) -> Float {
        guard let next = points.firstIndex(where: { $0.frame > frame }) else { return points[points.count - 1].value }
        guard next > 0 else { return points[0].value }
        let a = points[next - 1], b = points[next]
        let fraction = Double(frame - a.frame) / Double(b.frame - a.frame)
        return Float(Double(a.value) + fraction * (Double(b.value) - Double(a.value)))
    }

    /// How many frames from `frame` the value may stay as it is: up to the next point,
    /// and no more than `rampStep` along a ramp. nil when it stays for good.
    func steadyFrames(from frame: Int) -> Int? {
        guard let next = points.firstIndex(where: { $0.frame > frame }) else { return nil }
        let untilPoint = points[next].frame - frame
        let isRamp = next > 0 && points[next - 1].value != points[next].value
        return isRamp ? min(untilPoint, Self.rampStep) : untilPoint
    }
}
