import ArgumentParser
import Testing

@testable import booktag

/// The command line finds an awaiting command's run by its type, not by a run-time conformance
/// check: a command missing from that list would run as a synchronous one and never await.
@Suite struct CommandLineRunTests {
    @Test func everyAwaitingCommandIsRunAsOne() {
        let commands = BookTagCommand.configuration.subcommands
        #expect(commands.count >= 13)
        var awaiting = 0
        for command in commands {
            let instance = command.init()
            let isAsync = instance is any AsyncParsableCommand
            if isAsync { awaiting += 1 }
            #expect(
                (CommandLineRun.asynchronousRun(of: instance) != nil) == isAsync,
                "\(command.configuration.commandName ?? "\(command)")")
        }
        // add, import, reroll, drop, show, stats, collage (a print fetches), serve, and backup and
        // restore (Ctrl-C cancels them) await; list, books and the rest do not.
        #expect(awaiting == 10)
    }

    /// ArgumentParser builds the whole command tree on every run and names a command without a
    /// `commandName` by reflecting on its type, a cost paid by every `booktag` invocation.
    @Test func everyCommandNamesItself() {
        var unnamed: [String] = []
        func visit(_ command: any ParsableCommand.Type) {
            if command.configuration.commandName == nil { unnamed.append("\(command)") }
            command.configuration.subcommands.forEach(visit)
        }
        BookTagCommand.configuration.subcommands.forEach(visit)
        #expect(unnamed.isEmpty)
    }
}

/// Global options before the command name move after it, where ArgumentParser reads them.
@Suite struct GlobalOptionsHoistingTests {
    @Test(
        arguments: [
            (["--home", "D", "-v", "list"], ["list", "--home", "D", "-v"]),
            (["--home=D", "collage", "x", "--print", "a2"], ["collage", "--home=D", "x", "--print", "a2"]),
            (["list", "--home", "D"], ["list", "--home", "D"]),
            (["--home"], ["--home"]),
            (["--quiet", "--replay", "R", "add", "x"], ["add", "--quiet", "--replay", "R", "x"]),
            (["--title", "x", "list"], ["--title", "x", "list"]),
        ] as [([String], [String])])
    func globalOptionsMoveAfterTheCommand(arguments: [String], hoisted: [String]) {
        #expect(GlobalOptions.hoisting(arguments) == hoisted)
    }

    @Test func anOptionIsReadWithItsValueEitherWay() {
        #expect(GlobalOptions.option(at: 1, in: ["list", "--home", "D"])?.value == "D")
        #expect(GlobalOptions.option(at: 1, in: ["list", "--home=D"])?.width == 1)
        #expect(GlobalOptions.option(at: 1, in: ["list", "--home"]) == nil)
        #expect(GlobalOptions.option(at: 0, in: ["--homeless"]) == nil)
    }
}
