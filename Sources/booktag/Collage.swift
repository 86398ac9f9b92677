import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Renders a tag's collage again from the store, with no network.
    struct Collage: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "collage",
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

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The tag.")
        var tag: String

        @Option(help: "png, jpeg or html (default: collage.format, png).")
        var format: CollageFormat?

        @Option(help: ArgumentHelp("Write here instead of the collages folder.", valueName: "file"), completion: .file())
        var output: String?

        @Option(help: "Covers per row (1–12; default: collage.columns, 4).")
        var columns: Int?

        @Flag(help: "With --format html: put the covers inside the page as data URLs.")
        var embed = false

        @Flag(help: "Print one JSON document.") var json = false

        func validate() throws {
            if let columns, !(1...12).contains(columns) { throw ValidationError("--columns must be between 1 and 12") }
        }

        func run() throws {
            let session = Session(global)
            let name = try CommandFailure.checking { try TagName(tag) }
            let configuration = try CommandFailure.checking { try session.configuration() }
            let format = format ?? configuration.collageFormat
            if embed, format != .html { throw CommandFailure(.usage, "--embed goes with --format html") }
            let file = try CommandFailure.checking {
                let store = try session.openStore()
                return try CollageMaker(store: store).make(
                    tag: name, format: format, columns: columns ?? configuration.collageColumns, nightMode: session.preferences.nightMode,
                    output: output.map { URL(fileURLWithPath: $0) }, embedImages: embed)
            }
            if json { return try JSONOutput.print(["tag": tag, "format": format.rawValue, "file": file.path]) }
            print(file.path)
        }
    }
}

extension CollageFormat: ExpressibleByArgument {}
