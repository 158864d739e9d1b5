import ArgumentParser
import HostFiles
import LV2Host

extension BlockPattern {
    /// `N` for fixed blocks, `random:MIN-MAX[:SEED]` for seeded random ones (seed 1 if omitted).
    init(argument: String) throws {
        let invalid = ValidationError("--block takes N or random:MIN-MAX[:SEED] with whole numbers, not \"\(argument)\".")
        if let length = Int(argument) {
            self = .fixed(length)
        } else if argument.hasPrefix("random:") {
            let fields = argument.dropFirst("random:".count).split(separator: ":", omittingEmptySubsequences: false)
            let range = fields.first?.split(separator: "-", omittingEmptySubsequences: false) ?? []
            guard (1...2).contains(fields.count), range.count == 2,
                  let minimum = Int(range[0]), let maximum = Int(range[1]),
                  let seed = fields.count == 2 ? UInt64(fields[1]) : 1
            else { throw invalid }
            self = .random(min: minimum, max: maximum, seed: seed)
        } else {
            throw invalid
        }
        do {
            try validate()
        } catch let error as HostError {
            throw ValidationError(error.description)
        }
    }
}

