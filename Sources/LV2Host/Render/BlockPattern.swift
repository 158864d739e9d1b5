import HostFiles

/// How a render cuts time into `run()` calls: always the same length, or lengths
/// drawn from a seeded generator so that a "random" partition can be repeated.
public enum BlockPattern: Equatable {
    case fixed(Int)
    case random(min: Int, max: Int, seed: UInt64)

    /// The longest block the pattern can produce: the plugin's `maxBlockLength`.
    public var maxBlockLength: Int {
        switch self {
        case .fixed(let length): length
        case .random(_, let max, _): max
        }
    }

    /// The typical block, announced as `nominalBlockLength`.
    public var nominalBlockLength: Int {
        switch self {
        case .fixed(let length): length
        case .random(let min, let max, _): min + (max - min) / 2
        }
    }

    /// Throws unless every block has 1 … `PluginInstance.largestBlockLength` frames.
    public func validate() throws {
        let limit = PluginInstance.largestBlockLength
        switch self {
        case .fixed(let length):
            guard (1...limit).contains(length) else {
                throw HostError("The block size must be between 1 and \(limit) frames, not \(length).")
            }
        case .random(let min, let max, _):
            guard min >= 1, min <= max, max <= limit else {
                throw HostError("Random block sizes need 1 ≤ MIN ≤ MAX ≤ \(limit), not \(min)-\(max).")
            }
        }
    }

    /// The block lengths in order (endless); the same pattern always yields the same lengths.
    public func lengths() -> BlockLengths {
        BlockLengths(pattern: self)
    }
}

public struct BlockLengths: IteratorProtocol {
    let pattern: BlockPattern
    private var generator: SplitMix64

    init(pattern: BlockPattern) {
        self.pattern = pattern
        if case .random(_, _, let seed) = pattern {
            generator = SplitMix64(seed: seed)
        } else {
            generator = SplitMix64(seed: 0)
        }
    }

    public mutating func next() -> Int? {
        switch pattern {
        case .fixed(let length):
            return length
        case .random(let min, let max, _):
            let span = UInt64(max - min + 1)
            return min + Int(generator.next() % span)
        }
    }
}

/// Steele, Lea and Flood's SplitMix64: tiny, fast, and the same on every platform,
/// unlike the system generator.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
