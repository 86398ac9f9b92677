import Foundation

/// Turns a shelf's RSS feed (`review/list_rss/USER?shelf=…&page=N`) into `ShelfItem`s, through
/// the same hardened libxml2 layer as the API (no DTDs, no entities, 10 MiB cap).
///
/// Feeds in the wild are not always what they say: some begin with a UTF-16 byte-order mark
/// while declaring `encoding="UTF-8"`. Such a body is re-encoded as UTF-8, its declaration
/// dropped, before parsing. A page past the last is an empty channel: no items, not an error.
enum ShelfFeedDecoder {
    /// The items of one feed page, in the feed's order; items without a book id or title are
    /// skipped and counted.
    static func items(from data: Data) throws(ShelfFeedError) -> (items: [ShelfItem], skipped: Int) {
        let body = utf8(data)
        switch BodySniffer.kind(of: body) {
        case .text(let preview): throw .notXML(preview: preview)
        case .html: throw .htmlPage
        case .markup: break
        }
        let document: XMLDocument
        do {
            document = try XMLDocument(data: body)
        } catch {
            throw .unreadableXML(error)
        }
        guard let root = document.root else { throw .notAFeed(root: "(none)") }
        if root.hasName("html") { throw .htmlPage }
        guard root.hasName("rss"), let channel = root.child("channel") else {
            throw .notAFeed(root: BodySniffer.printable(root.name, limit: 60))
        }
        var items: [ShelfItem] = []
        var skipped = 0
        for element in channel.children where element.hasName("item") {
            if let item = item(from: element) { items.append(item) } else { skipped += 1 }
        }
        return (items, skipped)
    }

    static func item(from element: XMLElement) -> ShelfItem? {
        var bookID: Int?
        var title: String?
        var large: String?
        var image: String?
        var item = ShelfItem(bookID: 0, title: "")
        for field in element.children {
            if field.hasName("book_id") {
                bookID = field.integer
            } else if field.hasName("title") {
                title = field.text
            } else if field.hasName("author_name") {
                item.authorName = field.text
            } else if field.hasName("isbn") {
                item.isbn = field.text
            } else if field.hasName("book_large_image_url") {
                large = field.text
            } else if field.hasName("book_image_url") {
                image = field.text
            } else if field.hasName("book_description") {
                item.descriptionHTML = field.text
            } else if field.hasName("average_rating") {
                item.averageRating = field.double
            } else if field.hasName("book_published") {
                item.publishedYear = field.integer
            } else if field.hasName("book") {
                item.pageCount = field.child("num_pages")?.integer
            } else if field.hasName("user_read_at") {
                let text = field.text
                item.readDay = readDay(text)
            } else if field.hasName("user_rating") {
                item.userRating = field.integer.flatMap { (1...5).contains($0) ? $0 : nil }
            }
        }
        guard let bookID, bookID > 0, let title, !title.isEmpty else { return nil }
        item.bookID = bookID
        item.title = title
        item.imageURL = large ?? image
        return item
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The day an RFC 822 date ("Tue, 11 Aug 2026 00:00:00 +0000") names, as written (`2026-08-11`):
    /// the reader's own calendar, not converted to another zone.
    static func readDay(_ text: String?) -> String? {
        guard let text, let range = text.range(of: #"\b\d{1,2} [A-Za-z]{3} \d{4}\b"#, options: .regularExpression)
        else { return nil }
        let parts = text[range].split(separator: " ")
        guard parts.count == 3, let day = Int(parts[0]), let month = months.firstIndex(of: parts[1].lowercased()),
            let year = Int(parts[2])
        else { return nil }
        return Reading.day(year: year, month: month + 1, day: day)
    }

    /// `data` as UTF-8: a UTF-16 body (by its byte-order mark) is converted and its XML
    /// declaration, which would name the wrong encoding, removed.
    static func utf8(_ data: Data) -> Data {
        guard data.count >= 2 else { return data }
        let bom = (data[data.startIndex], data[data.startIndex + 1])
        guard bom == (0xFF, 0xFE) || bom == (0xFE, 0xFF) else { return data }
        guard var text = String(data: data, encoding: .utf16) else { return data }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") {
            text.removeSubrange(text.startIndex..<end.upperBound)
        }
        return Data(text.utf8)
    }
}
