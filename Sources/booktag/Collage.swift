import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Renders a tag's collage again from the store, with no network.
    struct Collage: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a tag's collage again from the store, without network.",
            discussion: """
                Writes collages/<tag>.png (or .jpg, .html) in booktag's data folder unless --output \
                names another file, and prints the file's path. Night mode (booktag night) gives \
                the dark theme.

                Examples:
                  booktag collage fantasy
                  booktag collage fantasy --format html --embed
                  booktag collage "science fiction" --format jpeg --columns 3 --output ~/scifi.jpg
                """
        )

        @OptionGroup var homeOptions: HomeOptions

        @Argument(help: "The tag.")
        var tag: String

        @Option(help: "png, jpeg or html.")
        var format: CollageFormat = .png

        @Option(help: ArgumentHelp("Write here instead of the collages folder.", valueName: "file"), completion: .file())
        var output: String?

        @Option(help: "Covers per row (1–12).")
        var columns: Int = 4

        @Flag(help: "With --format html: put the covers inside the page as data URLs.")
        var embed = false

        func validate() throws {
            guard (1...12).contains(columns) else { throw ValidationError("--columns must be between 1 and 12") }
            if embed, format != .html { throw ValidationError("--embed goes with --format html") }
        }

        func run() throws {
            let name = try CommandFailure.checking { try TagName(tag) }
            let home = homeOptions.resolvedHome
            let nightMode = PreferencesStore(home: home).load().preferences.nightMode
            let file = try CommandFailure.checking {
                let store = try BookStore.open(home: home)
                return try CollageMaker(store: store).make(
                    tag: name, format: format, columns: columns, nightMode: nightMode,
                    output: output.map { URL(fileURLWithPath: $0) }, embedImages: embed)
            }
            print(file.path)
        }
    }
}

extension CollageFormat: ExpressibleByArgument {}
