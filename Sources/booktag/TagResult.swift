import BookTag
import Foundation

/// What `add` and `reroll` print: the tag's books and the collage's path, or one JSON document.
package struct TagResult: Encodable {
    let tag: String
    /// Where the books come from.
    package let source: SourceKind
    /// For a tag made from a reader's shelf or export: which, and the year kept.
    let from: String?
    /// False when `add` found the tag already there and changed nothing.
    let changed: Bool
    let wanted: Int
    let pagesFetched: [Int]
    let totalResults: Int?
    let books: [BookRow]
    let collage: String?
    /// How the collage was drawn.
    let collageStyle: CollageStyle?

    package init(tag: Tag, outcome: TagLibrary.Outcome?, books: [BookRow], collage: URL?, wanted: Int) {
        self.tag = tag.name
        source = tag.source
        from = tag.origin?.displayName
        changed = outcome != nil
        self.wanted = wanted
        pagesFetched = outcome?.gathering.pagesFetched ?? []
        totalResults = outcome?.gathering.totalResults ?? tag.totalResults
        self.books = books
        self.collage = collage?.path
        collageStyle = outcome?.collage?.style ?? tag.collageStyle
    }

    func print(json: Bool, palette: Palette) throws {
        if json { return try JSONOutput.print(self) }
        var text = BookRow.table(books, covers: false, palette: palette)
        text += "\n\n" + palette.paint("books:", .heading) + " from " + (from ?? source.displayName)
        text += "\n" + palette.paint("collage:", .heading) + " " + (collage ?? "none yet: 'booktag collage \(Terminal.safe(tag))' makes it")
        Swift.print(text)
    }
}
