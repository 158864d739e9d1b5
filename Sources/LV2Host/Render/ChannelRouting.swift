import AudioMIDIFiles

/// Which source channel feeds each audio input, or silence.
///
/// Channels go to the main inputs in order: the main input group's (`pg:mainInput`) first,
/// never a side-chain (`lv2:isSideChain`, or a group that is `pg:sideChainOf` another),
/// which only an explicit map feeds. A mono source feeds every main input (a stereo effect
/// hears it on both sides). Inputs left over get silence, and `notes` says which. An
/// explicit map (`--map`) overrides all of this.
struct ChannelRouting {
    /// For each destination input, the index of its source channel; nil for silence.
    let sources: [Int?]
    /// What a user should know: the inputs that get silence.
    let notes: [String]

    /// nil when there are more source channels than main inputs.
    init?(from sourceCount: Int, to destination: PluginInfo) {
        let inputs = destination.ports(.audio, input: true)
        // A plugin whose every input is a side-chain still takes the source on them.
        let main = destination.mainAudioInputs.isEmpty ? inputs : destination.mainAudioInputs
        guard sourceCount <= main.count else { return nil }
        var sources = [Int?](repeating: nil, count: inputs.count)
        for (channel, port) in main.enumerated() where sourceCount > 0 {
            guard let input = inputs.firstIndex(where: { $0.index == port.index }) else { continue }
            sources[input] = sourceCount == 1 ? 0 : channel < sourceCount ? channel : nil
        }
        self.sources = sources
        notes = Self.silenceNotes(sources, inputs, destination)
    }

    /// The map for a program's call (`LiveChain`) of `mainCount` channels for the main inputs
    /// followed by `sideChainCount` for the side-chains, each part routed as `init(from:to:)`
    /// routes a source: a mono part feeds all its inputs. Its sentences name no command-line option.
    static func map(mainCount: Int, sideChainCount: Int, to destination: PluginInfo) throws -> [(channel: Int, symbol: String)] {
        let inputs = destination.ports(.audio, input: true)
        guard !inputs.isEmpty else {
            throw HostError("The plugin \(destination.uri) has no audio inputs, so it takes no audio.")
        }
        let main = destination.mainAudioInputs.isEmpty ? inputs : destination.mainAudioInputs
        let sideChains = destination.mainAudioInputs.isEmpty ? [] : inputs.filter(\.isSideChain)
        func list(_ ports: [PortInfo]) -> String { ports.map(\.symbol).joined(separator: ", ") }
        guard mainCount <= main.count else {
            let own = sideChains.isEmpty ? "" : "; its side-chain\(sideChains.count == 1 ? "" : "s") (\(list(sideChains))) take\(sideChains.count == 1 ? "s" : "") audio of \(sideChains.count == 1 ? "its" : "their") own"
            throw HostError("The audio has \(counted(mainCount, "channel")) but the plugin \(destination.uri) has \(counted(main.count, sideChains.isEmpty ? "audio input" : "main audio input")) (\(list(main)))\(own).")
        }
        guard sideChainCount == 0 || !sideChains.isEmpty else {
            throw HostError("The plugin \(destination.uri) has no side-chain input, so it takes no side-chain audio.")
        }
        guard sideChainCount <= sideChains.count else {
            throw HostError("The side-chain audio has \(counted(sideChainCount, "channel")) but the plugin \(destination.uri) has \(counted(sideChains.count, "side-chain input")) (\(list(sideChains))).")
        }
        func part(_ ports: [PortInfo], count: Int, first: Int) -> [(channel: Int, symbol: String)] {
            guard count > 0 else { return [] }
            return ports.enumerated().compactMap { index, port in
                count == 1 ? (first, port.symbol) : index < count ? (first + index, port.symbol) : nil
            }
        }
        return part(main, count: mainCount, first: 0) + part(sideChains, count: sideChainCount, first: mainCount)
    }

    /// `map`: source channel (from 0) and input symbol pairs; the inputs it leaves out get
    /// silence. `alsoValid`: symbols the map may name that are not audio inputs (CV inputs).
    init(map: [(channel: Int, symbol: String)], sourceCount: Int, to destination: PluginInfo, alsoValid: [String] = []) throws {
        let inputs = destination.ports(.audio, input: true)
        var sources = [Int?](repeating: nil, count: inputs.count)
        for (channel, symbol) in map {
            let input = inputs.firstIndex(where: { $0.symbol == symbol })
            guard input != nil || alsoValid.contains(symbol) else {
                let valid = (inputs.map(\.symbol) + alsoValid).joined(separator: ", ")
                let kinds = alsoValid.isEmpty ? "audio input" : "audio or CV input"
                throw HostError("The plugin \(destination.uri) has no \(kinds) \(symbol) for --map; its \(kinds)s are \(valid.isEmpty ? "none" : valid).")
            }
            guard (0..<sourceCount).contains(channel) else {
                throw HostError("--map names channel \(channel + 1), but the input has \(counted(sourceCount, "channel")).")
            }
            if let input { sources[input] = channel }
        }
        self.sources = sources
        notes = Self.silenceNotes(sources, inputs, destination)
    }

    private static func silenceNotes(_ sources: [Int?], _ inputs: [PortInfo], _ destination: PluginInfo) -> [String] {
        let silent = zip(sources, inputs).filter { $0.0 == nil }.map(\.1)
        func list(_ ports: [PortInfo]) -> String { ports.map(\.symbol).joined(separator: ", ") }
        let main = silent.filter { !$0.isSideChain }, sideChains = silent.filter(\.isSideChain)
        var notes: [String] = []
        if !main.isEmpty {
            notes.append("The audio input\(main.count == 1 ? "" : "s") \(list(main)) of \(destination.uri) \(main.count == 1 ? "gets" : "get") silence.")
        }
        if !sideChains.isEmpty {
            let one = sideChains.count == 1
            notes.append("The side-chain input\(one ? "" : "s") \(list(sideChains)) of \(destination.uri) \(one ? "gets" : "get") silence; feed \(one ? "it" : "them") with --map CH:\(sideChains[0].symbol).")
        }
        return notes
    }

    /// Fills the first `frames` samples of each input of `instance` through
    /// `fill`, which receives the source channel and the destination; silent inputs are zeroed.
    func feed(_ instance: PluginInstance, frames: Int,
              fill: (_ channel: Int, _ destination: UnsafeMutableBufferPointer<Float>) -> Void) {
        for (input, channel) in sources.enumerated() {
            let destination = UnsafeMutableBufferPointer(rebasing: instance.audioInput(input)[..<frames])
            if let channel { fill(channel, destination) } else { destination.update(repeating: 0) }
        }
    }
}
