import ArgumentParser
import Foundation

// Parse and run, then report any failure as one lowercase `error:` line on stderr.
do {
    var command = try BookTagCommand.parseAsRoot()
    try command.run()
} catch let failure as CommandFailure {
    FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
    exit(failure.status.rawValue)
} catch {
    let status = BookTagCommand.exitCode(for: error)
    if status == .success {
        BookTagCommand.exit(withError: error)  // --help, --version
    }
    let message = BookTagCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    let line = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
    FileHandle.standardError.write(Data("error: \(line) (see 'booktag --help')\n".utf8))
    exit(status == .validationFailure ? CommandFailure.Status.usage.rawValue : status.rawValue)
}
