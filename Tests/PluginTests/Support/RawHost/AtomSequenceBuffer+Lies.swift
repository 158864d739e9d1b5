import CLV2
@testable import LV2Host

/// What a careless host writes into an atom sequence beyond what `AtomSequenceBuffer` does:
/// headers that claim the wrong size or type (the time unit and padding: `claimUnit`
/// and `claimPad`, which `PluginInstance` uses to play a sloppy host).
extension AtomSequenceBuffer {
    private var header: UnsafeMutablePointer<LV2_Atom_Sequence> {
        buffer.assumingMemoryBound(to: LV2_Atom_Sequence.self)
    }

    /// Bytes in use, atom header included: where the next event goes.
    var usedBytes: Int { MemoryLayout<LV2_Atom>.size + Int(header.pointee.atom.size) }

    /// Overwrites the size the sequence claims for its body.
    func claimBodySize(_ size: UInt32) { header.pointee.atom.size = size }

    func claimType(_ type: LV2_URID) { header.pointee.atom.type = type }

    /// Appends an event whose header claims a body of `claimedSize` bytes, whatever
    /// `bytes` holds; the next event is written after the real bytes.
    func append(frame: Int, type: LV2_URID, bytes: [UInt8], claimedSize: UInt32) -> Bool {
        let event = buffer + usedBytes
        guard append(frame: frame, type: type, bytes: bytes) else { return false }
        event.assumingMemoryBound(to: LV2_Atom_Event.self).pointee.body.size = claimedSize
        return true
    }
}
