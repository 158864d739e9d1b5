import HostFiles
import Foundation
import LV2Host

/// The one line printed after a render, as text or as a JSON object.
struct Summary {
    let result: RenderMeasurements
    let output: String
    /// The output file's format; nil with only --midi-out.
    let format: OutputFormat?
    /// The process's peak resident memory, so that a long render shows it stayed small.
    let peakResidentBytes: Int?

    /// "96000 frames (2.000 s at 48000 Hz), peak -6.02 dBFS, RMS -9.03 dBFS, latency 0 frames, CPU 0.012 s, 166.7x realtime",
    /// then the samples clipped and the samples that were not numbers, when there are any.
    var line: String {
        let rate = Int(result.sampleRate)
        return "\(result.frames) frames (\(fixed(result.seconds, 3)) s at \(rate) Hz), "
            + "peak \(decibels(result.peakDBFS)) dBFS, RMS \(decibels(result.rmsDBFS)) dBFS, "
            + "latency \(result.latency) frames, CPU \(fixed(result.cpuSeconds, 3)) s, "
            + "\(fixed(result.realtimeFactor, 1))x realtime"
            + (clippedSamples > 0 ? ", \(clippedSamples) sample\(clippedSamples == 1 ? "" : "s") clipped" : "")
            + (result.nonFiniteSamples > 0 ? ", \(result.nonFiniteSamples) not a number (written as 0)" : "")
    }

    /// Samples beyond full scale that the output's integer format cut off.
    var clippedSamples: Int {
        format?.clips == true ? result.samplesOverFullScale : 0
    }

    /// The same figures as one JSON object; levels of digital silence are null.
    var json: String {
        let finite: (Double) -> Any = { $0.isFinite ? $0 : NSNull() }
        let object: [String: Any] = [
            "output": output,
            "frames": result.frames,
            "seconds": result.seconds,
            "sampleRate": result.sampleRate,
            "channels": result.channelCount,
            "peakDBFS": finite(result.peakDBFS),
            "rmsDBFS": finite(result.rmsDBFS),
            "latency": result.latency,
            "ending": result.endReason.rawValue,
            "clippedSamples": clippedSamples,
            "nonFiniteSamples": result.nonFiniteSamples,
            "fileType": format.map { $0.type.rawValue as Any } ?? NSNull(),
            "sampleFormat": format?.sample.map { $0.rawValue as Any } ?? NSNull(),
            "cpuSeconds": result.cpuSeconds,
            "realtimeFactor": finite(result.realtimeFactor),
            "peakResidentBytes": peakResidentBytes ?? NSNull(),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private func fixed(_ value: Double, _ digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "inf"
    }

    private func decibels(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f", value) : "-inf"
    }
}
