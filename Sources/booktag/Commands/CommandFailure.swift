import BookTag
import Foundation

/// A failure the command reports as one `error:` line with an exit status for its class.
struct CommandFailure: Error {
    /// Exit statuses, one per class of failure (documented in docs/contract.md); the numbers follow
    /// BSD's sysexits.h where one fits.
    enum Status: Int32, CaseIterable {
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

    let status: Status
    let message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

extension CommandFailure {
    /// Runs `body`, turning library errors into a failure of the right class.
    static func checking<T>(_ body: () throws -> T) throws -> T {
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

    /// The exit status of the library's class of `error`, with its line.
    static func classify(_ error: any Error) -> CommandFailure {
        if let failure = error as? CommandFailure { return failure }
        let failure = BookTagFailure(classifying: error)
        let status: Status =
            switch failure.kind {
            case .usage: .usage
            case .data: .data
            case .notFound: .notFound
            case .network: .network
            case .store: .store
            case .api: .api
            case .config: .config
            case .interrupted: .interrupted
            }
        return CommandFailure(status, failure.message)
    }
}
