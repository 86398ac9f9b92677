import Foundation

/// Any failure of booktag's, as one line and its class. Each face words the class its own way:
/// the command line as an exit status, serve as an HTTP status; the line is the same on both.
public struct BookTagFailure: Error, LocalizedError, Sendable, Equatable {
    /// What went wrong, from the reader's side.
    public enum Kind: Sendable, Equatable {
        /// A bad argument, field, tag or ISBN.
        case usage
        /// A file given to booktag is not what it should be.
        case data
        /// No such tag, book or file, or no books for a tag.
        case notFound
        /// The source could not be reached, or a replay lacks an answer.
        case network
        /// The store or a file under the home could not be read or written.
        case store
        /// The source answered, but with an error, a rate limit or something unusable.
        case api
        /// config.json or the environment is wrong, or the API key is missing.
        case config
        /// Ctrl-C, SIGTERM or a server stopping: nothing was changed.
        case interrupted
    }

    /// The class.
    public let kind: Kind
    /// One line that says what to do.
    public let message: String

    /// A failure of class `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var errorDescription: String? { message }

    /// The class and line of any error booktag's library throws.
    public init(classifying error: any Error) {
        let message = error.localizedDescription
        switch error {
        case let failure as BookTagFailure:
            self = failure
        case let error as StoreError:
            if case .tagNotFound = error { self.init(.notFound, message); return }
            if case .notAnImage = error { self.init(.api, message); return }
            self.init(.store, message)
        case is OpenLibraryShelfError:
            self.init(.notFound, message)
        case let error as ShelfFeedError:
            if case .noSuchShelf = error { self.init(.notFound, message); return }
            self.init(.api, message)
        case let error as ExportError:
            if case .cannotOpen = error { self.init(.notFound, message); return }
            self.init(.data, message)
        case is TagNameError, is ISBNError, is ShelfReferenceError, is CollageOptionError:
            self.init(.usage, message)
        case is ConfigError:
            self.init(.config, message)
        case let error as GatheringError:
            // A tag from an export cannot be gathered for: a request to refuse, not a missing thing.
            if case .notGatherable = error { self.init(.usage, message); return }
            self.init(.notFound, message)
        case let error as FetchError:
            switch error {
            case .cannotReach, .timedOut, .connectionLost, .notRecorded, .recording, .other:
                self.init(.network, message)
            case .notFound:
                self.init(.notFound, message)
            case .bodyTooLarge, .unsafeRedirect, .tooManyRedirects, .unauthorized, .rateLimited, .serverError, .httpStatus:
                self.init(.api, message)
            }
        case let error as BookSourceError:
            if case .bookNotFound = error { self.init(.notFound, message); return }
            self.init(.usage, message)
        case is GoodreadsError, is XMLError, is OpenLibraryError:
            self.init(.api, message)
        case let error as DropError:
            switch error {
            case .cannotReplaceExport, .wouldEmpty: self.init(.usage, message)
            case .notInTag, .positionOutOfRange: self.init(.notFound, message)
            }
        case is CancellationError:
            self.init(.interrupted, "interrupted: nothing was changed")
        case is CocoaError, is POSIXError:
            self.init(.store, message)
        case _ where String(reflecting: type(of: error)).hasPrefix("GRDB."):
            self.init(.store, "the store failed: \(message)")
        default:
            self.init(.data, message)
        }
    }
}
