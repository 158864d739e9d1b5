import CLV2
@testable import LV2Host

/// What a careless host writes into an atom sequence beyond what `AtomSequence` does:
/// headers that claim the wrong size, type or time unit, or hold garbage.
extension AtomSequence {
    private var header: UnsafeMutablePointer<LV2_Atom_Sequence> {
        buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self)
    }

    /// Bytes in use, atom header included: where the next event goes.
    var usedBytes: Int { MemoryLayout<LV2_Atom>.size + Int(header.pointee.atom.size) }

    /// Overwrites the size the sequence claims for its body.
    func claimBodySize(_ size: UInt32) { header.pointee.atom.size = size }

    func claimType(_ type: LV2_URID) { header.pointee.atom.type = type }

    /// The time unit: 0 or `atom:frameTime` for frames, `atom:beatTime` for beats, or
    /// whatever a host that never writes it left there.
    func claimUnit(_ unit: LV2_URID) { header.pointee.body.unit = unit }

    /// The body's padding word, which no reader should look at.
    func claimPad(_ pad: UInt32) { header.pointee.body.pad = pad }

    /// Appends an event whose header claims a body of `claimedSize` bytes, whatever
    /// `bytes` holds; the next event is written after the real bytes.
    func append(frame: Int, type: LV2_URID, bytes: [UInt8], claimedSize: UInt32) -> Bool {
        let event = buffer + usedBytes
        guard append(frame: frame, type: type, bytes: bytes) else { return false }
        event.assumingMemoryBound(to: LV2_Atom_Event.self).pointee.body.size = claimedSize
        return true
    }
}
