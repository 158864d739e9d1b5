import DSPKit
import LV2Kit

/// `urn:swiftlv2:examples:ducker`: a stereo input turned down while its side-chain is loud.
///
/// The declaration (ports, the side-chain, presets) is in Ducker+Declaration.swift; this file
/// reads the ports and runs a `GainComputer`, and writes the gain-reduction meter.
public struct Ducker: LV2Plugin, ~Copyable {
    private var computer: GainComputer

    public init?(sampleRate: Double, host: borrowing HostFeatures) {
        computer = GainComputer(sampleRate: sampleRate)
    }

    public mutating func activate(_ ports: borrowing Ports<Port>) {
        computer.reset()
    }

    @_noAllocation @_noLocks
    public mutating func run(_ ports: borrowing Ports<Port>, frames: Int) {
        let inLeft = ports.input(.inLeft, frames: frames), inRight = ports.input(.inRight, frames: frames)
        let key = ports.input(.key, frames: frames)
        let outLeft = ports.output(.outLeft, frames: frames), outRight = ports.output(.outRight, frames: frames)
        computer.set(threshold: ports.control(.threshold), ratio: ports.control(.ratio), depth: ports.control(.depth),
                     attack: ports.control(.attack), release: ports.control(.release))
        var most = 0.0
        for frame in 0..<frames {
            // An unconnected side-chain is silence; NaN and infinity are too, so none reaches the follower.
            let reduction = computer.reduction(key: SignalGuard.finite(key?[frame] ?? 0))
            most = max(most, reduction)
            let gain = GainComputer.gain(reduction: reduction)
            // Each input frame is read before its output is written: hosts may share the buffers.
            let left = SignalGuard.finite(inLeft?[frame] ?? 0), right = SignalGuard.finite(inRight?[frame] ?? 0)
            outLeft?[frame] = left * gain
            outRight?[frame] = right * gain
        }
        ports.write(Float(most), to: .reduction)
    }
}
