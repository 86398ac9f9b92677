import Foundation

/// Why the store refused or failed an operation.
public enum StoreError: BookTagError, Equatable {
    /// `createTag` of a tag that exists.
    case tagExists(String)
    /// No tag of that name.
    case tagNotFound(String)
    /// A book's cover is not an image.
    case notAnImage(title: String)
    /// A set names a book twice.
    case duplicateBook(BookID)
    /// A set of no books.
    case emptySet
    /// SQLite failed, with its message.
    case database(String)
    /// A cover file could not be written.
    case files(String)
}

extension StoreError {
    /// A missing tag is not found; a cover that is no image is the source's fault.
    public var kind: BookTagFailure.Kind {
        switch self {
        case .tagNotFound: .notFound
        case .notAnImage: .api
        case .tagExists, .duplicateBook, .emptySet, .database, .files: .store
        }
    }

    /// What the reader can change.
    public var advice: Advice? {
        switch self {
        case .tagExists(let name): .rerollInstead(tag: name)
        case .tagNotFound: .listTheTags
        default: nil
        }
    }

    public var errorDescription: String? {
        switch self {
        case .tagExists(let name):
            "the tag \"\(name)\" already exists"
        case .tagNotFound(let name):
            "there is no tag \"\(name)\""
        case .notAnImage(let title):
            "the cover of \"\(title)\" is not a JPEG, PNG, GIF or WebP image; it was not kept"
        case .duplicateBook(let id):
            "the book \(id) appears twice in one set"
        case .emptySet:
            "a tag needs at least one book; nothing was stored"
        case .database(let message):
            "the store failed: \(message)"
        case .files(let message):
            "cannot write cover files: \(message)"
        }
    }
}
