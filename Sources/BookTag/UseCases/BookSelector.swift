import Foundation

/// Finds the books a reader names in a tag: by position (`3`), source id (`OL45804W`, a
/// Goodreads id) or ISBN (`978-0-441-17271-9`). A number no larger than the tag's size is a
/// position; other digits are an ISBN or a Goodreads id.
enum BookSelector {
    /// The positions (0-based, ascending, each once) of the books `selectors` name.
    static func positions(of selectors: [String], in entries: [TagBookEntry], tag: String) throws(DropError) -> [Int] {
        var chosen = Set<Int>()
        for selector in selectors {
            chosen.insert(try position(of: selector, in: entries, tag: tag))
        }
        return chosen.sorted()
    }

    private static func position(of selector: String, in entries: [TagBookEntry], tag: String) throws(DropError) -> Int
    {
        let text = selector.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.count <= 4, text.allSatisfy(\.isASCIIDigit), let number = Int(text) {
            guard (1...entries.count).contains(number) else {
                throw .positionOutOfRange(number, tag: tag, count: entries.count)
            }
            return number - 1
        }
        if let isbn = try? ISBN(text),
            let index = entries.firstIndex(where: {
                $0.isbn13 == isbn.isbn13 || ($0.isbn10 != nil && $0.isbn10 == isbn.isbn10)
            })
        {
            return index
        }
        if let id = BookID(parsing: text), let index = entries.firstIndex(where: { $0.book.bookID == id }) {
            return index
        }
        throw .notInTag(
            String(
                text.unicodeScalars.filter { $0.properties.generalCategory != .control }.prefix(40).map(Character.init)),
            tag: tag)
    }
}

/// Why `drop` changed nothing.
public enum DropError: BookTagError, Equatable {
    /// A position past the tag's last book.
    case positionOutOfRange(Int, tag: String, count: Int)
    /// An id or ISBN the tag does not hold.
    case notInTag(String, tag: String)
    /// Every book would go: remove the tag instead.
    case wouldEmpty(tag: String)
    /// `--replace` on a tag from an export, which booktag does not keep.
    case cannotReplaceExport(tag: String)
}

extension DropError {
    /// A book the tag lacks is not found; the rest are requests to refuse.
    public var kind: BookTagFailure.Kind {
        switch self {
        case .cannotReplaceExport, .wouldEmpty: .usage
        case .notInTag, .positionOutOfRange: .notFound
        }
    }

    /// What the reader can change.
    public var advice: Advice? {
        switch self {
        case .positionOutOfRange, .notInTag: .seeTheBooks
        case .wouldEmpty: .removeTheTag
        case .cannotReplaceExport: .dropWithoutReplacing
        }
    }

    public var errorDescription: String? {
        switch self {
        case .positionOutOfRange(let position, let tag, let count):
            "\"\(tag)\" has no position \(position): its books are numbered 1 to \(count)"
        case .notInTag(let text, let tag):
            "\"\(text)\" is not a book of \"\(tag)\": name a position, a source id or an ISBN"
        case .wouldEmpty(let tag):
            "dropping every book would leave \"\(tag)\" empty"
        case .cannotReplaceExport(let tag):
            "\"\(tag)\" comes from a library export, which booktag does not keep"
        }
    }
}
