import CLV2

/// One event of an atom sequence: its frame offset in the block, type and body.
public struct AtomEvent {
    /// Frames from the start of the block, clamped to `0...blockLength` and never
    /// earlier than the event before it.
    public let frame: Int
    /// The event's type (`midi:MidiEvent`, `atom:Object`, …), as the host mapped it.
    public let type: LV2_URID
    /// The event's bytes, valid during this `run` only.
    public let body: UnsafeRawBufferPointer
}

/// Walks the events of an `atom:Sequence` without trusting anything the host wrote.
///
/// The sequence's own size is capped by the buffer capacity (when the host announced
/// `bufsz:sequenceSize`), every event header and body must lie inside it, and time
/// stamps are clamped into the block and made non-decreasing. Sequences of another atom
/// type, and sequences stamped in beats, yield nothing.
///
/// The body's `unit` field is not trusted to say "frames": Carla 2.6 allocates its input
/// sequences with `malloc` and resets only the atom's `size` and `type`, so `unit` and
/// `pad` hold whatever was in memory (see the README on Carla), and the LV2 book's
/// `LV2_ATOM_SEQUENCE_FOREACH`, which every C plugin uses, never reads it. Stamps are
/// frames unless `unit` is exactly `atom:beatTime`, the one other unit the spec defines.
public struct AtomEvents: Sequence, IteratorProtocol {
    private var cursor: UnsafeRawPointer
    private let end: UnsafeRawPointer
    private let blockLength: Int
    private var lastFrame = 0

    private static let eventHeaderSize = MemoryLayout<LV2_Atom_Event>.size  // frames + atom header
    private static let bodyHeaderSize = MemoryLayout<LV2_Atom_Sequence_Body>.size

    /// The events of one port's sequence in this block.
    ///
    /// - Parameters:
    ///   - sequence: the port buffer, or nil when unconnected.
    ///   - capacity: the port buffer's size in bytes, when the host told it.
    ///   - ids: the URIDs of `atom:Sequence` and `atom:beatTime`.
    ///   - blockLength: the `nframes` of this `run()`.
    @_noAllocation @_noLocks
    public init(_ sequence: UnsafePointer<LV2_Atom_Sequence>?, capacity: Int?, ids: SequenceURIDs, blockLength: Int) {
        self.blockLength = blockLength
        guard let sequence, sequence.pointee.atom.type == ids.sequence, ids.sequence != 0,
              ids.beatTime == 0 || sequence.pointee.body.unit != ids.beatTime
        else {
            cursor = UnsafeRawPointer(bitPattern: 8)!
            end = cursor
            return
        }
        let header = MemoryLayout<LV2_Atom>.size
        var bodySize = Int(sequence.pointee.atom.size)
        if let capacity { bodySize = Swift.min(bodySize, Swift.max(0, capacity - header)) }
        let body = UnsafeRawPointer(sequence) + header
        cursor = body + Self.bodyHeaderSize
        end = body + Swift.max(bodySize, Self.bodyHeaderSize)
    }

    @_noAllocation @_noLocks
    public mutating func next() -> AtomEvent? {
        guard end - cursor >= Self.eventHeaderSize else { return nil }
        let stamp = cursor.loadUnaligned(as: Int64.self)
        let size = Int(cursor.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        let type = cursor.loadUnaligned(fromByteOffset: 12, as: UInt32.self)
        let body = cursor + Self.eventHeaderSize
        guard size <= end - body else { return nil }
        cursor = body + Swift.min((size + 7) & ~7, end - body)
        let frame = Swift.max(lastFrame, Int(clamping: Swift.min(Swift.max(stamp, 0), Int64(blockLength))))
        lastFrame = frame
        return AtomEvent(frame: frame, type: type, body: UnsafeRawBufferPointer(start: body, count: size))
    }
}

/// The URIDs `AtomEvents` needs, mapped once at `instantiate`.
public struct SequenceURIDs {
    /// `atom:Sequence`: the type an event port's buffer must have.
    public let sequence: LV2_URID
    /// 0 when the host's map failed for it: then no sequence counts as beat time.
    public let beatTime: LV2_URID
    /// `midi:MidiEvent`.
    public let midiEvent: LV2_URID

    /// Maps the URIDs with the host's map.
    public init(_ features: HostFeatures) {
        sequence = features.urid(URI.atomSequence)
        beatTime = features.urid(URI.atomBeatTime)
        midiEvent = features.urid(URI.midiEvent)
    }
}
