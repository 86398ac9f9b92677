import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Night mode: a preference kept between runs, which collages follow.
    struct Night: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn night mode on or off, or show it (no argument: toggle).",
            discussion: "Examples:\n  booktag night on\n  booktag night status --json"
        )

        enum Action: String, ExpressibleByArgument, CaseIterable {
            case on, off, toggle, status
        }

        @OptionGroup var homeOptions: HomeOptions
        @Argument(help: "on, off, toggle or status.") var action: Action = .toggle
        @Flag(help: "Print one JSON document.") var json = false

        func run() throws {
            let store = PreferencesStore(home: homeOptions.resolvedHome)
            let (current, warning) = store.load()
            if let warning { Terminal.warn(warning) }
            var preferences = current
            switch action {
            case .on: preferences.nightMode = true
            case .off: preferences.nightMode = false
            case .toggle: preferences.nightMode.toggle()
            case .status: break
            }
            if action != .status {
                try CommandFailure.checking { try store.save(preferences) }
            }
            if json {
                try JSONOutput.print(["nightMode": preferences.nightMode])
            } else {
                print("night mode: \(preferences.nightMode ? "on" : "off")")
            }
        }
    }
}
