import Foundation

/// Why a reader's Open Library reading log could not be read.
public enum OpenLibraryShelfError: BookTagError, Equatable {
    /// No such reader, or their reading log is private: Open Library answers both alike.
    case notPublic(String)
}

extension OpenLibraryShelfError {
    /// No such reader or shelf to be read.
    public var kind: BookTagFailure.Kind {
        .notFound
    }

    public var errorDescription: String? {
        switch self {
        case .notPublic(let shelf):
            "Open Library has no public reading log \(shelf): check the username (openlibrary.org/people/NAME) and that the reader made their reading log public"
        }
    }
}
