import ArgumentParser
import Foundation

/// Every failure ends as one `error:` line on stderr and the exit status of its class.
func fail(_ failure: CommandFailure) -> Never {
    let palette = Palette.forDescriptor(STDERR_FILENO, nightMode: false)
    let line = failure.message.split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write(Data("\(palette.paint("error:", .error)) \(line)\n".utf8))
    exit(failure.status.exitStatus)
}

/// ArgumentParser's own outcomes: help and version (status 0) or a usage error.
func finishArgumentParsing(_ error: any Error) -> Never {
    let status = BookTagCommand.exitCode(for: error)
    if status == .success {
        BookTagCommand.exit(withError: error)  // --help, help <command>, --version, completion scripts
    }
    let message = BookTagCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    let line = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
    fail(CommandFailure(.usage, "\(line) (see 'booktag --help')"))
}

/// One run of the command line: parse, run (the commands that wait on the network or serve
/// are `AsyncParsableCommand`s, awaited here), and turn every failure into one `error:` line
/// and its exit status.
package enum CommandLineRun {
    package static func main() async -> Never {
        _ = mainStarted
        let command: any ParsableCommand
        do {
            let arguments = GlobalOptions.hoisting(Array(CommandLine.arguments.dropFirst()))
            StorePreopening.start(arguments: arguments)
            command = try BookTagCommand.parseAsRoot(arguments)
        } catch {
            finishArgumentParsing(error)
        }
        do {
            if let asynchronous = asynchronousRun(of: command) {
                try await asynchronous()
            } else {
                var runnable = command
                try runnable.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            // ArgumentParser's own outcomes go back to it: a `ValidationError` or `CleanExit` a
            // command throws, and anything its built-in commands throw (`booktag help add` runs its
            // help command, whose run() "fails" with the help request). The rest is booktag's.
            if error is ValidationError || error is CleanExit || !isBooktagCommand(command) {
                finishArgumentParsing(error)
            }
            fail(CommandFailure.classify(error))
        }
        exit(0)
    }

    /// Whether `command` is booktag's (the root or one of its subcommands), not ArgumentParser's.
    static func isBooktagCommand(_ command: any ParsableCommand) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: command))
        return type == ObjectIdentifier(BookTagCommand.self)
            || BookTagCommand.configuration.subcommands.contains { ObjectIdentifier($0) == type }
    }

    /// The run of a command that awaits (the network, a server), found by its type: asking
    /// `command as? any AsyncParsableCommand` looks the conformance up at run time, two scans of
    /// the binary's 11,280 conformance records (80 µs) on every command, `list` included.
    /// `CommandLineRunTests` checks that every such command is here.
    static func asynchronousRun(of command: any ParsableCommand) -> (() async throws -> Void)? {
        typealias Command = BookTagCommand
        switch command {
        case let command as Command.Add: return { try await command.run() }
        case let command as Command.Import: return { try await command.run() }
        case let command as Command.Reroll: return { try await command.run() }
        case let command as Command.Drop: return { try await command.run() }
        case let command as Command.Show: return { try await command.run() }
        case let command as Command.Collage: return { try await command.run() }
        case let command as Command.Stats: return { try await command.run() }
        case let command as Command.Serve: return { try await command.run() }
        case let command as Command.Backup: return { try await command.run() }
        case let command as Command.Restore: return { try await command.run() }
        default: return nil
        }
    }
}
