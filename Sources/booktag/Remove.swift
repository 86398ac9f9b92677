import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// Deletes a tag, its books, its collages and the cover files no other book uses.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a tag, its books, and every cover file no other book uses.",
            discussion: "Example:\n  booktag remove fantasy"
        )

        @OptionGroup var homeOptions: HomeOptions
        @Argument(help: "The tag.") var tag: String

        func run() throws {
            let name = try CommandFailure.checking { try TagName(tag) }
            let home = homeOptions.resolvedHome
            let removed = try CommandFailure.checking {
                let store = try BookStore.open(home: home)
                let display = try store.tag(name)?.name ?? name.display
                try store.removeTag(name)
                let maker = CollageMaker(store: store)
                for format in CollageFormat.allCases {
                    try? FileManager.default.removeItem(at: maker.defaultFile(for: name, format: format))
                }
                return display
            }
            FileHandle.standardError.write(Data("removed \"\(Terminal.safe(removed))\"\n".utf8))
        }
    }
}
