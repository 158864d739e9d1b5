import SwiftLV2Engines
import XCTest

/// The envelope's stages as the synth's four-voice loop runs them: one linear step per
/// sample, which must be `next()` to the bit until the step reaches the stage's bound.
final class EnvelopeTests: XCTestCase {
    func testLinearStepIsNextToTheBitUntilItsBound() {
        var envelope = Envelope()
        envelope.setShape(attack: 100, decay: 300, sustain: 0.4, release: 500)
        envelope.setFadeTime(samples: 48)
        var stagesSeen: Set<String> = []
        for sample in 0..<3000 {
            if sample == 0 { envelope.noteOn() }
            if sample == 1000 { envelope.noteOff() }
            if sample == 1200 { envelope.fadeOut() }
            if sample == 1400 { envelope.noteOn() }
            if sample == 1800 { envelope.setShape(attack: 100, decay: 300, sustain: 0.7, release: 500) }
            stagesSeen.insert("\(envelope.stage)")
            let before = envelope.stage
            let step = envelope.linearStep
            let candidate = step.map { envelope.level * $0.multiplier + $0.offset }
            let level = envelope.next()
            guard let step, let candidate else {
                XCTAssertEqual(before, .sustain, "only a held level moving to a new sustain level has no step")
                continue
            }
            if candidate * step.direction < step.bound {
                XCTAssertEqual(level.bitPattern, candidate.bitPattern, "sample \(sample), \(before)")
                XCTAssertEqual(envelope.stage, before, "sample \(sample): the stage changed short of its bound")
            }
        }
        XCTAssertEqual(stagesSeen, ["idle", "attack", "decay", "sustain", "release", "fade"])
    }
}
