import BookTag
import Foundation

/// A failure the command reports as one `error:` line with an exit status for its class.
struct CommandFailure: Error {
    /// The library's classes of failure, each with its exit status.
    typealias Status = BookTagFailure.Kind

    let status: Status
    let message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

extension BookTagFailure.Kind {
    /// The command line's one table from class to exit status (documented in docs/contract.md);
    /// the numbers follow BSD's sysexits.h where one fits.
    var exitStatus: Int32 {
        switch self {
        case .usage: 64  // EX_USAGE: a bad argument, tag or ISBN
        case .data: 65  // EX_DATAERR: a file given to booktag is not what it should be
        case .notFound: 66  // EX_NOINPUT: no such tag, book or file, or no books for a tag
        case .network: 69  // EX_UNAVAILABLE: the source could not be reached, or a replay lacks an answer
        case .store: 74  // EX_IOERR: the store or a file under the home could not be read or written
        case .api: 76  // EX_PROTOCOL: the source answered with an error, a rate limit or something unusable
        case .config: 78  // EX_CONFIG: config.json or the environment is wrong, or the API key is missing
        case .interrupted: 130  // 128 + SIGINT: Ctrl-C or SIGTERM
        }
    }
}

extension CommandFailure {
    /// The exit status of the library's class of `error`, with its line and advice.
    static func classify(_ error: any Error) -> CommandFailure {
        if let failure = error as? CommandFailure { return failure }
        let failure = BookTagFailure(classifying: error)
        return CommandFailure(failure.kind, failure.commandLineMessage)
    }
}

extension BookTagFailure {
    /// The library's line with its advice in the command line's words.
    var commandLineMessage: String { message + (advice?.commandLineWords ?? "") }
}
