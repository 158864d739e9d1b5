import HostFiles
import Foundation
import LV2Host

/// The chains alive in this process: nothing the library writes (an audio file, a state)
/// may replace a file one of them reads (`LiveChain.readFiles`). Guarded by `descriptionLock`.
private final class LiveChainReference {
    weak var chain: LiveChain?

    init(_ chain: LiveChain) {
        self.chain = chain
    }
}

nonisolated(unsafe) private var liveChains: [LiveChainReference] = []

/// Notes a new chain; call under `withDescriptions`.
func noteLiveChain(_ chain: LiveChain) {
    liveChains.removeAll { $0.chain == nil }
    liveChains.append(LiveChainReference(chain))
}

/// Throws, naming both, when writing any of `files` would replace a file a live chain reads.
/// Every writer of the library calls it first.
func checkWrite(_ files: [String], option: String) throws {
    OutputTarget.leaveHandledSignals()
    try withDescriptions {
        for reference in liveChains {
            guard let chain = reference.chain else { continue }
            for file in files { try chain.readFiles.checkOutput(file, option: option) }
        }
    }
}
