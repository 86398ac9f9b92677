import ArgumentParser
import Foundation

/// Every failure ends as one `error:` line on stderr and the exit status of its class.
func fail(_ failure: CommandFailure) -> Never {
    let palette = Palette.forDescriptor(STDERR_FILENO, nightMode: false)
    let line = failure.message.split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write(Data("\(palette.paint("error:", .error)) \(line)\n".utf8))
    exit(failure.status.rawValue)
}

let command: any ParsableCommand
do {
    command = try BookTagCommand.parseAsRoot(GlobalOptions.hoisting(Array(CommandLine.arguments.dropFirst())))
} catch {
    let status = BookTagCommand.exitCode(for: error)
    if status == .success {
        BookTagCommand.exit(withError: error)  // --help, --version, completion scripts
    }
    let message = BookTagCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    let line = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
    fail(CommandFailure(.usage, "\(line) (see 'booktag --help')"))
}
do {
    var runnable = command
    try runnable.run()
} catch let exit as ExitCode {
    Foundation.exit(exit.rawValue)
} catch let clean as CleanExit {
    BookTagCommand.exit(withError: clean)  // `booktag` alone prints its help
} catch {
    fail(CommandFailure.classify(error))
}
