import Foundation
import GRDB

/// Any failure of booktag's, as one line, its class and its advice. Each face words the class
/// its own way: the command line as an exit status, serve as an HTTP status; the line is the
/// same on both, and each words the advice with its own options or forms.
public struct BookTagFailure: BookTagError, Equatable {
    /// What went wrong, from the reader's side.
    public enum Kind: Sendable, Equatable, CaseIterable {
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
    /// One line that says what went wrong, in words every face can show.
    public let message: String
    /// What the reader can change, for the face to word.
    public let advice: Advice?

    /// A failure of class `kind`.
    public init(_ kind: Kind, _ message: String, advice: Advice? = nil) {
        self.kind = kind
        self.message = message
        self.advice = advice
    }

    /// The message.
    public var errorDescription: String? { message }

    /// The class, line and advice of any error booktag's library throws: its own errors say
    /// theirs; SQLite's and the file system's are the store's; cancellation is an interruption.
    public init(classifying error: any Error) {
        switch error {
        case let failure as BookTagFailure:
            self = failure
        case let error as any BookTagError:
            self.init(error.kind, error.localizedDescription, advice: error.advice)
        case is CancellationError:
            self.init(.interrupted, "interrupted: nothing was changed")
        case is DatabaseError, is RecordError, is RowDecodingError:
            self.init(.store, "the store failed: \(error.localizedDescription)")
        case is CocoaError, is POSIXError:
            self.init(.store, error.localizedDescription)
        default:
            self.init(.data, error.localizedDescription)
        }
    }
}
