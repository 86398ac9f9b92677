import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Night mode: a preference kept between runs, which collages follow.
    struct Night: ParsableCommand {
        package static let configuration = CommandConfiguration(
            commandName: "night",
            abstract: "Turn night mode on or off, or show it (no argument: toggle).",
            discussion: """
                Night mode is kept in preferences.json in the home. Collages rendered while it is on \
                get a dark background, and coloured terminal output uses tones for dark terminals.

                Examples:
                  booktag night on
                  booktag night status --json
                """
        )

        enum Action: String, ExpressibleByArgument, CaseIterable {
            case on, off, toggle, status
        }

        @OptionGroup var global: GlobalOptions
        @Argument(help: "on, off, toggle or status.") var action: Action = .toggle
        @Flag(help: "Print one JSON document.") var json = false

        func run() throws {
            let session = Session(global)
            let store = PreferencesStore(home: session.home)
            var preferences = session.preferences
            switch action {
            case .on: preferences.nightMode = true
            case .off: preferences.nightMode = false
            case .toggle: preferences.nightMode.toggle()
            case .status: break
            }
            if action != .status {
                try store.save(preferences)
            }
            if json {
                try JSONOutput.print(["nightMode": preferences.nightMode])
            } else {
                print("night mode: \(preferences.nightMode ? "on" : "off")")
            }
        }
    }
}
