import LV2Host

/// What Python (or any caller) learns about a plugin, as JSON objects. Numbers that are not
/// finite (a description may give NaN) are left out: JSON has no way to write them.
extension PluginInfo {
    var summaryJSON: [String: Any] {
        ["uri": uri, "name": name, "instrument": isInstrument,
         "audio_inputs": ports(.audio, input: true).count, "audio_outputs": ports(.audio, input: false).count]
    }

    var descriptionJSON: [String: Any] {
        var object = summaryJSON
        object["comment"] = comment
        object["version"] = version
        object["audio_inputs"] = ports(.audio, input: true).map(\.symbol)
        object["audio_outputs"] = ports(.audio, input: false).map(\.symbol)
        object["midi_input"] = midiInput != nil
        object["midi_output"] = ports(.atom, input: false).contains { $0.supportsMIDI }
        object["controls"] = ports.filter { $0.kind == .control }.map(\.json)
        object["parameters"] = parameters.map(\.json)
        object["presets"] = presets.map { preset in
            ["uri": preset.uri, "label": preset.label, "comment": preset.comment as Any].compactMapValues { $0 }
        }
        object["required_features"] = requiredFeatures
        object["optional_features"] = optionalFeatures
        return object.compactMapValues { $0 }
    }
}

extension PortInfo {
    var json: [String: Any] {
        func finite(_ value: Float?) -> Any? { value.flatMap { $0.isFinite ? Double($0) : nil } }
        let object: [String: Any?] = [
            "index": index, "symbol": symbol, "name": name, "comment": comment, "input": isInput,
            "minimum": finite(minimum), "maximum": finite(maximum), "default": finite(defaultValue),
            "integer": isInteger, "toggled": isToggled, "enumeration": isEnumeration, "logarithmic": isLogarithmic,
            "unit": unit, "unit_uri": unitURI, "designation": designation,
            "scale_points": scalePoints.filter { $0.value.isFinite }.map { ["label": $0.label, "value": Double($0.value)] as [String: Any] },
        ]
        return object.compactMapValues { $0 }
    }
}

extension ParameterInfo {
    var json: [String: Any] {
        let object: [String: Any?] = ["uri": uri, "label": label, "name": shortName, "type": type?.rawValue,
                                      "range": rangeURI, "writable": isWritable]
        return object.compactMapValues { $0 }
    }
}
