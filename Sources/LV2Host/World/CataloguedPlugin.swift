import Foundation

/// What discovery learns about a plugin without loading it in the host: enough to list it,
/// find it by name and filter it by kind, kept in the catalogue between runs.
public struct CataloguedPlugin: Codable, Equatable {
    public let uri: String
    public let name: String
    /// The most specific `lv2:` class it declares (`http://lv2plug.in/ns/lv2core#ReverbPlugin`).
    public let classURI: String?
    /// Its bundle folder and binary.
    public let bundle: String
    public let binary: String?
    public let audioInputs: Int
    public let audioOutputs: Int
    public let midiInput: Bool
    public let midiOutput: Bool
    public let requiredFeatures: [String]
    /// Its `lv2:index`es are not 0, 1, … without gaps: `LV2World.portIndexProblem` says why it is skipped.
    let needsPortCheck: Bool
    /// Its bundle has a dynamic manifest, whose library ran while listing.
    public let fromDynamicManifestBundle: Bool

    public var kind: PluginKind {
        PluginKind.of(classURI: classURI, audioInputs: audioInputs, audioOutputs: audioOutputs,
                      midiInput: midiInput, midiOutput: midiOutput)
    }

    /// The class's last part without "Plugin" ("Reverb", "Instrument"), or "Plugin" when none is declared.
    public var className: String {
        guard let classURI, let last = classURI.split(separator: "#").last else { return "Plugin" }
        let name = last.hasSuffix("Plugin") && last != "Plugin" ? String(last.dropLast("Plugin".count)) : String(last)
        return name
    }

    /// One `P` line of the discovery child's report (see bundle_discovery.h).
    init?(reportLine fields: [Substring], bundle: String, fromDynamicManifestBundle: Bool) {
        guard fields.count >= 10, fields[0] == "P", let audioInputs = Int(fields[5]), let audioOutputs = Int(fields[6]) else { return nil }
        uri = String(fields[1])
        name = String(fields[2])
        classURI = fields[3] == "-" ? nil : String(fields[3])
        binary = fields[4] == "-" ? nil : String(fields[4])
        self.bundle = bundle
        self.audioInputs = audioInputs
        self.audioOutputs = audioOutputs
        midiInput = fields[7] == "1"
        midiOutput = fields[8] == "1"
        needsPortCheck = fields[9] == "1"
        requiredFeatures = fields.count > 10 ? fields[10].split(separator: " ").map(String.init).sorted() : []
        self.fromDynamicManifestBundle = fromDynamicManifestBundle
    }
}

extension CataloguedPlugin {
    /// As `list --json` prints it and Python's `plugins()` reads it.
    public var jsonObject: [String: Any] {
        ["uri": uri, "name": name, "class": className, "class_uri": classURI ?? NSNull(), "kind": kind.rawValue,
         "instrument": kind == .instrument, "audio_inputs": audioInputs, "audio_outputs": audioOutputs,
         "midi_input": midiInput, "midi_output": midiOutput, "bundle": bundle, "binary": binary ?? NSNull(),
         "required_features": requiredFeatures, "dynamic_manifest": fromDynamicManifestBundle]
    }
}
