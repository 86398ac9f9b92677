import Foundation

/// Why the store refused or failed an operation.
public enum StoreError: Error, Equatable, Sendable {
    case tagExists(String)
    case tagNotFound(String)
    case notAnImage(title: String)
    case duplicateBook(BookID)
    case emptySet
    case database(String)
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
