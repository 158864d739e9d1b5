import ArgumentParser
import SwiftLV2Version
import LV2Host

struct LV2Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lv2render",
        abstract: "Render LV2 plugins offline: audio and MIDI in, a WAV file out.",
        discussion: """
            Plugins are looked up on $LV2_PATH, or else in the repository's plugin.lv2, \
            $HOME/.lv2, /usr/local/lib/lv2, /usr/lib/lv2 and /usr/lib/x86_64-linux-gnu/lv2.
            """,
        version: ProjectVersion.current,
        subcommands: [ListCommand.self, InfoCommand.self, RenderCommand.self, CheckCommand.self, CheckWorkerCommand.self])
}
