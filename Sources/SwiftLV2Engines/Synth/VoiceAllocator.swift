/// Decides which voice plays a new note, and remembers what each voice is doing.
///
/// The policy is the one players expect: a note that is still sounding is
/// retriggered on its own voice; otherwise a free voice; otherwise the voice
/// released longest ago; otherwise the voice held longest. It knows nothing of
/// sound, only of keys, so it can be tested alone.
public struct VoiceAllocator {
    /// The voices there are: the synth's `voices` control offers 1…capacity (its declaration
    /// reads it from here), and the engine allocates this many.
    public typealias Slots = InlineArray<32, Slot>
    public static var capacity: Int { Slots.count }

    public enum SlotState: Equatable { case free, held, released }

    public struct Slot: Equatable {
        public var state: SlotState = .free
        public var note: UInt8 = 0
        public var channel: UInt8 = 0
        /// When the slot last started or released a note: smaller is older.
        public var stamp: UInt64 = 0

        /// Whether the slot plays (held or releasing) a note of `channel`.
        public func isSounding(on channel: UInt8) -> Bool { state != .free && self.channel == channel }
    }

    /// What `allocate` decided.
    public struct Assignment: Equatable {
        public let slot: Int
        /// The slot was sounding another note, which must be faded out first.
        public let steals: Bool
        /// The slot was sounding this same note, which is simply retriggered.
        public let retriggers: Bool

        public init(slot: Int, steals: Bool, retriggers: Bool) {
            self.slot = slot
            self.steals = steals
            self.retriggers = retriggers
        }
    }

    public private(set) var slots = Slots(repeating: Slot())
    private var clock: UInt64 = 0

    public init() {}

    /// Picks a slot among the first `voiceCount` for a new note and marks it held.
    public mutating func allocate(note: UInt8, channel: UInt8, voiceCount: Int) -> Assignment {
        let count = Swift.min(Swift.max(voiceCount, 1), Self.capacity)
        let slot = sounding(note: note, channel: channel, below: count)
            ?? first(.free, below: count)
            ?? oldest(.released, below: count)
            ?? oldest(.held, below: count)!
        let previous = slots[slot]
        let retriggers = previous.state != .free && previous.note == note && previous.channel == channel
        clock += 1
        slots[slot] = Slot(state: .held, note: note, channel: channel, stamp: clock)
        return Assignment(slot: slot, steals: previous.state != .free && !retriggers, retriggers: retriggers)
    }

    /// Marks a held slot as released (its note is fading away).
    public mutating func release(slot: Int) {
        guard slots[slot].state == .held else { return }
        clock += 1
        slots[slot].state = .released
        slots[slot].stamp = clock
    }

    /// Marks a slot free once its voice has fallen silent.
    public mutating func free(slot: Int) {
        slots[slot].state = .free
    }

    /// Changes which note a held slot plays (monophonic legato).
    public mutating func reassign(slot: Int, note: UInt8, channel: UInt8) {
        slots[slot].note = note
        slots[slot].channel = channel
    }

    public mutating func reset() {
        self = VoiceAllocator()
    }

    private func sounding(note: UInt8, channel: UInt8, below count: Int) -> Int? {
        for index in 0..<count where slots[index].state != .free
            && slots[index].note == note && slots[index].channel == channel {
            return index
        }
        return nil
    }

    private func first(_ state: SlotState, below count: Int) -> Int? {
        for index in 0..<count where slots[index].state == state { return index }
        return nil
    }

    private func oldest(_ state: SlotState, below count: Int) -> Int? {
        var best: Int? = nil
        for index in 0..<count where slots[index].state == state {
            if best == nil || slots[index].stamp < slots[best!].stamp { best = index }
        }
        return best
    }
}
