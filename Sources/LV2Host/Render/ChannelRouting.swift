import AudioMIDIFiles

/// Which source channel feeds each audio input, or silence.
///
/// Channels go to the inputs in order. A mono source feeds every main input (a stereo
/// effect hears it on both sides), but not a side-chain (`lv2:isSideChain`). Inputs
/// left over get silence, and `notes` says which. An explicit map (`--map`) overrides all of this.
struct ChannelRouting {
    /// For each destination input, the index of its source channel; nil for silence.
    let sources: [Int?]
    /// What a user should know: the inputs that get silence.
    let notes: [String]

    /// nil when there are more source channels than inputs.
    init?(from sourceCount: Int, to destination: PluginInfo) {
        let inputs = destination.ports(.audio, input: true)
        guard sourceCount <= inputs.count else { return nil }
        var sources: [Int?]
        if sourceCount == 1 {
            sources = inputs.map { $0.isSideChain ? nil : 0 }
        } else {
            sources = inputs.indices.map { $0 < sourceCount ? $0 : nil }
        }
        if !sources.contains(where: { $0 != nil }), let first = sources.indices.first { sources[first] = 0 }
        self.sources = sources
        notes = Self.silenceNotes(sources, inputs, destination)
    }

    /// `map`: source channel (from 0) and input symbol pairs; the inputs it leaves out get silence.
    init(map: [(channel: Int, symbol: String)], sourceCount: Int, to destination: PluginInfo) throws {
        let inputs = destination.ports(.audio, input: true)
        var sources = [Int?](repeating: nil, count: inputs.count)
        for (channel, symbol) in map {
            guard let input = inputs.firstIndex(where: { $0.symbol == symbol }) else {
                let valid = inputs.map(\.symbol).joined(separator: ", ")
                throw HostError("The plugin \(destination.uri) has no audio input \(symbol) for --map; its audio inputs are \(valid).")
            }
            guard (0..<sourceCount).contains(channel) else {
                throw HostError("--map names channel \(channel + 1), but the input has \(sourceCount) channel\(sourceCount == 1 ? "" : "s").")
            }
            sources[input] = channel
        }
        self.sources = sources
        notes = Self.silenceNotes(sources, inputs, destination)
    }

    private static func silenceNotes(_ sources: [Int?], _ inputs: [PortInfo], _ destination: PluginInfo) -> [String] {
        let silent = zip(sources, inputs).filter { $0.0 == nil }.map(\.1.symbol)
        guard !silent.isEmpty else { return [] }
        return ["The audio input\(silent.count == 1 ? "" : "s") \(silent.joined(separator: ", ")) of \(destination.uri) \(silent.count == 1 ? "gets" : "get") silence."]
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
