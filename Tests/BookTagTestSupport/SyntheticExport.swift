import BookTag
import Foundation

/// SYNTHETIC Goodreads library exports: invented books written as Goodreads writes its CSV
/// (`="…"` ISBNs, reviews holding commas, quotes and line breaks, CRLF line ends, optionally a
/// byte-order mark), and what a fake Open Library knows of them.
public enum SyntheticExport {
    public struct Book: Sendable {
        public var bookID: Int
        public var title: String
        public var author: String
        /// As the export writes them; `nil` for a book without one.
        public var isbn10: String?
        public var isbn13: String?
        /// The ISBNs Open Library files the book's work under (may differ from the export's).
        public var knownISBNs: [String]
        /// Open Library's cover id; `nil` when it has none for the book.
        public var coverID: Int?
        public var dateRead: String?  // 2025/03/14
        public var dateAdded: String
        public var myRating: Int
        public var exclusiveShelf: String
        public var shelves: [String]
        /// Pages as the export gives them: `nil` for the generated number, 0 for an empty field.
        public var pages: Int? = nil
        /// Everyone's average rating: `nil` for the generated one.
        public var averageRating: Double? = nil
        /// Original publication year: `nil` for the generated one.
        public var originalYear: Int? = nil
        /// How many times the reader read it (a re-read is one row with 2).
        public var readCount: Int? = nil
        /// Open Library's `number_of_pages_median` for the book's work; `nil`: it has none.
        public var openLibraryPages: Int? = nil

        public init(
            bookID: Int, title: String, author: String, isbn10: String?, isbn13: String?, knownISBNs: [String],
            coverID: Int?,
            dateRead: String?, dateAdded: String, myRating: Int, exclusiveShelf: String, shelves: [String],
            pages: Int? = nil,
            averageRating: Double? = nil, originalYear: Int? = nil, readCount: Int? = nil
        ) {
            self.bookID = bookID
            self.title = title
            self.author = author
            self.isbn10 = isbn10
            self.isbn13 = isbn13
            self.knownISBNs = knownISBNs
            self.coverID = coverID
            self.dateRead = dateRead
            self.dateAdded = dateAdded
            self.myRating = myRating
            self.exclusiveShelf = exclusiveShelf
            self.shelves = shelves
            self.pages = pages
            self.averageRating = averageRating
            self.originalYear = originalYear
            self.readCount = readCount
        }
    }

    /// `count` books: a fifth read in 2025, others in 2024 or still to read; every tenth has no
    /// ISBN (Open Library finds it by title and author; for books read in 2025 every twentieth),
    /// every eleventh is filed at Open Library under its ISBN-10 edition only, and one in thirty
    /// (`i % 30 == 10`: read in 2025) has no cover there.
    public static func books(count: Int, idBase: Int = 40_000_000) -> [Book] {
        (0..<count).map { i in
            let id = idBase + i
            let adjectives = ["Quiet", "Lantern", "Northern", "Paper", "Glass", "Salt", "Copper", "Velvet"]
            let nouns = ["Orchard", "Harbour", "Atlas", "Choir", "Meridian", "Ferry", "Almanac", "Tide"]
            let title = "The \(adjectives[i % 8]) \(nouns[(i / 8) % 8]) \(i / 64 + 1)"
            let author = ["Mira Castell", "Jon Okafor", "Léa Fontaine", "Sven Holm", "Aiko Mori"][i % 5]
            var isbn10: String? = isbn10For(id)
            var isbn13: String? = try? ISBN(isbn10!).isbn13
            var known = [isbn10!, isbn13!]
            if i % 10 == 3 || i % 20 == 15 {
                isbn10 = nil
                isbn13 = nil
            } else if i % 11 == 5 {
                isbn13 = try? ISBN(isbn10For(id + 500_000_000)).isbn13  // another edition, unknown to Open Library
                known = [isbn10!]
            }
            let read =
                i % 5 == 0
                ? "2025/\(String(format: "%02d/%02d", 1 + i % 12, 1 + i % 28))"
                : (i % 5 == 1 ? "2024/\(String(format: "%02d/%02d", 1 + i % 12, 1 + i % 28))" : nil)
            let exclusive = read != nil ? "read" : (i % 5 == 2 ? "currently-reading" : "to-read")
            return Book(
                bookID: id, title: title, author: author, isbn10: isbn10, isbn13: isbn13, knownISBNs: known,
                coverID: i % 30 == 10 ? nil : 9_000_000 + i, dateRead: read,
                dateAdded: "2023/01/\(String(format: "%02d", 1 + i % 28))",
                myRating: i % 6, exclusiveShelf: exclusive, shelves: i % 4 == 0 ? ["favourites"] : [])
        }
    }

