import BookTag
import Foundation

extension TagResult {
    func print(json: Bool, palette: Palette) throws {
        if json { return try JSONOutput.print(self) }
        var text = BookRow.table(books, covers: false, palette: palette)
        text += "\n\n" + palette.paint("books:", .heading) + " from " + (from ?? source.displayName)
        text +=
            "\n" + palette.paint("collage:", .heading) + " "
            + (collage ?? "none yet: 'booktag collage \(Terminal.safe(tag))' makes it")
        Swift.print(text)
    }
}
