import ArgumentParser
import BookTag
import Foundation

/// Options every command that touches the store shares.
struct HomeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Keep everything in this folder (default: $BOOKTAG_HOME, else the XDG folders).", valueName: "folder"), completion: .directory)
    var home: String?

    var resolvedHome: BookTagHome {
        BookTagHome.resolve(explicit: home)
    }
}
