import Foundation

/// Reads LibraryThing's JSON export: one object keyed by book id, each book an object whose keys
/// are left out when empty, whose numbers are strings (`"pages": "423 "`), whose `isbn` is an
/// array, an object keyed by position (`{"0": "…", "2": "…"}`) or absent, and whose names may hold
/// HTML entities (`L&oacute;pez`). A book that is not an object with a title is skipped and
/// counted; a file cut off before its end is one error, and nothing is stored.
///
/// The object has no order of its own, so books come in the order of their ids, which
/// LibraryThing gives out as books are entered.
public enum LibraryThingJSONReader {
    /// Reads `file`, handing each book to `body`, oldest entered first.
    public static func read(_ file: URL, _ body: (ImportedBook) throws -> Void) throws -> LibraryCSV.Summary {
        let data = try ExportLimits.readWhole(file)
        if let excess = JSONShape.excess(in: data) { throw ExportError.beyondLimit(path: file.path, what: excess) }
        let books: [String: Lenient<Book>]
        do {
            books = try JSONDecoder().decode([String: Lenient<Book>].self, from: data)
        } catch {
            throw isCutOff(data) ? ExportError.cutOff(path: file.path) : ExportError.malformedJSON(path: file.path)
        }
        var summary = LibraryCSV.Summary()
        let ordered = books.sorted { a, b in
            switch (Int(a.key), Int(b.key)) {
            case (let x?, let y?): x < y
            case (_?, nil): true
            case (nil, _?): false
            case (nil, nil): a.key < b.key
            }
        }
        for (id, entry) in ordered {
            guard let book = entry.value.flatMap({ $0.imported(id: id) }) else {
                summary.malformed += 1
                continue
            }
            summary.rows += 1
            try body(book)
        }
        return summary
    }

    /// Whether the JSON stops before its last brace: a download cut short.
    static func isCutOff(_ data: Data) -> Bool {
        let last = data.reversed().first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return last != UInt8(ascii: "}")
    }

    /// One book as the export writes it; every field may be missing or of an odd type.
    struct Book: Decodable {
        var title: String?
        var primaryAuthor: String?
        var authors: [Author]
        var isbns: [String]
        var ean: [String]
        var date: String?
        var pages: String?
        var rating: String?
        var dateRead: String?
        var entryDate: String?
        var collections: [String]
        var tags: [String]
        var publication: String?
        var format: String?

        struct Author: Decodable {
            var lf: String?
            var fl: String?
        }

        private enum Keys: String, CodingKey {
            case title, primaryauthor, authors, isbn, ean, date, pages, rating, dateread, entrydate, collections, tags,
                publication, format
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            title = container.text(.title)
            primaryAuthor = container.text(.primaryauthor)
            authors = (container.lenient([Lenient<Author>].self, forKey: .authors) ?? []).compactMap(\.value)
            isbns = container.texts(.isbn)
            ean = container.texts(.ean)
            date = container.text(.date)
            pages = container.text(.pages)
            rating = container.text(.rating)
            dateRead = container.text(.dateread)
            entryDate = container.text(.entrydate)
            collections = container.texts(.collections)
            tags = container.texts(.tags)
            publication = container.text(.publication)
            format = (container.lenient([Lenient<Format>].self, forKey: .format) ?? []).compactMap(\.value?.text).first
        }

        private struct Format: Decodable {
            var text: String?
        }

        /// The book as the one importer takes it; `nil` without a title.
        func imported(id: String) -> ImportedBook? {
            guard let title = title.map(LibraryThingJSONReader.entities), !title.isEmpty else { return nil }
            var book = ImportedBook(key: id, title: title)
            book.author = (authors.first?.fl ?? primaryAuthor.map(LibraryThingReader.firstLast)).map(
                LibraryThingJSONReader.entities)
            let isbn = (isbns + ean).lazy.compactMap { try? ISBN($0.trimmingCharacters(in: .whitespaces)) }.first
            book.isbn13 = isbn?.isbn13
            book.isbn10 = isbn?.isbn10
            book.stars = rating.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
                (0.5...5).contains($0) ? $0 : nil
            }
            book.pageCount = pages.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap {
                $0 > 0 ? $0 : nil
            }
            book.yearPublished = date.flatMap { Int($0.prefix(4)) }
            book.publisher = publication.map {
                LibraryThingJSONReader.entities($0.components(separatedBy: " (").first ?? $0)
            }
            book.readingFormat = format.flatMap(ReadingFormat.init(libraryThing:))
            book.dateRead = dateRead.flatMap(LibraryThingReader.day)
            book.dateAdded = entryDate.flatMap(LibraryThingReader.day)
            book.shelves = ImportedBook.shelfNames((collections + tags).map(LibraryThingJSONReader.entities))
            return book
        }
    }

    /// `L&oacute;pez` as `López`: names and titles are text, but LibraryThing escapes them as HTML.
    static func entities(_ text: String) -> String {
        guard text.contains("&") else { return text.trimmingCharacters(in: .whitespaces) }
        return HTMLSanitizer.plainText(fromHTML: text).trimmingCharacters(in: .whitespaces)
    }
}

extension KeyedDecodingContainer {
    /// A value LibraryThing writes as a string, or now and then as a number.
    fileprivate func text(_ key: Key) -> String? {
        if let text = lenient(String.self, forKey: key) { return text }
        if let number = lenient(Double.self, forKey: key) {
            return number == number.rounded() ? String(Int(number)) : String(number)
        }
        return nil
    }

    /// A list LibraryThing writes as an array, an object keyed by position, or one string.
    fileprivate func texts(_ key: Key) -> [String] {
        if let list = lenient([Lenient<String>].self, forKey: key) { return list.compactMap(\.value) }
        if let object = lenient([String: Lenient<String>].self, forKey: key) {
            return object.sorted { (Int($0.key) ?? .max, $0.key) < (Int($1.key) ?? .max, $1.key) }.compactMap(
                \.value.value)
        }
        return text(key).map { [$0] } ?? []
    }
}
