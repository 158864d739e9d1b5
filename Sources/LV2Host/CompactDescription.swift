extension Float {
    /// The number as people write it: "24", "-90", "0.5" (no trailing ".0").
    public var compactDescription: String {
        self == rounded() && abs(self) < 1e9 ? String(Int(self)) : String(self)
    }
}
