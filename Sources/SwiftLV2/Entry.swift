import CLV2
import RateAdapter
import SineSynth

/// The one symbol the shared object exports: hosts call it with 0, 1, 2… until it
/// returns NULL, and pick the descriptor whose URI they want.
///
/// The descriptors are globals, so their addresses stay valid after
/// `withUnsafePointer` returns (for a local this would be a dangling pointer).
@_cdecl("lv2_descriptor")
public func lv2_descriptor(_ index: UInt32) -> UnsafePointer<LV2_Descriptor>? {
    switch index {
    case 0: return withUnsafePointer(to: &sineSynthDescriptor) { $0 }
    case 1: return withUnsafePointer(to: &rateAdapterDescriptor) { $0 }
    default: return nil
    }
}