    public static let header =
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"

    /// The export's text, as Goodreads writes it (CRLF; a byte-order mark when asked).
    public static func csv(_ books: [Book], byteOrderMark: Bool = false) -> String {
        var lines = [header]
        for (i, book) in books.enumerated() {
            let review = i % 3 == 0 ? quoted("Loved it, \"truly\".\nSecond paragraph, with commas, here.") : ""
            let shelves = book.shelves.joined(separator: ", ")
            let fields: [String] = [
                String(book.bookID), quoted(book.title), book.author, lastFirst(book.author), "",
                "=\"\(book.isbn10 ?? "")\"", "=\"\(book.isbn13 ?? "")\"", String(book.myRating),
                String(format: "%.2f", book.averageRating ?? 3.5 + Double(i % 15) / 10),
                quoted("Harbour & Sons, Ltd."), "Paperback",
                book.pages.map { $0 == 0 ? "" : String($0) } ?? String(200 + i % 300),
                String(1990 + i % 30), String(book.originalYear ?? 1980 + i % 30),
                book.dateRead ?? "", book.dateAdded, quoted(shelves),
                quoted(book.shelves.map { "\($0) (#\(i))" }.joined(separator: ", ")),
                book.exclusiveShelf, review, "", "", String(book.readCount ?? (book.dateRead == nil ? 0 : 1)), "0",
            ]
            lines.append(fields.joined(separator: ","))
        }
        return (byteOrderMark ? "\u{FEFF}" : "") + lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The same books as a SYNTHETIC StoryGraph export (the genuine files' columns and habits:
    /// `YYYY/MM/DD` dates, `start-finish` ranges, quarter stars, moods and pace, ISBNs or nothing
    /// in `ISBN/UID`), for comparing the two imports on one library.
    public static func storyGraphCSV(_ books: [Book]) -> String {
        var lines = [
            "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,"
                + "Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,"
                + "Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?"
        ]
        let formats = ["hardcover", "paperback", "digital", "audio"]
        let moods = ["adventurous", "reflective", "emotional", "mysterious", "hopeful"]
        for (i, book) in books.enumerated() {
            let status = book.exclusiveShelf == "read" ? "read" : book.exclusiveShelf
            let finished = book.dateRead ?? ""
            let dates = finished.isEmpty ? "" : "\(finished.prefix(8))01-\(finished)"
            let stars = book.myRating == 0 ? "" : String(Double(book.myRating) - (i % 4 == 1 ? 0.25 : 0))
            let review = i % 3 == 0 ? quoted("Loved it, \"truly\".\nSecond paragraph, with commas, here.") : ""
            let fields: [String] = [
                quoted(book.title), book.author, "", book.isbn13 ?? "", formats[i % 4], status, book.dateAdded,
                finished, dates,
                finished.isEmpty ? "0" : "1", finished.isEmpty ? "" : quoted("\(moods[i % 5]), \(moods[(i + 2) % 5])"),
                finished.isEmpty ? "" : ["slow", "medium", "fast"][i % 3], "", "", "", "", "", stars, review, "", "",
                quoted(book.shelves.joined(separator: ", ")), "No",
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func lastFirst(_ name: String) -> String {
        let parts = name.split(separator: " ")
        return quoted(parts.count > 1 ? "\(parts.last!), \(parts.dropLast().joined(separator: " "))" : name)
    }

    /// A valid ISBN-10 made from a number.
    public static func isbn10For(_ number: Int) -> String {
        let digits = String(format: "%09d", number % 1_000_000_000)
        let total = digits.enumerated().reduce(0) { $0 + (10 - $1.offset) * Int(String($1.element))! }
        let check = (11 - total % 11) % 11
        return digits + (check == 10 ? "X" : String(check))
    }
}

/// A fake Open Library on 127.0.0.1 for imports: `/search.json` answers `isbn:X OR …` and
/// `(title:"…" AND author:"…") OR …` queries from a catalogue of synthetic books, and
/// `/b/id/N-L.jpg` serves a decodable PNG per cover id (or, given `coverImages`, one of those
/// images by id: covers of a real size). Answers wait `apiDelay`, covers `coverDelay`, as a real
/// service would.
public final class FakeOpenLibrary: Sendable {
    public let server: LoopbackServer

    /// `works`, when given, are the books' Open Library work ids (else `OL1W`, `OL2W`, …), which
    /// `key:/works/…` queries find.
    public init(
        books: [SyntheticExport.Book], works: [String]? = nil, apiDelay: Double = 0, coverDelay: Double = 0,
        coverImages: [Data] = []
    ) throws {
        let workIDs = works ?? books.indices.map { "OL\($0 + 1)W" }
        var byWork: [String: Int] = [:]
        for (index, work) in workIDs.enumerated() { byWork[work] = index }
        var byISBN: [String: Int] = [:]
        var byTitle: [String: Int] = [:]
        for (index, book) in books.enumerated() {
            for isbn in book.knownISBNs { byISBN[isbn] = index }
            byTitle[Self.normalized(book.title)] = index
        }
        let catalogue = books
        let (isbnIndex, titleIndex, workIndex) = (byISBN, byTitle, byWork)
        server = try LoopbackServer { request in
            if request.path == "/search.json" {
                let query = request.query["q"] ?? ""
                var matched: [Int] = []
                for term in query.components(separatedBy: " OR ") {
                    if term.hasPrefix("isbn:"), let index = isbnIndex[String(term.dropFirst(5))] {
                        matched.append(index)
                    } else if term.hasPrefix("key:/works/"), let index = workIndex[String(term.dropFirst(11))] {
                        matched.append(index)
                    } else if let start = term.range(of: "title:\""),
                        let end = term[start.upperBound...].firstIndex(of: "\""),
                        let index = titleIndex[Self.normalized(String(term[start.upperBound..<end]))]
                    {
                        matched.append(index)
                    }
                }
                let docs = matched.map { index -> [String: Any] in
                    let book = catalogue[index]
                    var doc: [String: Any] = [
                        "key": "/works/\(workIDs[index])", "title": book.title, "author_name": [book.author],
                        "isbn": book.knownISBNs,
                    ]
                    if let cover = book.coverID { doc["cover_i"] = cover }
                    if let pages = book.openLibraryPages { doc["number_of_pages_median"] = pages }
                    return doc
                }
                let body = try! JSONSerialization.data(withJSONObject: [
                    "numFound": docs.count, "start": 0, "docs": docs,
                ])
                return LoopbackServer.Reply(headers: ["Content-Type": "application/json"], body: body, delay: apiDelay)
            }
            if request.path.hasPrefix("/b/id/"), let id = Int(request.path.dropFirst(6).prefix { $0.isNumber }) {
                if !coverImages.isEmpty {
                    return LoopbackServer.Reply(
                        headers: ["Content-Type": "image/jpeg"], body: coverImages[id % coverImages.count],
                        delay: coverDelay)
                }
                let png = DecodablePNG.make(
                    width: 60, height: 90, red: UInt8(id % 251), green: UInt8(id / 251 % 251),
                    blue: UInt8(id / 63001 % 251))
                return LoopbackServer.Reply(headers: ["Content-Type": "image/png"], body: png, delay: coverDelay)
            }
            return LoopbackServer.Reply(
                status: 404, headers: ["Content-Type": "application/json"], body: Data(#"{"error": "notfound"}"#.utf8))
        }
    }

    public var baseURL: URL { server.baseURL }

    /// `search.json` calls so far, in arrival order.
    public var searchRequests: [LoopbackServer.Request] { server.requests.filter { $0.path == "/search.json" } }
    public var coverRequests: [LoopbackServer.Request] { server.requests.filter { $0.path.hasPrefix("/b/id/") } }

    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }
}
