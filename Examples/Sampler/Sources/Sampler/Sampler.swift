import LV2Kit

/// `urn:swiftlv2:examples:sampler`: plays a sound file from its start on every note.
///
/// The declaration (ports, parameters) is in Sampler+Declaration.swift. LV2Kit reads the
/// `patch:Set` messages for the file and the gain, has `SampleLoader` load the file off the
/// audio thread, hands the result to `fileLoaded`, and saves and restores both with the
/// session; this file only plays.
public struct Sampler: LV2Plugin, ~Copyable {
    public typealias Worker = SampleLoader

    private let sampleRate: Double
    private var sample: Sample?
    private var playback = OneShot()
    /// The gain parameter, as a factor: LV2Kit gives `parameterChanged` its declared default
    /// right after `init`.
    private var gain: Float = 0

    public init?(sampleRate: Double, host: borrowing HostFeatures) {
        self.sampleRate = sampleRate
    }

    public mutating func activate(_ ports: borrowing Ports<Port>) {
        playback.stop()
    }

    @_noAllocation @_noLocks
    public mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {
        guard let output = ports.output(.out) else { return }
        var events = ports.events(.control, frames: frames)
        var next = events.next()
        for frame in 0..<frames {
            while let event = next, event.frame <= frame {
                if event.type == ports.urids.midiEvent, case let .noteOn(_, _, velocity)? = MIDIMessage(event.body),
                   let sample {
                    playback.start(velocity: velocity, step: sample.sampleRate / sampleRate)
                }
                next = events.next()
            }
            if let sample {
                output[frame] = playback.next(from: sample) * gain
            } else {
                output[frame] = 0
            }
        }
    }

    public mutating func parameterChanged(_ parameter: Parameter, to value: ParameterValue) {
        if parameter == .gain { gain = Float(LibM.pow(10, Double(value.number) / 20)) }
    }

    /// A new file: the one playing stops, since the worker frees it once this returns.
    public mutating func fileLoaded(_ parameter: Parameter, _ file: Sample) {
        sample = file
        playback.stop()
    }
}
