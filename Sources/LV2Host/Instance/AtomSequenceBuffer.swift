import CLV2

/// A port buffer holding an `LV2_Atom_Sequence` of fixed capacity.
///
/// Before each run the host empties input sequences and hands output sequences
/// their whole capacity to fill; MIDI events are appended in time order.
struct AtomSequenceBuffer {
    let buffer: UnsafeMutableRawPointer
    /// The whole buffer in bytes, header included (`bufsz:sequenceSize`).
    let capacity: Int

    private static let eventHeaderSize = MemoryLayout<LV2_Atom_Event>.size

    init(capacity: Int) {
        self.capacity = capacity
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
    }

    func deallocate() {
        buffer.deallocate()
    }

    private var sequence: UnsafeMutablePointer<LV2_Atom_Sequence> {
        buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self)
    }

    /// An input sequence with no events, time stamped in frames (unit 0).
    func clear(sequenceType: LV2_URID) {
        sequence.pointee.atom.type = sequenceType
        sequence.pointee.atom.size = UInt32(MemoryLayout<LV2_Atom_Sequence_Body>.size)
        sequence.pointee.body.unit = 0
        sequence.pointee.body.pad = 0
    }

    /// The time unit: 0 or `atom:frameTime` for frames, `atom:beatTime` for beats, or
    /// whatever a host that never writes it left there.
    func claimUnit(_ unit: LV2_URID) { sequence.pointee.body.unit = unit }

    /// The body's padding word, which no reader should look at.
    func claimPad(_ pad: UInt32) { sequence.pointee.body.pad = pad }

    /// An output buffer announcing its free space, as a `Chunk` the plugin overwrites.
    func prepareForOutput(chunkType: LV2_URID) {
        sequence.pointee.atom.type = chunkType
        sequence.pointee.atom.size = UInt32(capacity - MemoryLayout<LV2_Atom>.size)
    }

    /// Appends one event after the last; false when it does not fit.
    func append(frame: Int, type: LV2_URID, bytes: [UInt8]) -> Bool {
        let used = MemoryLayout<LV2_Atom>.size + Int(sequence.pointee.atom.size)
        let padded = (Self.eventHeaderSize + bytes.count + 7) & ~7
        guard used + padded <= capacity else { return false }
        let event = (buffer + used).assumingMemoryBound(to: LV2_Atom_Event.self)
        event.pointee.time.frames = Int64(frame)
        event.pointee.body.type = type
        event.pointee.body.size = UInt32(bytes.count)
        let data = buffer + used + Self.eventHeaderSize
        bytes.withUnsafeBytes { source in
            if let start = source.baseAddress { data.copyMemory(from: start, byteCount: bytes.count) }
        }
        (data + bytes.count).initializeMemory(as: UInt8.self, repeating: 0, count: padded - Self.eventHeaderSize - bytes.count)
        sequence.pointee.atom.size += UInt32(padded)
        return true
    }

    /// The events of `type` a plugin wrote to this output, read without trusting it: the
    /// walk stops at the capacity, at a size that runs past it, and at frames outside the block.
    func outputEvents(type: LV2_URID, sequenceType: LV2_URID, frames: Int) -> [(frame: Int, bytes: [UInt8])] {
        guard sequence.pointee.atom.type == sequenceType else { return [] }
        let end = min(capacity, MemoryLayout<LV2_Atom>.size + Int(sequence.pointee.atom.size))
        var offset = MemoryLayout<LV2_Atom_Sequence>.size, events: [(frame: Int, bytes: [UInt8])] = []
        while offset + Self.eventHeaderSize <= end {
            let event = (buffer + offset).assumingMemoryBound(to: LV2_Atom_Event.self).pointee
            let size = Int(event.body.size)
            guard offset + Self.eventHeaderSize + size <= end else { break }
            if event.body.type == type, (0..<max(frames, 1)).contains(Int(event.time.frames)), size > 0 {
                let body = UnsafeRawBufferPointer(start: buffer + offset + Self.eventHeaderSize, count: size)
                events.append((Int(event.time.frames), Array(body)))
            }
            offset += (Self.eventHeaderSize + size + 7) & ~7
        }
        return events
    }
}
