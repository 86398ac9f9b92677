import ArgumentParser
import BookTag
import Foundation

extension BookTagCommand {
    /// A tag's books in collage order.
    struct Books: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a tag's books in collage order.",
            discussion: "Example:\n  booktag books fantasy"
        )

        @OptionGroup var homeOptions: HomeOptions
        @Argument(help: "The tag.") var tag: String
        @Flag(help: "Print one JSON document.") var json = false

        struct Entry: Encodable {
            let position: Int
            let goodreadsID: Int
            let title: String
            let author: String?
            let year: Int?
            let rating: Double?
            let isbn: String?
            let isbn13: String?
            let cover: String
        }

        func run() throws {
            let name = try CommandFailure.checking { try TagName(tag) }
            let home = homeOptions.resolvedHome
            let entries = try CommandFailure.checking {
                let store = try BookStore.open(home: home)
                guard try store.tag(name) != nil else { throw StoreError.tagNotFound(name.display) }
                return try store.books(of: name).map { entry in
                    Entry(position: entry.book.position + 1, goodreadsID: entry.book.goodreadsID, title: entry.book.title,
                          author: entry.book.authorName, year: entry.book.originalPublicationYear, rating: entry.book.averageRating,
                          isbn: entry.isbn10, isbn13: entry.isbn13, cover: store.coverURL(entry.book.coverPath).path)
                }
            }
            if json { return try JSONOutput.print(entries) }
            let table = TextTable(
                headers: ["#", "ID", "TITLE", "AUTHOR", "YEAR", "RATING", "ISBN13", "COVER"],
                rows: entries.map {
                    [String($0.position), String($0.goodreadsID), Terminal.safe($0.title), Terminal.safe($0.author ?? "—"),
                     $0.year.map(String.init) ?? "—", $0.rating.map { String(format: "%.2f", $0) } ?? "—", $0.isbn13 ?? "—", $0.cover]
                },
                flexibleColumn: 7)
            print(table.render(width: Terminal.width))
        }
    }
}
