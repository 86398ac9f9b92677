import Foundation

/// Turns Open Library's JSON answers into model values, with Foundation's `JSONDecoder`.
///
/// Bodies are looked at before decoding (an HTML error page is not JSON). The envelope of an
/// answer must have its shape (`work_count` a number, `works` a list); a work or field that is
/// odd is skipped or left out, never fatal.
public enum OpenLibraryDecoder {
    /// Decodes a `/subjects/{subject}.json` page fetched with `offset` and `limit`. Works without
    /// a `/works/OL…W` key or a title are skipped and counted.
    public static func subjectPage(from data: Data, offset: Int, limit: Int, coversURL: URL) throws(OpenLibraryError)
        -> SearchPage
    {
        let response = try decode(SubjectResponse.self, from: data)
        guard response.workCount >= 0 else { throw .unexpectedShape("work_count is negative") }
        var works: [SearchWork] = []
        var skipped = 0
        for entry in response.works {
            guard let work = entry.value, let id = BookID.openLibraryWorkID(work.key.split(separator: "/").last ?? ""),
                work.key.hasPrefix("/works/"), !work.title.isEmpty
            else {
                skipped += 1
                continue
            }
            works.append(
                SearchWork(
                    id: .openLibrary(id), title: work.title, authorName: work.authorNames.first,
                    imageURL: work.coverID.flatMap { coverURL(id: $0, base: coversURL) },
                    originalPublicationYear: work.firstPublishYear))
        }
        let start = offset + 1
        return SearchPage(
            query: nil, resultsStart: start, resultsEnd: offset + response.works.count,
            totalResults: max(response.workCount, offset + response.works.count),
            works: works, skippedWorks: skipped, pageSizeAsked: limit)
    }

    /// The address of cover `id` at its large size; `?default=false` makes a missing cover a 404
    /// instead of a blank stand-in. `nil` for ids that are not covers (Open Library writes -1).
    public static func coverURL(id: Int, base: URL) -> String? {
        guard id > 0 else { return nil }
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        return "\(root)/b/id/\(id)-L.jpg?default=false"
    }

    static func edition(from data: Data) throws(OpenLibraryError) -> EditionRecord {
        try decode(EditionRecord.self, from: data)
    }

    static func work(from data: Data) throws(OpenLibraryError) -> WorkRecord {
        try decode(WorkRecord.self, from: data)
    }

    static func author(from data: Data) throws(OpenLibraryError) -> AuthorRecord {
        try decode(AuthorRecord.self, from: data)
    }

    static func ratings(from data: Data) throws(OpenLibraryError) -> RatingsRecord {
        try decode(RatingsRecord.self, from: data)
    }

    /// The first four-digit year in a date as Open Library writes them ("October 1, 1988", "1988", "c1990").
    static func year(in date: String?) -> Int? {
        guard let date, let range = date.range(of: #"(?<!\d)\d{4}(?!\d)"#, options: .regularExpression) else {
            return nil
        }
        return Int(date[range])
    }

    // MARK: - Decoding

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(OpenLibraryError) -> T {
        try sniff(data)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw .malformedJSON(BodySniffer.printable(error.localizedDescription, limit: 120))
        }
    }

    /// Refuses what is plainly not JSON before the decoder sees it, with the right words.
    private static func sniff(_ data: Data) throws(OpenLibraryError) {
        let kind: BodySniffer.Kind? = data.withUnsafeBytes { raw in
            let body = XMLDocument.skippingLeadingWhitespace(raw)
            guard let first = body.first else { return .text(preview: "(an empty body)") }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return nil }
            return BodySniffer.kind(of: data)
        }
        switch kind {
        case nil: return
        case .html: throw .htmlPage
        case .text(let preview): throw .notJSON(preview: preview)
        case .markup: throw .notJSON(preview: "an XML document")
        }
    }

    /// One line that names where the answer went wrong.
    private static func describe(_ error: DecodingError) -> OpenLibraryError {
        func path(_ context: DecodingError.Context, _ last: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            let parts = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return parts.hasPrefix(".") ? String(parts.dropFirst()) : parts
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .unexpectedShape("\(path(context, key)) is missing")
        case .valueNotFound(_, let context):
            return .unexpectedShape("\(path(context)) is null")
        case .typeMismatch(let type, let context):
            let place = path(context)
            let expected: String
            switch type {
            case is any StringProtocol.Type: expected = "a string"
            case is Int.Type, is Double.Type, is Bool.Type: expected = "a number"
            case is any Collection.Type: expected = "a list"
            default: expected = "an object"
            }
            return .unexpectedShape(place.isEmpty ? "the answer is not a JSON object" : "\(place) is not \(expected)")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
                return .malformedJSON(BodySniffer.printable(detail, limit: 120))
            }
            return .unexpectedShape("\(path(context)) is unreadable")
        @unknown default:
            return .unexpectedShape("the answer could not be decoded")
        }
    }
}
