import CLV2

/// Appends events to an event output during `run`; `Ports.eventOutput` makes one.
///
/// Events go in time order: a frame earlier than the last event's is moved up to it,
/// as a host would have to. An event that does not fit in the room the host gave is
/// dropped, and `append` says so; nothing is ever written past that room.
public struct AtomSequenceWriter {
    let sequence: UnsafeMutablePointer<LV2_Atom_Sequence>?
    /// Bytes from the start of the atom header that the host's buffer holds.
    let capacity: Int
    private let sequenceType: LV2_URID
    private let midiEvent: LV2_URID
    let atoms: AtomURIDs
    private var lastFrame = 0
    /// The object `beginObject` started: the sequence's size before it, its event, and
    /// whether a property did not fit.
    var openObject: (sizeBefore: Int, event: UnsafeMutableRawPointer, failed: Bool)?

    init(_ sequence: UnsafeMutablePointer<LV2_Atom_Sequence>?, capacity: Int, urids: SequenceURIDs, atoms: AtomURIDs) {
        self.sequence = sequence
        self.capacity = capacity
        sequenceType = urids.sequence
        midiEvent = urids.midiEvent
        self.atoms = atoms
    }

    /// Appends one event of `type` at `frame`; false when the port is unconnected or full.
    @_noAllocation @_noLocks @discardableResult
    public mutating func append(frame: Int, type: LV2_URID, body: UnsafeRawBufferPointer) -> Bool {
        endObject()
        guard let destination = reserve(frame: frame, type: type, size: body.count) else { return false }
        if let bytes = body.baseAddress { destination.copyMemory(from: bytes, byteCount: body.count) }
        return true
    }

    /// Appends a MIDI message: three bytes, or two for program change and channel pressure.
    @_noAllocation @_noLocks @discardableResult
    public mutating func appendMIDI(frame: Int, _ status: UInt8, _ data1: UInt8, _ data2: UInt8) -> Bool {
        endObject()
        let kind = status & 0xF0
        let twoBytes = kind == 0xC0 || kind == 0xD0
        guard let destination = reserve(frame: frame, type: midiEvent, size: twoBytes ? 2 : 3) else { return false }
        destination.storeBytes(of: status, as: UInt8.self)
        destination.storeBytes(of: data1, toByteOffset: 1, as: UInt8.self)
        if !twoBytes { destination.storeBytes(of: data2, toByteOffset: 2, as: UInt8.self) }
        return true
    }

    /// Writes an event's header and zeroed, padded body into the sequence and returns where
    /// the body goes; nil when it does not fit.
    @_noAllocation @_noLocks
    mutating func reserve(frame: Int, type: LV2_URID, size: Int) -> UnsafeMutableRawPointer? {
        guard let sequence, sequence.pointee.atom.type == sequenceType, sequenceType != 0, size >= 0 else { return nil }
        let used = MemoryLayout<LV2_Atom>.size + Int(sequence.pointee.atom.size)
        let headerSize = MemoryLayout<LV2_Atom_Event>.size
        let paddedSize = (size + 7) & ~7
        guard paddedSize <= capacity - used - headerSize else { return nil }
        let event = UnsafeMutableRawPointer(sequence) + used
        lastFrame = Swift.max(lastFrame, frame)
        event.storeBytes(of: Int64(lastFrame), as: Int64.self)
        event.storeBytes(of: UInt32(size), toByteOffset: 8, as: UInt32.self)
        event.storeBytes(of: type, toByteOffset: 12, as: UInt32.self)
        // The padding is part of the sequence: zero it, so that no stale bytes leak out.
        (event + headerSize).initializeMemory(as: UInt8.self, repeating: 0, count: paddedSize)
        sequence.pointee.atom.size += UInt32(headerSize + paddedSize)
        return event + headerSize
    }
}
