import Foundation
import LV2Host

/// What the plugins' process of `render --isolate` tells the parent at the end: the
/// `RenderMeasurements` the command prints and writes (not the control outputs, which
/// lv2render does not read), and the child's peak memory.
struct IsolatedResult: Codable {
    struct MIDIEvent: Codable {
        var frame: Int
        var bytes: [UInt8]
    }

    var sampleRate: Double
    var channelCount: Int
    var latency: Int
    var cpuSeconds: Double
    var frames: Int
    var peakDBFS: Double
    var rmsDBFS: Double
    var notes: [String]
    var warnings: [String]
    var midiOutput: [MIDIEvent]
    var endReason: String
    var samplesOverFullScale: Int
    var nonFiniteSamples: Int
    var peakResidentBytes: Int?

    init(_ measurements: RenderMeasurements, peakResidentBytes: Int?) {
        sampleRate = measurements.sampleRate
        channelCount = measurements.channelCount
        latency = measurements.latency
        cpuSeconds = measurements.cpuSeconds
        frames = measurements.frames
        peakDBFS = measurements.peakDBFS
        rmsDBFS = measurements.rmsDBFS
        notes = measurements.notes
        warnings = measurements.warnings
        midiOutput = measurements.midiOutput.map { MIDIEvent(frame: $0.frame, bytes: $0.bytes) }
        endReason = measurements.endReason.rawValue
        samplesOverFullScale = measurements.samplesOverFullScale
        nonFiniteSamples = measurements.nonFiniteSamples
        self.peakResidentBytes = peakResidentBytes
    }

    var measurements: RenderMeasurements {
        var measurements = RenderMeasurements(sampleRate: sampleRate, channelCount: channelCount, latency: latency,
                                              cpuSeconds: cpuSeconds, frames: frames, peakDBFS: peakDBFS, rmsDBFS: rmsDBFS)
        measurements.notes = notes
        measurements.warnings = warnings
        measurements.midiOutput = midiOutput.map { ($0.frame, $0.bytes) }
        measurements.endReason = RenderEndReason(rawValue: endReason) ?? .length
        measurements.samplesOverFullScale = samplesOverFullScale
        measurements.nonFiniteSamples = nonFiniteSamples
        return measurements
    }

    /// Silence's levels are -infinity, which JSON has no number for.
    private static let nonFinite = (positive: "inf", negative: "-inf", nan: "nan")

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: Self.nonFinite.positive, negativeInfinity: Self.nonFinite.negative, nan: Self.nonFinite.nan)
        return Array(try encoder.encode(self))
    }

    static func decoded(_ bytes: [UInt8]) throws -> IsolatedResult {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return try decoder.decode(IsolatedResult.self, from: Data(bytes))
    }
}
