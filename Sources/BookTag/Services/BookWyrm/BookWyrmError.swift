import Foundation

/// What a BookWyrm instance refused, in words that say what to do.
public enum BookWyrmError: BookTagError, Equatable {
    /// 401, 403 or 404: the shelf is private, or there is no such reader or shelf.
    case notPublic(shelf: String)
    /// The instance answered something that is not ActivityPub JSON (a web page, another server).
    case notBookWyrm(instance: String)
    /// A collection pointing to its pages on another host.
    case foreignPage(instance: String)
    /// BookWyrm's shelves carry no read dates.
    case noReadDates
}

extension BookWyrmError {
    public var kind: BookTagFailure.Kind {
        switch self {
        case .notPublic: .notFound
        case .notBookWyrm, .foreignPage: .api
        case .noReadDates: .usage
        }
    }

    public var advice: Advice? {
        if case .noReadDates = self { return .importTheExportForTheYear }
        return nil
    }

    public var errorDescription: String? {
        switch self {
        case .notPublic(let shelf):
            "the BookWyrm shelf \(shelf) is private or does not exist: check the name, or make the shelf public"
        case .notBookWyrm(let instance):
            "\(instance) did not answer as a BookWyrm instance: check the part after @"
        case .foreignPage(let instance):
            "\(instance) sent a shelf whose pages are on another server; nothing was stored"
        case .noReadDates:
            "a BookWyrm shelf says nothing of when books were read: BookWyrm's CSV export has the days"
        }
    }
}
