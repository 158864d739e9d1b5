/// Which source channel feeds each audio input: the same channel when the counts
/// match, the only channel when a mono source meets several inputs.
struct ChannelRouting {
    /// For each destination input, the index of its source channel.
    let sources: [Int]

    /// nil when the counts do not fit together.
    init?(from sourceCount: Int, to destinationCount: Int) {
        if sourceCount == destinationCount {
            sources = Array(0..<destinationCount)
        } else if sourceCount == 1 {
            sources = Array(repeating: 0, count: destinationCount)
        } else {
            return nil
        }
    }

    /// Fills the first `frames` samples of each input of `instance` through
    /// `fill`, which receives the source channel and the destination.
    func feed(_ instance: PluginInstance, frames: Int,
              fill: (_ channel: Int, _ destination: UnsafeMutableBufferPointer<Float>) -> Void) {
        for (input, channel) in sources.enumerated() {
            fill(channel, UnsafeMutableBufferPointer(rebasing: instance.audioInput(input)[..<frames]))
        }
    }
}
