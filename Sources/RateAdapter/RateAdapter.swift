import DSP
import LV2Kit

/// `urn:swiftlv2:rate-adapter`: stereo audio through libsamplerate at an internal rate
/// of the user's choice and back (see rate-adapter.ttl).
///
/// This file only binds ports to `RateAdapterEngine`: it reads the controls once per
/// block and reports the latency on every `run`, also `run(0)` and runs with the audio
/// ports unconnected, since hosts ask for latency that way.
public struct RateAdapter: LV2Plugin, ~Copyable {
    public static let uri: StaticString = "urn:swiftlv2:rate-adapter"

    /// Port indices as declared in rate-adapter.ttl.
    private enum Port: UInt32 {
        case inLeft, inRight, outLeft, outRight, rate, quality, mix, enabled, latency
    }

    private var inLeft = AudioInput(), inRight = AudioInput()
    private var outLeft = AudioOutput(), outRight = AudioOutput()
    private var rate = ControlInput(2000...192_000, default: 22050)
    private var quality = ControlInput(0...4, default: 2, integer: true)
    private var mix = ControlInput(0...1, default: 1)
    private var enabled = ControlInput(0...1, default: 1, integer: true)
    private var latency = ControlOutput()

    private var engine: RateAdapterEngine

    public init?(sampleRate: Double, features: HostFeatures) {
        guard let engine = RateAdapterEngine(hostRate: sampleRate) else { return nil }
        self.engine = engine
    }

    public mutating func connect(port: UInt32, to data: UnsafeMutableRawPointer?) {
        switch Port(rawValue: port) {
        case .inLeft: inLeft.connect(data)
        case .inRight: inRight.connect(data)
        case .outLeft: outLeft.connect(data)
        case .outRight: outRight.connect(data)
        case .rate: rate.connect(data)
        case .quality: quality.connect(data)
        case .mix: mix.connect(data)
        case .enabled: enabled.connect(data)
        case .latency: latency.connect(data)
        case nil: break
        }
    }

    public mutating func activate() {
        engine.reset()
    }

    @_noAllocation @_noLocks
    public mutating func run(frames: Int) {
        let settings = self.settings
        latency.write(Float(engine.latency(with: settings)))
        engine.process(left: inLeft.buffer, right: inRight.buffer, intoLeft: outLeft.buffer, right: outRight.buffer,
                       frames: frames, settings: settings)
    }

    // Inlined: called as a getter on the non-copyable plugin, Embedded Swift 6.3 copied
    // the whole plugin (half a kilobyte) onto the stack on every run() to read the controls.
    @inline(__always)
    private var settings: RateAdapterSettings {
        var settings = RateAdapterSettings()
        settings.rate = Double(rate.value)
        settings.quality = SampleRateConverter.Quality(rawValue: Int32(quality.integerValue)) ?? .sincFastest
        settings.mix = Double(mix.value)
        settings.enabled = enabled.isOn
        return settings
    }
}
