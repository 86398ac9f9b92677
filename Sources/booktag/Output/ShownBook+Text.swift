import BookTag
import Foundation

extension ShownBook {
    func text(width: Int, palette: Palette) -> String {
        let credit = authors.map { author in author.role.map { "\(author.name) (\($0))" } ?? author.name }
        var rating = averageRating.map { FixedDecimal.text($0, places: 2) }
        if let count = ratingsCount, let shown = rating {
            rating = "\(shown) (\(GroupedNumber.text(count)) rating\(count == 1 ? "" : "s"))"
        }
        let optional = ["read as", "moods", "pace"]
        let shownPages: String? = pages.map { count in
            pagesFrom.map { "\(count) (\($0.displayName)'s count)" } ?? String(count)
        }
        let stars: String? = myStars.map(StarsText.text)
        let all: [(String, String?)] = [
            ("cover", cover),
            ("title", title),
            ("authors", credit.isEmpty ? nil : credit.joined(separator: ", ")),
            ("pages", shownPages),
            ("rating", rating),
            ("year", year.map(String.init)),
            ("publisher", publisher),
            ("isbn", isbn),
            ("isbn13", isbn13),
            ("source", "\(source.displayName) \(id)"),
            ("my rating", stars),
            ("read", readDates.map { $0.joined(separator: ", ") } ?? dateRead),
            ("read as", readAs?.rawValue),
            ("moods", moods?.joined(separator: ", ")),
            ("pace", pace?.rawValue),
            ("tags", tags.isEmpty ? nil : tags.joined(separator: ", ")),
        ]
        let fields = all.filter { !optional.contains($0.0) || $0.1 != nil }
        let labelWidth = fields.map { $0.0.count }.max()! + 2
        let wrapWidth = min(width, 88)
        var lines = fields.map { label, value in
            let padded = label + ":" + String(repeating: " ", count: labelWidth - label.count - 1)
            let shown = value.map { Terminal.safe($0) } ?? "—"
            // Paths are never broken, so they can be copied whole.
            guard !shown.utf8.contains(UInt8(ascii: "/")) else { return palette.paint(padded, .heading) + shown }
            let wrapped = TextWrap.wrap(shown, width: wrapWidth, indent: String(repeating: " ", count: labelWidth))
            return palette.paint(padded, .heading) + wrapped.dropFirst(labelWidth)
        }
        if let description {
            lines.append("")
            lines.append(TextWrap.wrap(Terminal.safe(description, keepingLineBreaks: true), width: wrapWidth))
        }
        return lines.joined(separator: "\n")
    }
}
