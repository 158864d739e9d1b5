extension BinaryFloatingPoint {
    /// The number as people write it: "24", "-90", "0.5", "44100" (no trailing ".0").
    package var compactDescription: String {
        guard isFinite, self == rounded(), abs(self) < 1e15 else { return "\(self)" }
        return String(Int64(self))
    }
}
