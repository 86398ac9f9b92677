import Foundation

/// Why the store refused or failed an operation.
public enum StoreError: Error, Equatable, Sendable {
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

extension StoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case let .tagExists(name):
            "the tag \"\(name)\" already exists: use 'booktag reroll \(name)' for other books"
        case let .tagNotFound(name):
            "there is no tag \"\(name)\": 'booktag list' shows the tags you have"
        case let .notAnImage(title):
            "the cover of \"\(title)\" is not a JPEG, PNG, GIF or WebP image; it was not kept"
        case let .duplicateBook(id):
            "the book \(id) appears twice in one set"
        case .emptySet:
            "a tag needs at least one book; nothing was stored"
        case let .database(message):
            "the store failed: \(message)"
        case let .files(message):
            "cannot write cover files: \(message)"
        }
    }
}
