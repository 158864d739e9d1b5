import Foundation
import TestSupport
import XCTest

/// A plugin that refuses to instantiate says why, in the host's log or, without one, on
/// standard error, as the LV2 book's plugins do: a silent NULL leaves the user guessing.
final class RefusalTests: XCTestCase {
    /// A C host that instantiates plugin `index` of the binary at `rate`, once with no
    /// features and once with only a log, and prints what the log received.
    private static let host = """
        #include <dlfcn.h>
        #include <stdarg.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <lv2/core/lv2.h>
        #include <lv2/log/log.h>

        static int log_vprintf(LV2_Log_Handle handle, LV2_URID type, const char *format, va_list args) {
            printf("log: ");
            return vprintf(format, args);
        }

        static int log_printf(LV2_Log_Handle handle, LV2_URID type, const char *format, ...) {
            va_list args;
            va_start(args, format);
            int written = log_vprintf(handle, type, format, args);
            va_end(args);
            return written;
        }

        int main(int argc, char **argv) {
            void *library = dlopen(argv[1], RTLD_NOW);
            const LV2_Descriptor *(*entry)(uint32_t) = (const LV2_Descriptor *(*)(uint32_t))dlsym(library, "lv2_descriptor");
            const LV2_Descriptor *plugin = entry((uint32_t)atoi(argv[2]));
            double rate = atof(argv[3]);
            LV2_Log_Log log = {NULL, log_printf, log_vprintf};
            LV2_Feature log_feature = {LV2_LOG__log, &log};
            const LV2_Feature *none[] = {NULL};
            const LV2_Feature *log_only[] = {&log_feature, NULL};
            printf("%s\\n", plugin->instantiate(plugin, rate, "/", none) ? "instantiated" : "refused");
            fflush(stdout);
            printf("%s\\n", plugin->instantiate(plugin, rate, "/", log_only) ? "instantiated" : "refused");
            return 0;
        }
        """

    private static let built = Result {
        try CompiledTestBundle.build("refusal-host", files: ["host.c": host], compiler: "cc",
                                     arguments: ["host.c", "-o", "host", "-ldl"])
            .appendingPathComponent("refusal-host.lv2/host").path
    }

    private func instantiate(_ index: Int, rate: Double) throws -> CommandResult {
        try runCommand(try Self.built.get(), [Repository.pluginBinary.path, String(index), String(rate)])
    }

    func testTheSynthSaysWhichRequiredFeatureIsMissing() throws {
        let result = try instantiate(0, rate: 48000)
        let reason = "SwiftLV2 Sine Synth: refused: the host does not provide a feature the plugin requires: "
            + "http://lv2plug.in/ns/ext/urid#map"
        XCTAssertEqual(result.standardOutput, "refused\nlog: \(reason)\nrefused\n")
        XCTAssertEqual(result.standardError, reason + "\n", "without a log, on standard error")
    }

    func testAPluginSaysWhenTheSampleRateIsOutOfItsRange() throws {
        let result = try instantiate(1, rate: 999)
        XCTAssertEqual(result.standardError,
                       "SwiftLV2 Rate Adapter: refused: this sample rate is outside the range the plugin works at\n")
        XCTAssertEqual(result.standardOutput.split(separator: "\n").filter { $0 == "refused" }.count, 2)
    }
}
