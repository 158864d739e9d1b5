import ArgumentParser
import SwiftLV2Version
import LV2Host

struct LV2Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lv2render",
        abstract: "Render LV2 plugins offline: audio and MIDI in, an audio file out.",
        discussion: """
            Plugins are looked up on $LV2_PATH, or else in the repository's plugin.lv2, \
            $HOME/.lv2, /usr/local/lib/lv2, /usr/lib/lv2 and /usr/lib/x86_64-linux-gnu/lv2. \
            A plugin is named by its URI, or by its name or its URI's last part when only one \
            plugin has it.

            Exit status: 0 on success; 1 when a file, a plugin or a value is refused, a render \
            fails, any file of a batch fails, or a check fails; 2 for a usage mistake (an \
            unknown option or subcommand, a missing argument). Every error is one sentence on \
            stderr.
            """,
        version: ProjectVersion.current,
        subcommands: [ListCommand.self, InfoCommand.self, RenderCommand.self, CheckCommand.self, CheckWorkerCommand.self])

    /// For a first argument that is no subcommand (`lv2render rendr …`): one sentence
    /// naming the nearest one, where the parser would list "unexpected arguments".
    static func unknownSubcommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
        // `help` is the parser's own.
        guard first != "help", !configuration.subcommands.contains(where: { $0.configuration.commandName == first }) else { return nil }
        let nearest = names.min { editDistance($0, first) < editDistance($1, first) }!
        if editDistance(nearest, first) <= max(2, first.count / 3) {
            return "'\(first)' is not a subcommand of lv2render; did you mean '\(nearest)'?"
        }
        return "'\(first)' is not a subcommand of lv2render, which has \(names.joined(separator: ", "))."
    }
}
