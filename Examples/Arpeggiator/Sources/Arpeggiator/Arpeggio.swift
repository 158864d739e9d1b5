/// The arpeggio itself, knowing nothing of LV2: the keys held, and which of them sounds
/// at each step of a clock that runs frame by frame.
///
/// Every decision is made at a frame, never at a block's edge, so the notes come out at
/// the same frames whatever blocks the host runs.
public struct Arpeggio {
    public enum Pattern: Int {
        case up, down, upAndDown

        /// The pattern a control's value chooses; `up` for a value that chooses none.
        @_noAllocation @_noLocks
        public init(choosing value: Int) { self = Self(rawValue: value) ?? .up }
    }

    public struct Settings {
        public var stepsPerSecond: Double
        /// The part of each step a note sounds, from 0.1 to 1.
        public var gate: Double
        public var pattern: Pattern
        public var octaves: Int
        /// Keep playing the last chord after the keys are let go.
        public var latch: Bool

        @_noAllocation @_noLocks
        public init(stepsPerSecond: Double, gate: Double, pattern: Pattern, octaves: Int, latch: Bool) {
            self.stepsPerSecond = stepsPerSecond
            self.gate = gate
            self.pattern = pattern
            self.octaves = octaves
            self.latch = latch
        }
    }

    /// What happens at a frame: a note ends, a note starts, or both (one step to the next
    /// with the gate fully open).
    public struct Changes {
        public var stopped: UInt8? = nil
        public var started: UInt8? = nil
        public var velocity: UInt8 = 0

        /// Nothing changes.
        @_noAllocation @_noLocks
        public init() {}

        /// A note ends (if any), and none starts.
        init(stopped: UInt8?) { self.stopped = stopped }

        public var isEmpty: Bool { stopped == nil && started == nil }
    }

    public static let capacity = 16

    /// The chord, lowest note first, and each note's velocity.
    public private(set) var notes = InlineArray<16, UInt8>(repeating: 0)
    private var velocities = InlineArray<16, UInt8>(repeating: 0)
    public private(set) var count = 0
    /// Keys physically down; with latch on, `notes` outlives them.
    private var keysDown = 0
    private var step = 0
    /// Frames since the current step began; whole numbers, so that a step of 12000 frames
    /// ends exactly 12000 frames on. A step that is not a whole number of frames carries
    /// its fraction into the next, so the tempo does not drift.
    private var position = 0.0
    /// A new chord's first key went down on this frame; `settle` starts the arpeggio once
    /// every key of the frame is in, so that it starts on the lowest.
    private var startsOnThisFrame = false
    /// The note sounding, if any.
    public private(set) var sounding: UInt8? = nil

    public init() {}

    // MARK: Keys

    /// A key goes down: it joins the chord (a new chord, if the last one was let go);
    /// the first key of a chord starts the arpeggio on this very frame.
    @_noAllocation @_noLocks
    public mutating func press(_ note: UInt8, velocity: UInt8, settings: Settings) -> Changes {
        var changes = Changes()
        if keysDown == 0 && settings.latch && count > 0 {
            count = 0
            changes.stopped = stopSounding()
        }
        keysDown += 1
        guard !contains(note), count < Self.capacity else { return changes }
        var index = count
        while index > 0 && notes[index - 1] > note {
            notes[index] = notes[index - 1]
            velocities[index] = velocities[index - 1]
            index -= 1
        }
        notes[index] = note
        velocities[index] = velocity
        count += 1
        if count == 1 { startsOnThisFrame = true }
        return changes
    }

    /// Called once a frame's keys are all in: starts a new chord's arpeggio on its lowest note.
    @_noAllocation @_noLocks
    public mutating func settle(_ settings: Settings) -> Changes {
        var changes = Changes()
        guard startsOnThisFrame else { return changes }
        startsOnThisFrame = false
        guard count > 0 else { return changes }
        step = 0
        position = 0
        startStep(settings, &changes)
        return changes
    }

    /// A key comes up: it leaves the chord, unless latch holds it.
    @_noAllocation @_noLocks
    public mutating func release(_ note: UInt8, settings: Settings) -> Changes {
        keysDown = max(0, keysDown - 1)
        guard !settings.latch, let index = index(of: note) else { return Changes() }
        for later in index..<(count - 1) {
            notes[later] = notes[later + 1]
            velocities[later] = velocities[later + 1]
        }
        count -= 1
        return Changes(stopped: count == 0 ? stopSounding() : nil)
    }

    /// Every key up and the chord gone, as after all-notes-off.
    @_noAllocation @_noLocks
    public mutating func clear() -> Changes {
        count = 0
        keysDown = 0
        return Changes(stopped: stopSounding())
    }

    /// Takes a chord saved with the plugin's state, as if latched.
    public mutating func restore(_ chord: UnsafeRawBufferPointer) {
        count = 0
        keysDown = 0
        for byte in chord.prefix(Self.capacity) where byte < 128 && !contains(byte) {
            notes[count] = byte
            velocities[count] = 100
            count += 1
        }
        sortNotes()
        startsOnThisFrame = count > 0
    }

    // MARK: Time

    /// Advances the clock by one frame; returns what changes on the frame it reaches.
    @_noAllocation @_noLocks
    public mutating func advance(_ settings: Settings, sampleRate: Double) -> Changes {
        var changes = Changes()
        guard count > 0, !startsOnThisFrame else { return changes }
        let stepLength = sampleRate / settings.stepsPerSecond
        position += 1
        if position >= stepLength {
            position -= stepLength
            step += 1
            startStep(settings, &changes)
        } else if position >= settings.gate * stepLength {
            changes.stopped = stopSounding()
        }
        return changes
    }

    private mutating func startStep(_ settings: Settings, _ changes: inout Changes) {
        if let stopped = stopSounding() { changes.stopped = stopped }
        let (note, velocity) = noteAt(step, settings)
        sounding = note
        changes.started = note
        changes.velocity = velocity
    }

    private mutating func stopSounding() -> UInt8? {
        defer { sounding = nil }
        return sounding
    }

    /// The note of step `step`: the chord spread over the octaves, walked in the pattern.
    private func noteAt(_ step: Int, _ settings: Settings) -> (UInt8, UInt8) {
        let length = count * max(1, settings.octaves)
        var position: Int
        switch settings.pattern {
        case .up: position = step % length
        case .down: position = length - 1 - step % length
        case .upAndDown:
            let cycle = max(1, 2 * length - 2)
            position = step % cycle
            if position >= length { position = cycle - position }
        }
        let note = Int(notes[position % count]) + 12 * (position / count)
        return (UInt8(min(note, 127)), velocities[position % count])
    }

    private func index(of note: UInt8) -> Int? {
        for index in 0..<count where notes[index] == note { return index }
        return nil
    }

    private func contains(_ note: UInt8) -> Bool { index(of: note) != nil }

    private mutating func sortNotes() {
        for index in 1..<max(1, count) {
            var current = index
            while current > 0 && notes[current - 1] > notes[current] {
                notes.swapAt(current - 1, current)
                current -= 1
            }
        }
    }
}
