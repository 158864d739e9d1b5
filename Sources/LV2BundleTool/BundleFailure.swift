/// Why lv2-bundle stops: one sentence for the author, and the exit status.
struct BundleFailure: Error {
    let message: String
    var status: Int32 = 1
}
