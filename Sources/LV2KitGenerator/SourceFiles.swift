import LV2Kit

/// The code the generator writes besides the Turtle.
enum SourceFiles {
    /// The bundle's entry point: each plugin's `LV2_Descriptor` and `lv2_descriptor`.
    ///
    /// Swift cannot form a C function pointer in generic code, so the closures that name
    /// each plugin's type are written here, one line each, for `PluginGlue` to do the rest.
    static func entryPoint(_ bundle: BundleContents) -> String {
        let modules = Set(bundle.plugins.map(\.moduleName) + ["CLV2", "LV2Kit"]).sorted()
        // LV2Kit keeps what only this file calls (`PluginGlue`, …) out of an author's sight.
        var text = "// \(TurtleFiles.generatedBy)\n" + modules.map { ($0 == "LV2Kit" ? "@_spi(Generated) " : "") + "import \($0)\n" }.joined()
        for plugin in bundle.plugins {
            let type = plugin.typeName, glue = "PluginGlue<\(plugin.typeName)>", name = plugin.variableName
            let extensions = plugin.extensionData.map(\.uri.string)
            var state = "nil", worker = "nil"
            if extensions.contains(ExtensionData.state.uri.string) {
                text += """

                    nonisolated(unsafe) private var \(name)State = LV2_State_Interface(
                        save: { \(glue).save($0, $1, $2, $3, $4) },
                        restore: { \(glue).restore($0, $1, $2, $3, $4) })

                    """
                state = "withUnsafePointer(to: &\(name)State) { UnsafeRawPointer($0) }"
            }
            if extensions.contains(ExtensionData.worker.uri.string) {
                text += """

                    nonisolated(unsafe) private var \(name)Worker = LV2_Worker_Interface(
                        work: { \(glue).work($0, $1, $2, $3, $4) },
                        work_response: { \(glue).workResponse($0, $1, $2) },
                        end_run: { \(glue).endRun($0) })

                    """
                worker = "withUnsafePointer(to: &\(name)Worker) { UnsafeRawPointer($0) }"
            }
            text += """

                /// A `var` only so that its address can be handed out; nothing writes it.
                nonisolated(unsafe) private var \(name) = LV2_Descriptor(
                    URI: \(type).declaration.uri.cString,
                    instantiate: { \(glue).instantiate(sampleRate: $1, bundlePath: $2, features: $3) },
                    connect_port: { \(glue).connect($0, $1, $2) },
                    activate: { \(glue).activate($0) },
                    run: { \(glue).run($0, $1) },
                    deactivate: { \(glue).deactivate($0) },
                    cleanup: { \(glue).cleanup($0) },
                    extension_data: { \(glue).extensionData($0, state: \(state), worker: \(worker)) })

                """
        }
        let cases = bundle.plugins.enumerated().map { index, plugin in
            "    case \(index): withUnsafePointer(to: &\(plugin.variableName)) { $0 }\n"
        }
        text += """

            /// The one symbol the shared object exports: hosts call it with 0, 1, 2… until it
            /// returns NULL, and pick the descriptor whose URI they want.
            @_cdecl("lv2_descriptor")
            public func lv2_descriptor(_ index: UInt32) -> UnsafePointer<LV2_Descriptor>? {
                switch index {
            \(cases.joined())    default: nil
                }
            }

            """
        return text
    }

    /// Port indices and control ranges for C code (fuzzers, benchmarks) that drives the
    /// plugins, so that it never repeats a number from the declarations.
    static func cHeader(_ bundle: BundleContents) -> String {
        let stem = bundle.binary.prefix { $0 != "." }.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }
        let guardName = stem.joined() + "_PORTS_H"
        var text = "// \(TurtleFiles.generatedBy)\n#ifndef \(guardName)\n#define \(guardName)\n"
        for plugin in bundle.plugins {
            let prefix = plugin.fileStem.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
            text += "\n// <\(plugin.uri)>\nenum {\n"
            for (index, port) in plugin.ports.enumerated() {
                text += "    \(prefix)_\(port.symbol.string.uppercased()) = \(index),\n"
            }
            text += "    \(prefix)_PORT_COUNT = \(plugin.ports.count)\n};\n"
            for port in plugin.ports where port.isInput {
                guard let range = port.range, let value = port.defaultValue else { continue }
                let name = "\(prefix)_\(port.symbol.string.uppercased())"
                text += "#define \(name)_MINIMUM (\(range.lowerBound)f)\n#define \(name)_MAXIMUM (\(range.upperBound)f)\n"
                text += "#define \(name)_DEFAULT (\(value)f)\n"
            }
        }
        return text + "\n#endif\n"
    }
}
