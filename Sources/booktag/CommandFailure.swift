import BookTag
import Foundation

/// A failure the command reports as one `error:` line with an exit status for its class.
package struct CommandFailure: Error {
    /// Exit statuses, one per class of failure (documented in docs/contract.md); the numbers follow
    /// BSD's sysexits.h where one fits.
    package enum Status: Int32, CaseIterable {
        /// A bad argument, tag or ISBN (EX_USAGE).
        case usage = 64
        /// A file given to booktag is not what it should be (EX_DATAERR).
        case data = 65
        /// No such tag, book or file, or no books for a tag (EX_NOINPUT).
        case notFound = 66
        /// The source could not be reached, or a replay lacks an answer (EX_UNAVAILABLE).
        case network = 69
        /// The store or a file under the home could not be read or written (EX_IOERR).
        case store = 74
        /// The source answered, but with an error, a rate limit or something unusable (EX_PROTOCOL).
        case api = 76
        /// config.json or the environment is wrong, or the API key is missing (EX_CONFIG).
        case config = 78
        /// Ctrl-C or SIGTERM (128 + SIGINT).
        case interrupted = 130
    }

    package let status: Status
    package let message: String

    package init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

extension CommandFailure {
    /// Runs `body`, turning library errors into a failure of the right class.
    package static func checking<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw classify(error)
        }
    }

    /// Whether `error` comes from booktag (or the system), not from ArgumentParser.
    static func isBooktagError(_ error: any Error) -> Bool {
        !String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    /// The class of any error booktag's library throws.
    package static func classify(_ error: any Error) -> CommandFailure {
        let message = error.localizedDescription
        switch error {
        case let failure as CommandFailure:
            return failure
        case let error as StoreError:
            if case .tagNotFound = error { return CommandFailure(.notFound, message) }
            if case .notAnImage = error { return CommandFailure(.api, message) }
            return CommandFailure(.store, message)
        case let error as ShelfFeedError:
            if case .noSuchShelf = error { return CommandFailure(.notFound, message) }
            return CommandFailure(.api, message)
        case let error as ExportError:
            if case .cannotOpen = error { return CommandFailure(.notFound, message) }
            return CommandFailure(.data, message)
        case is TagNameError, is ISBNError, is ShelfReferenceError:
            return CommandFailure(.usage, message)
        case is ConfigError:
            return CommandFailure(.config, message)
        case is GatheringError:
            return CommandFailure(.notFound, message)
        case let error as FetchError:
            switch error {
            case .cannotReach, .timedOut, .connectionLost, .notRecorded, .recording, .other:
                return CommandFailure(.network, message)
            case .notFound:
                return CommandFailure(.notFound, message)
            case .bodyTooLarge, .unsafeRedirect, .tooManyRedirects, .unauthorized, .rateLimited, .serverError, .httpStatus:
                return CommandFailure(.api, message)
            }
        case let error as BookSourceError:
            if case .bookNotFound = error { return CommandFailure(.notFound, message) }
            return CommandFailure(.usage, message)
        case is GoodreadsError, is XMLError, is OpenLibraryError:
            return CommandFailure(.api, message)
        case is CollageOptionError:
            return CommandFailure(.usage, message)
        case let error as DropError:
            switch error {
            case .cannotReplaceExport, .wouldEmpty: return CommandFailure(.usage, message)
            case .notInTag, .positionOutOfRange: return CommandFailure(.notFound, message)
            }
        case is CancellationError:
            return CommandFailure(.interrupted, "interrupted: nothing was changed")
        case is CocoaError, is POSIXError:
            return CommandFailure(.store, message)
        case _ where String(reflecting: type(of: error)).hasPrefix("GRDB."):
            return CommandFailure(.store, "the store failed: \(message)")
        default:
            return CommandFailure(.data, message)
        }
    }
}
