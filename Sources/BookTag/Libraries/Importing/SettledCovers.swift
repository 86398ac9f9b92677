import Foundation

/// What an import has settled of each book's cover, for every tag of one export: 4 bytes a book
/// in memory, each cover found (its file, identity and what the search said) in a scratch file.
final class SettledCovers {
    /// The host an earlier look-up of this import could not reach: later tags look nothing up.
    var unreachableHost: String?

    /// A book's cover, once settled.
    enum State {
        /// `named`: what the search said of the book (the title and author a reading log does
        /// not give, the work's page count).
        case file(CoverFile, identity: BookID, url: String?, named: Named? = nil)
        /// No cover anywhere; `identity` and `named` where a search still knew the book (an
        /// Open Library work without a cover), for the cover drawn in its place.
        case missing(identity: BookID? = nil, named: Named? = nil)

        /// No cover, and nothing known of the book beyond its row.
        static let missing = State.missing()
    }

    /// What the search said of a book.
    struct Named: Codable, Sendable {
        var title: String
        var author: String?
        /// Open Library's median page count of the work the search matched.
        var pages: Int?
    }

    private struct Found: Codable, Sendable {
        /// `nil` for a book without a cover that a search knew.
        var file: CoverFile?
        var identity: BookID
        var url: String?
        var named: Named?
    }

    private static let unsettled: Int32 = -1
    private static let missing: Int32 = -2
    /// Per book: unsettled, missing, the number of its record in `spill`, or for a missing book
    /// a search knew, `-3 - number`.
    private var slots: [Int32]
    private let spill: RecordSpill<Found>

    /// Nothing settled yet of `books` books; the scratch file goes in `folder`.
    init(books: Int, spillingIn folder: URL) throws {
        slots = Array(repeating: Self.unsettled, count: books)
        spill = try RecordSpill(in: folder)
    }

    /// Whether `book`'s cover is settled, either way.
    func isSettled(_ book: Int32) -> Bool { slots[Int(book)] != Self.unsettled }
    /// Whether `book` has no cover.
    func isMissing(_ book: Int32) -> Bool { slots[Int(book)] <= Self.missing }
    /// Whether `book` has a cover.
    func hasCover(_ book: Int32) -> Bool { slots[Int(book)] >= 0 }

    /// `book`'s state; `nil` while unsettled.
    func state(_ book: Int32) throws -> State? {
        switch slots[Int(book)] {
        case Self.unsettled: nil
        case Self.missing: .missing
        case let number where number < Self.missing:
            try Self.state(spill.record(-3 - number))
        case let number:
            try Self.state(spill.record(number))
        }
    }

    private static func state(_ found: Found) -> State {
        guard let file = found.file else { return .missing(identity: found.identity, named: found.named) }
        return .file(file, identity: found.identity, url: found.url, named: found.named)
    }

    /// Settles `book`.
    func settle(_ book: Int32, _ state: State) throws {
        switch state {
        case .missing(let identity?, let named):
            slots[Int(book)] = -3 - (try spill.append(Found(file: nil, identity: identity, url: nil, named: named)))
        case .missing(nil, _): slots[Int(book)] = Self.missing
        case .file(let file, let identity, let url, let named):
            slots[Int(book)] = try spill.append(Found(file: file, identity: identity, url: url, named: named))
        }
    }
}
