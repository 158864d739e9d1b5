/// "1 audio input", "2 audio inputs": a count with its noun in the number it takes.
package func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
