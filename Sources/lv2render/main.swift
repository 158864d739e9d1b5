import ArgumentParser
import HostFiles
import CHostSupport
import Foundation
import LV2Host

// The entry point. Errors end here: a HostError (a file, a plugin, a render
// failed) exits with status 1, a command-line mistake with status 2, each as
// one sentence on stderr; help goes to stdout with status 0.

// SIGINT, SIGTERM, SIGHUP and SIGQUIT stop lv2render whatever mask it was started with.
stop_signals_unblock()
// A batch's render or a check's worker ends with the lv2render that started it.
if let parent = ProcessInfo.processInfo.environment[LV2RENDER_PARENT_VARIABLE].flatMap({ pid_t($0) }) {
    unsetenv(LV2RENDER_PARENT_VARIABLE)
    stop_with_parent(parent)
}
// A name that is not UTF-8 is an alias from here on (ByteName).
var arguments = ByteName.arguments()
if let mistake = LV2Render.unknownSubcommand(in: arguments) {
    printError(mistake)
    exit(2)
}
do {
    let chain = try ChainArguments.split(&arguments)
    var command = try LV2Render.parseAsRoot(arguments)
    if let render = command as? RenderCommand {
        try render.run(chain: chain)
    } else {
        try command.run()
    }
    try flushPrinted()
} catch let error as HostError {
    printError(error.description)
    exit(1)
} catch {
    let code = LV2Render.exitCode(for: error)
    if code == .success {
        print(LV2Render.fullMessage(for: error))
        exit(0)
    }
    printError(LV2Render.message(for: error))
    exit(code == .validationFailure ? 2 : 1)
}
