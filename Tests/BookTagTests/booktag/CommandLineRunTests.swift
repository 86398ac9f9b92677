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
        // add, import, reroll, drop, show, stats, collage (a print fetches) and serve await; list,
        // books and the rest do not.
        #expect(awaiting == 8)
    }
}
