import Foundation

/// Why a reader's Open Library reading log could not be read.
public enum OpenLibraryShelfError: Error, Equatable, Sendable {
    /// No such reader, or their reading log is private: Open Library answers both alike.
    case notPublic(String)
}

extension OpenLibraryShelfError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case let .notPublic(shelf):
            "Open Library has no public reading log \(shelf): check the username (openlibrary.org/people/NAME) and that the reader made their reading log public"
        }
    }
}
