import SwiftLV2Engines
import LV2Kit

/// `urn:swiftlv2:rate-adapter`: stereo audio through libsamplerate at an internal rate
/// of the user's choice and back (its declaration, ports and presets are in
/// RateAdapter+Declaration.swift).
///
/// This file only binds ports to `RateAdapterEngine`: it reads the controls once per
/// block and reports the latency on every `run`, also `run(0)` and runs with the audio
/// ports unconnected, since hosts ask for latency that way.
public struct RateAdapter: LV2Plugin, ~Copyable {
    private var engine: RateAdapterEngine

    public init?(sampleRate: Double, host: borrowing HostFeatures) {
        guard let engine = RateAdapterEngine(hostRate: sampleRate, lowestRate: RateAdapterSettings.lowestRate) else {
            return nil
        }
        self.engine = engine
    }

    public mutating func activate(_ ports: borrowing Ports<Port>) {
        engine.reset()
    }

    @_noAllocation @_noLocks
    public mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {
        let settings = RateAdapterSettings(ports)
        ports.write(Float(engine.latency(with: settings)), to: .latency)
        engine.process(left: ports.input(.inLeft), right: ports.input(.inRight), intoLeft: ports.output(.outLeft),
                       right: ports.output(.outRight), frames: frames, settings: settings)
    }
}

extension RateAdapterSettings {
    /// The settings the controls give.
    @inline(__always)
    public init(_ ports: borrowing Ports<RateAdapter.Port>) {
        self.init(rate: Double(ports.control(.rate)),
                  quality: SampleRateConverter.Quality(rawValue: Int32(ports.integer(.quality))) ?? .sincFastest,
                  mix: Double(ports.control(.mix)), enabled: ports.isOn(.enabled),
                  wordLength: WordLength(bits: ports.integer(.bits),
                                         dither: WordLength.Dither(rawValue: ports.integer(.dither)) ?? .none))
    }

    /// The settings the controls' defaults give: the adapter as a host first loads it.
    public static var defaults: RateAdapterSettings { RateAdapterSettings(Ports<RateAdapter.Port>()) }

    /// The lowest internal rate the `rate` control offers.
    public static var lowestRate: Double { Double(RateAdapter.Port.rate.declaration.range!.lowerBound) }
}
