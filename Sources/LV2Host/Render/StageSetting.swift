import HostFiles

/// "Set this name to this value on this stage": what lv2render's `--set NAME=VALUE`, a
/// `LiveChain`'s `set` (so the C library and Python) and LV2TestKit's `render` all mean, in
/// one place. NAME is a control or CV input's symbol, else a parameter's (`patch:writable`)
/// URI, label or the URI's last part; VALUE is text, read as that port or parameter takes it:
/// for a port a number (in hertz for an `lv2:sampleRate` port, as its instance's range is)
/// or one of its scale points' labels in any case; for a parameter a path, a number, `true`…
/// The port's range is checked where the value reaches the instance (`PluginInstance.setControl`).
public struct StageSetting {
    public let name: String
    public let text: String

    public init(_ name: String, _ text: String) {
        self.name = name
        self.text = text
    }

    /// What a setting sets, once the plugin's description has told the two kinds apart.
    public enum Target {
        case control(symbol: String, value: Float)
        case parameter(ParameterInfo, PatchValue)
    }

    /// A VALUE its port cannot take as a number: a mistake in what was typed (lv2render
    /// reports it as a command-line mistake).
    public struct UnreadableValue: Error, CustomStringConvertible {
        public let description: String
    }

    /// What this setting sets on `plugin`. A control or CV input's symbol wins over a
    /// parameter's name; a name that is neither is one sentence naming what the plugin has.
    public func target(on plugin: PluginInfo) throws -> Target {
        if let port = plugin.ports.first(where: { $0.symbol == name }) {
            guard (port.kind == .control || port.kind == .cv), port.isInput else {
                throw HostError("The port \(name) of plugin \(plugin.uri) is not a control input.")
            }
            return .control(symbol: name, value: try number(scalePoints: port.scalePoints))
        }
        if let parameter = try plugin.parameter(named: name) {
            return .parameter(parameter, try PatchValue(text, for: parameter))
        }
        let controls = plugin.ports.filter { ($0.kind == .control || $0.kind == .cv) && $0.isInput }.map(\.symbol)
        let valid = controls.isEmpty ? "it has no control or CV inputs" : "valid symbols are " + controls.joined(separator: ", ")
        let parameters = plugin.parameters.filter(\.isWritable).map { $0.label ?? $0.shortName }
        let known = parameters.isEmpty ? "" : ", and its parameters are " + parameters.joined(separator: ", ")
        throw HostError("The plugin \(plugin.uri) has no port with symbol \"\(name)\"; \(valid)\(known).", kind: .notFound)
    }

    /// The value for a control port: a number, or the label of one of its scale points in any case.
    private func number(scalePoints: [(label: String, value: Float)]) throws -> Float {
        if Float(text) == nil, let point = scalePoints.first(where: { $0.label.caseInsensitiveCompare(text) == .orderedSame }) {
            return point.value
        }
        guard let value = Float(text), !value.isNaN else {
            let labels = scalePoints.isEmpty ? "" : " or one of its labels (\(scalePoints.map { "\"\($0.label)\"" }.joined(separator: ", ")))"
            throw UnreadableValue(description: "The value \"\(text)\" for \(name) is not a number\(labels).")
        }
        // Float("1e39") is infinity: the number is fine, a control port cannot hold it.
        guard value.isFinite else {
            throw UnreadableValue(description: "The value \"\(text)\" for \(name) is outside the range a 32-bit float can hold.")
        }
        return value
    }
}

extension RenderStage {
    /// Adds `setting` to the controls or the parameters; one set again replaces its earlier value.
    public mutating func set(_ setting: StageSetting) throws {
        record(try setting.target(on: plugin))
    }

    /// Keeps what a setting resolved to, for the instances made from this stage.
    mutating func record(_ target: StageSetting.Target) {
        switch target {
        case .control(let symbol, let value):
            controls.removeAll { $0.symbol == symbol }
            controls.append((symbol, value))
        case .parameter(let parameter, let value):
            parameters.removeAll { $0.parameter.uri == parameter.uri }
            parameters.append((parameter, value))
        }
    }
}

extension PluginInstance {
    /// Sets a control input, or holds a CV input at a constant, as a stage's controls are.
    func hold(_ symbol: String, at value: Float) throws {
        if let cv = cvInput(symbol) {
            cv.update(repeating: value)
        } else {
            try setControl(symbol, value)
        }
    }
}
