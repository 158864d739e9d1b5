import Foundation

// What `swift package lv2-bundle` runs (Plugins/LV2BundleCommand hands it the package's facts):
//
//   LV2BundleTool --package DIR --work DIR --swiftlv2 DIR --swiftlv2-identity ID
//                 (--bundle PRODUCT (--module NAME DIR)...)... -- [--clean] [--platform aarch64] [--keep-symbols]
//
// Errors are one sentence on standard error and a non-zero exit.
do {
    let request = try BundleRequest(arguments: Array(CommandLine.arguments.dropFirst()))
    try BundleCommand(request).run()
} catch {
    FileHandle.standardError.write(Data("lv2-bundle: \(error.message)\n".utf8))
    exit(error.status)
}
